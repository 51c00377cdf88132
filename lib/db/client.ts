import path from "node:path";
import fs from "node:fs";
import type { Db } from "./types";
import * as schema from "@/drizzle/schema";
import { env } from "@/lib/env";
import { assertDatabaseUp, registerDatabaseProbe } from "./outage";
import { acquirePgliteLock } from "./pglite-lock";
import { prepareByDefault } from "./prepare-by-default";
import { retryTerminated } from "./retry-terminated";

export type { Schema, Db, Tx, DbOrTx } from "./types";

export const MIGRATIONS_FOLDER = path.join(process.cwd(), "drizzle", "migrations");

/** Stops a LISTEN subscription. */
export type Unlisten = () => Promise<void>;

interface DbHandle {
  db: Db;
  driver: "postgres" | "pglite";
  close: () => Promise<void>;
  /**
   * LISTEN on `channel` (use lib/db/notify.ts rather than calling this directly).
   * `onListen` runs each time the subscription is (re)established: notifications sent
   * while it was down are lost, so caches drop everything there.
   */
  listen: (channel: string, onPayload: (payload: string) => void, onListen?: () => void) => Promise<Unlisten>;
  /** Postgres only: one `select 1` on a fresh connection (the outage probe, lib/db/outage.ts). */
  probe?: () => Promise<void>;
}

// Dev-server hot reloads re-evaluate modules; the handle lives on globalThis so
// one process keeps one pool (create-t3-app's pattern).
const globalForDb = globalThis as unknown as { __dbHandle?: Promise<DbHandle> };

/** Seconds before the next connection attempt after `retries` failed ones: 0.05 s doubling, capped at 0.2 s, jittered. */
export function reconnectDelaySeconds(retries: number): number {
  return Math.min(0.05 * 2 ** retries, 0.2) * (0.5 + Math.random() / 2);
}

export async function openPostgres(
  url: string,
  opts: { max?: number; connectTimeoutMs?: number } = {},
): Promise<DbHandle> {
  const { default: postgres } = await import("postgres");
  const { drizzle } = await import("drizzle-orm/postgres-js");
  // connect_timeout (DATABASE_CONNECT_TIMEOUT_MS, 1 s): an unreachable server is detected within it,
  // and from then on requests fail at once on the shared "database down" state (lib/db/outage.ts)
  // until a probe succeeds; so no request waits out a connect attempt of its own.
  // backoff: postgres-js waits between reconnect attempts (shared by the pool), 3x per failure up to
  // 20 s by default, and queries queue meanwhile. Capped at 0.2 s: while down the state keeps
  // requests off the pool (no stampede), and once the probe succeeds the pool reconnects at once.
  // prepareByDefault: drizzle runs unnamed statements unprepared (two round trips each); see the file.
  const connectTimeout = (opts.connectTimeoutMs ?? env().DATABASE_CONNECT_TIMEOUT_MS) / 1000;
  // retryTerminated: a statement cut off by an idle connection Postgres terminated is sent once more
  // on a fresh one (lib/db/retry-terminated.ts), not taken for an outage.
  const client = retryTerminated(
    prepareByDefault(
      postgres(url, {
        max: opts.max ?? 10,
        onnotice: () => {},
        prepare: true,
        connect_timeout: connectTimeout,
        backoff: reconnectDelaySeconds,
      }),
    ),
  );
  const db = drizzle(client, { schema }) as unknown as Db;
  return {
    db,
    driver: "postgres",
    close: () => client.end({ timeout: 5 }),
    // postgres-js keeps one dedicated connection for all LISTENs and re-LISTENs after a reconnect.
    listen: async (channel, onPayload, onListen) => {
      const sub = await client.listen(channel, onPayload, onListen);
      return () => sub.unlisten();
    },
    probe: async () => {
      // A fresh connection, not the pool: it answers as soon as the server does (no queue, no backoff).
      const one = postgres(url, { max: 1, onnotice: () => {}, connect_timeout: connectTimeout, idle_timeout: 1 });
      try {
        await one`select 1`;
      } finally {
        await one.end({ timeout: 0 }).catch(() => {});
      }
    },
  };
}

/**
 * `loadDataDir`: start from a dumped, already migrated data directory (PGlite's `dumpDataDir`)
 * instead of migrating: the test harness migrates once per run and hands each file a copy.
 */
export async function openPglite(dir: string, opts: { migrate?: boolean; loadDataDir?: Blob } = {}): Promise<DbHandle> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const onDisk = !dir.startsWith("memory://");
  // One process per directory (lib/db/pglite-lock.ts): throws DatabaseLockedError when held.
  const release = onDisk ? acquirePgliteLock(dir) : () => {};
  if (onDisk) fs.mkdirSync(dir, { recursive: true });
  const client = new PGlite(dir, opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {});
  const db = drizzle(client, { schema }) as unknown as Db;
  try {
    await client.waitReady;
    if (opts.migrate !== false) {
      if (!opts.loadDataDir) {
        const { migrate } = await import("drizzle-orm/pglite/migrator");
        await migrate(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
      }
      // Today's log partitions before the first insert (the hourly job keeps them ahead afterwards).
      const { createLogPartitions } = await import("./partition-ddl");
      await createLogPartitions(new Date(), db);
    }
  } catch (err) {
    await client.close().catch(() => {});
    release();
    throw err;
  }
  return {
    db,
    driver: "pglite",
    listen: async (channel, onPayload, onListen) => {
      const unlisten = await client.listen(channel, onPayload);
      onListen?.();
      return unlisten;
    },
    close: async () => {
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
}

async function openFromEnv(): Promise<DbHandle> {
  const e = env();
  if (e.DATABASE_URL) return openPostgres(e.DATABASE_URL);
  // Embedded default: PGlite migrates itself on first use.
  return openPglite(e.PGLITE_DIR);
}

export function getDbHandle(): Promise<DbHandle> {
  if (!globalForDb.__dbHandle) {
    const opening: Promise<DbHandle> = openFromEnv().then(
      (h) => {
        // The process-wide handle's probe is the one the outage state uses, unless another handle was
        // installed while this one opened (setDbHandle): its probe stays registered, not this one's.
        if (globalForDb.__dbHandle === opening) registerDatabaseProbe(h.probe);
        return h;
      },
      (err) => {
        if (globalForDb.__dbHandle === opening) globalForDb.__dbHandle = undefined;
        throw err;
      },
    );
    globalForDb.__dbHandle = opening;
  }
  return globalForDb.__dbHandle;
}

/** The process-wide database; throws DatabaseDownError (a 503) at once while it is known to be down (lib/db/outage.ts). */
export async function getDb(): Promise<Db> {
  assertDatabaseUp();
  return (await getDbHandle()).db;
}

const databaseChangeListeners = new Set<() => void>();

/**
 * Process caches of rows read from the process-wide database register their clear here. Installing
 * or closing that database (a test file's own, a script's) empties them: trip 1's itinerary or a
 * cell's newest snapshot read from one database says nothing about another.
 */
export function onDatabaseChange(clear: () => void): void {
  databaseChangeListeners.add(clear);
}

function databaseChanged(): void {
  for (const clear of databaseChangeListeners) clear();
}

/** Tests and scripts install their own database as the process-wide one. */
export function setDbHandle(handle: DbHandle | undefined): void {
  registerDatabaseProbe(handle?.probe);
  globalForDb.__dbHandle = handle ? Promise.resolve(handle) : undefined;
  databaseChanged();
}

export async function closeDb(): Promise<void> {
  const h = globalForDb.__dbHandle;
  globalForDb.__dbHandle = undefined;
  registerDatabaseProbe(undefined);
  databaseChanged();
  if (h) await (await h).close();
}

export type { DbHandle };
