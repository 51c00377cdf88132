import { log } from "@/lib/log";
import { isDatabaseUnavailable } from "./errors";

/*
 * The process's shared "database down" state (issue 27). The first statement that fails because
 * Postgres is unreachable (refused, reset, shut down, connect timeout) marks the database down;
 * from then on getDb() throws DatabaseDownError at once, without touching the network, so every
 * request answers 503 service_unavailable in milliseconds instead of each one waiting for its
 * own connect attempt. A probe (a fresh one-connection client, `select 1`) runs every
 * PROBE_INTERVAL_MS while down; the first that succeeds clears the state and requests flow
 * again. 50 ms (issue 40: serve within 100 ms of the database answering): a refused connect costs
 * next to nothing, and a probe is one connection at a time per instance. Only a Postgres handle registers a probe: PGlite is in-process and never "down".
 */
export const PROBE_INTERVAL_MS = 50;

/** Thrown by getDb() while the database is known to be down (classified as unavailable: a 503). */
export class DatabaseDownError extends Error {
  readonly code = "DATABASE_DOWN";
  constructor() {
    super("The database is unreachable (a probe is retrying).");
    this.name = "DatabaseDownError";
  }
}

type Probe = () => Promise<void>;

interface OutageState {
  probe?: Probe;
  downSince: number | null;
  probing: boolean;
  onUp: Array<() => void>;
  outages: number;
}

// On globalThis: every Next bundle in the process shares one state (like the db handle).
const g = globalThis as unknown as { __dbOutage?: OutageState };
const state = (g.__dbOutage ??= { downSince: null, probing: false, onUp: [], outages: 0 });

/** The open Postgres handle registers how to probe it (openPostgres); undefined unregisters. */
export function registerDatabaseProbe(probe: Probe | undefined): void {
  state.probe = probe;
  if (!probe) state.downSince = null;
}

/** Whether requests short-circuit with 503 now. */
export function isDatabaseDown(): boolean {
  return state.downSince !== null;
}

/** Throws DatabaseDownError while the database is known to be down (getDb calls it). */
export function assertDatabaseUp(): void {
  if (state.downSince !== null) throw new DatabaseDownError();
}

/** Outage facts for /metrics and the health check. */
export function databaseOutageStatus(): { down: boolean; downForMs: number; outages: number } {
  return {
    down: state.downSince !== null,
    downForMs: state.downSince === null ? 0 : Date.now() - state.downSince,
    outages: state.outages,
  };
}

/** Runs `fn` each time the database comes back (the request log flushes what it kept). */
export function onDatabaseUp(fn: () => void): void {
  state.onUp.push(fn);
}

/**
 * Every caught database error passes through here (the route helper, MCP, the job runner, the
 * request log): an unreachable database marks the state down and starts the probe. Returns
 * whether the error meant "unreachable".
 */
export function noteDatabaseError(err: unknown): boolean {
  if (!isDatabaseUnavailable(err)) return false;
  if (err instanceof DatabaseDownError || !state.probe) return true;
  if (state.downSince === null) {
    state.downSince = Date.now();
    state.outages++;
    log.warn("database unreachable; requests answer 503 until a probe succeeds", {
      probe_interval_ms: PROBE_INTERVAL_MS,
    });
  }
  if (!state.probing) void probeUntilUp();
  return true;
}

async function probeUntilUp(): Promise<void> {
  state.probing = true;
  try {
    while (state.downSince !== null && state.probe) {
      const started = Date.now();
      try {
        await state.probe();
        const downForMs = Date.now() - state.downSince;
        state.downSince = null;
        log.info("database reachable again", { down_ms: downForMs });
        for (const fn of state.onUp) {
          try {
            fn();
          } catch {
            /* a listener's failure is its own */
          }
        }
        return;
      } catch {
        await new Promise((r) => setTimeout(r, Math.max(0, PROBE_INTERVAL_MS - (Date.now() - started))));
      }
    }
  } finally {
    state.probing = false;
  }
}

/** Resolves true once the database is up (at once when it is), false after `timeoutMs` without it. */
export async function untilDatabaseUp(timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (state.downSince !== null) {
    if (Date.now() >= deadline) return false;
    await new Promise((r) => setTimeout(r, Math.min(PROBE_INTERVAL_MS, Math.max(1, deadline - Date.now()))));
  }
  return true;
}

/**
 * Runs `fn`; when it fails because the database is unreachable, waits (up to `maxWaitMs` in all)
 * for the probe to see it back and runs it again. For work that must not be lost to a restart
 * and is safe to repeat: a lease-guarded record of an attempt the receiver already answered
 * (issue 40: its loss meant the chain was sent again).
 */
export async function surviveOutage<T>(fn: () => Promise<T>, maxWaitMs: number): Promise<T> {
  const deadline = Date.now() + maxWaitMs;
  for (;;) {
    try {
      return await fn();
    } catch (err) {
      if (!noteDatabaseError(err) || Date.now() >= deadline) throw err;
      // Not marked down (no probe registered, or already back): a short pause, not a busy loop.
      if (!isDatabaseDown()) await new Promise((r) => setTimeout(r, PROBE_INTERVAL_MS));
      if (!(await untilDatabaseUp(deadline - Date.now()))) throw err;
    }
  }
}
