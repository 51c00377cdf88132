import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { openPostgres, setDbHandle, MIGRATIONS_FOLDER, type DbHandle } from "@/lib/db/client";
import { queryOne } from "@/lib/db/sql";
import { makeUser } from "@/lib/testing/fixtures";
import { withDatabase } from "@/lib/db/testing/global-setup";
import { emitEvent } from "@/lib/events/emit-event";
import { startReceiver, type Receiver } from "@/lib/webhooks/testing/https-receiver";
import { endpointFor, setWebhookEnv } from "@/lib/webhooks/testing/helpers";
import { skipReason, startCluster, type Cluster } from "./cluster";

/**
 * Postgres down under load, twice: a quick restart (`pg_ctlcluster … restart -m fast`) and a
 * stop, OUTAGE_MS down, start. Meanwhile 8 clients call /v1/usage round-robin, CHAINS webhook
 * chains are queued and in flight, and /api/healthz is polled. Requests during the outage fail
 * with 503 service_unavailable in the envelope (no 500s, no hang), within 1 s once their instance
 * knows Postgres is down (those already waiting on a connection: two connect timeouts at most);
 * none started more than 1 s after Postgres answers again is a 503 (the probe runs every 50 ms); every chain is
 * delivered within 30 s of that, none twice (an attempt answered while Postgres was away is
 * recorded once it is back: issue 40); the health check answers throughout (a 503 with the
 * runner's report while down) and never reports work held past what an attempt may take; the
 * outage's request-log rows are written once Postgres is back. Then every pooled connection is
 * used in a burst and the cluster is probed for MULTI_PG_PROBE_MS (3 minutes by default; issue 40
 * saw a second burst of 503s 2.5 minutes after recovery, from idle connections killed at the restart).
 *
 * MULTI_PG_PROBE_MARKER (a file path), when set, is written as the quiet probe begins: CI starts the
 * other multi-instance files then instead of waiting the probe out.
 *
 * It stops a whole Postgres cluster, so it runs only when told which one, and never the one
 * TEST_DATABASE_URL points at (other tests, and other people, use it):
 * MULTI_PG_RESTART="<version> <cluster>" and MULTI_PG_RESTART_URL (a server URL on that cluster;
 * a database is created there). `scripts/fault-postgres.sh` makes a throwaway cluster and prints both;
 * CI runs it.
 */
const target = process.env.MULTI_PG_RESTART?.split(" ");
const serverUrl = process.env.MULTI_PG_RESTART_URL;
const samePort = (a?: string, b?: string) => !!a && !!b && (new URL(a).port || "5432") === (new URL(b).port || "5432");
const reason =
  skipReason() ??
  (!target || target.length !== 2 || !serverUrl
    ? "set MULTI_PG_RESTART='<version> <cluster>' and MULTI_PG_RESTART_URL (scripts/fault-postgres.sh makes a throwaway cluster and prints both)"
    : samePort(serverUrl, process.env.TEST_DATABASE_URL)
      ? "MULTI_PG_RESTART_URL is the cluster TEST_DATABASE_URL uses; use a separate one (scripts/fault-postgres.sh)"
      : undefined);
if (reason) console.warn(`[skipped] Postgres restart test: ${reason}.`);
const suite = reason ? describe.skip : describe;

const CLIENT_TIMEOUT_MS = 8000;
/** The spec's bound for a 503 while Postgres is unreachable (asserted for requests started after their instance saw the outage). */
const FAST_503_MS = 1000;
const OUTAGE_MS = 7000;
/** Chains emitted just before each fault (queued and in flight when Postgres goes away). */
const CHAINS = 400;
/** Every chain delivered within this of Postgres answering again. */
const CHAINS_BOUND_MS = 30_000;
/** The quiet probe after the restarts (issue 40's second burst of 503s came 2.5 minutes after recovery). */
const PROBE_MS = Number(process.env.MULTI_PG_PROBE_MS ?? 180_000);
/** Leases longer than the outage: an attempt answered while Postgres was away keeps its chain and is recorded once it is back. */
const LEASE_MS = 15_000;
/** An instance's pool (openPostgres' default): the burst uses every connection at once. */
const POOL = 10;
let handle: DbHandle;
let rx: Receiver;
let cluster: Cluster;
let dbName: string;
const figures: Record<string, unknown> = {};

async function adminSql(q: string) {
  const { default: postgres } = await import("postgres");
  const admin = postgres(serverUrl!, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(q);
  } finally {
    await admin.end();
  }
}

suite("Postgres restart under load", () => {
  beforeAll(async () => {
    dbName = `h16_restart_${randomBytes(4).toString("hex")}`;
    await adminSql(`CREATE DATABASE ${dbName}`);
    const url = withDatabase(serverUrl!, dbName);
    handle = await openPostgres(url, { max: 4 });
    const { migrate } = await import("drizzle-orm/postgres-js/migrator");
    await migrate(handle.db as never, { migrationsFolder: MIGRATIONS_FOLDER });
    setDbHandle(handle);
    setWebhookEnv({ WEBHOOK_ALLOWED_HOSTS: "127.0.0.1" });
    rx = await startReceiver();
    const caFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "pg-restart-ca-")), "ca.pem");
    fs.writeFileSync(caFile, rx.cert);
    cluster = await startCluster({
      n: 3,
      basePort: Number(process.env.MULTI_BASE_PORT ?? 3710) + 20,
      databaseUrl: url,
      env: {
        WEATHER_PROVIDER: "simulated",
        WEBHOOK_ALLOWED_HOSTS: "127.0.0.1",
        NODE_EXTRA_CA_CERTS: caFile,
        WEBHOOK_TIMEOUT_MS: "2000",
        LOCAL_RUNNER_INTERVAL_MS: "250",
        WORK_LEASE_MS: String(LEASE_MS),
      },
    });
  }, 150_000);

  afterAll(async () => {
    await cluster?.stop();
    await rx?.close();
    setWebhookEnv({ WEBHOOK_ALLOWED_HOSTS: undefined });
    setDbHandle(undefined);
    await handle?.close();
    if (dbName) await adminSql(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
    console.log(`[pg-restart figures] ${JSON.stringify(figures)}`);
  });

  for (const fault of ["restart", "stop/start"] as const) {
    it(`${fault}: 503s in the envelope within 1 s, none 1 s after Postgres answers; queued chains all delivered within 30 s, none twice; health reports held work; outage log rows kept`, async () => {
      await outage(fault);
    });
  }

  it(
    "after the restarts: every pooled connection used again (a burst), then probed for MULTI_PG_PROBE_MS: 200 only",
    async () => {
      const u = await makeUser();
      const key = await u.key(["read"]);
      const get = (base: string) =>
        fetch(`${base}/v1/usage`, {
          headers: { authorization: `Bearer ${key}` },
          signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS),
        })
          .then((r) => r.status)
          .catch(() => -1);
      const statuses: number[] = [];
      // The burst: as many requests at once as an instance's pool has connections, so every connection
      // killed at a restart and idle since is used (issue 40 saw those 2.5 minutes later, as 57P01 → 503).
      for (let round = 0; round < 3; round++) {
        statuses.push(
          ...(await Promise.all(cluster.instances.flatMap((x) => Array.from({ length: POOL }, () => get(x.url))))),
        );
      }
      // Then a cheap probe (each instance every 500 ms) for the rest of the window. The probe is quiet, so
      // CI runs the next stage beside it once this file says it has begun (.ci/run waits for the marker).
      if (process.env.MULTI_PG_PROBE_MARKER) fs.writeFileSync(process.env.MULTI_PG_PROBE_MARKER, "probing\n");
      const until = Date.now() + PROBE_MS;
      while (Date.now() < until) {
        statuses.push(...(await Promise.all(cluster.instances.map((x) => get(x.url)))));
        await new Promise((r) => setTimeout(r, 500));
      }
      const bad = statuses.filter((s) => s !== 200);
      figures.probe_after_recovery = { ms: PROBE_MS, requests: statuses.length, not_200: bad.length };
      expect(statuses.length).toBeGreaterThan(200);
      expect(bad).toEqual([]);
    },
    PROBE_MS + 120_000,
  );
});

/** One fault under load: HTTP clients on every instance, webhook chains queued and in flight, health polled. */
async function outage(fault: "restart" | "stop/start"): Promise<void> {
  const u = await makeUser();
  const key = await u.key(["read"]);
  await endpointFor(u.accountId, rx.url(`/chains-${fault}`), ["weather.change_detected"]);
  const results: Array<{ status: number; code?: string; at: number; ms: number; base: string; requestId?: string }> =
    [];
  const health: Array<{ at: number; status: number; held: number; overdue: number }> = [];
  let running = true;
  const load = Array.from({ length: 8 }, async () => {
    while (running) {
      const at = Date.now();
      const base = cluster.next();
      try {
        const r = await fetch(`${base}/v1/usage`, {
          headers: { authorization: `Bearer ${key}` },
          signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS),
        });
        const body = (await r.json().catch(() => ({}))) as { error?: { code?: string } };
        results.push({
          status: r.status,
          code: body.error?.code,
          at,
          ms: Date.now() - at,
          base,
          requestId: r.headers.get("x-request-id") ?? undefined,
        });
      } catch {
        results.push({ status: -1, at, ms: Date.now() - at, base }); // client timeout or connection refused by the app
      }
      await new Promise((r) => setTimeout(r, 20)); // pacing: 8 clients × ≤ 50 requests/s
    }
  });
  const healthPoll = (async () => {
    while (running) {
      for (const x of cluster.instances) {
        const at = Date.now();
        const r = await fetch(`${x.url}/api/healthz`, { signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS) }).catch(
          () => undefined,
        );
        const body = (await r?.json().catch(() => ({}))) as
          { runner?: RunnerReport; error?: { details?: { runner?: RunnerReport } } } | undefined;
        const runner = body?.runner ?? body?.error?.details?.runner;
        health.push({ at, status: r?.status ?? -1, held: runner?.held ?? -1, overdue: runner?.held_overdue ?? -1 });
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  })();
  await waitUntil(() => results.filter((r) => r.status === 200).length >= 50, 30_000);
  // Chains queued and in flight at the fault.
  const before = rx.requests.length;
  const ids: string[] = [];
  for (let i = 0; i < CHAINS; i++)
    ids.push((await emitEvent({ accountId: u.accountId, type: "weather.change_detected", data: { i } })).eventId);
  await waitUntil(() => rx.requests.length - before >= 20, 30_000);
  const faultStarted = Date.now();
  // Async, never execFileSync: a blocked test process would add the command's seconds to the
  // latency it measures for every request in flight (the "2.5-2.9 s slowest 503" of earlier runs).
  let pgDown: number;
  if (fault === "restart") {
    await pgCtl("restart", "-m", "fast");
    pgDown = faultStarted;
  } else {
    await pgCtl("stop", "-m", "fast");
    pgDown = Date.now();
    await new Promise((r) => setTimeout(r, OUTAGE_MS)); // the outage itself
    await pgCtl("start");
  }
  // The moment Postgres answers a fresh connection again (what the instances' probes wait for).
  const answeredAt = await firstAnswer();
  // Recovery: the first moment after Postgres answers from which every instance answers 200.
  let recoveredAt = 0;
  await waitUntil(async () => {
    const ok = await Promise.all(
      cluster.instances.map((x) =>
        fetch(`${x.url}/v1/usage`, {
          headers: { authorization: `Bearer ${key}` },
          signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS),
        })
          .then((r) => r.status === 200)
          .catch(() => false),
      ),
    );
    if (ok.every(Boolean)) recoveredAt = Date.now();
    return ok.every(Boolean);
  }, 30_000);
  // Every chain delivered (the receiver saw each event), within 30 s of Postgres answering.
  const seen = () => new Set(rx.requests.map((r) => String(r.headers["x-service-event-id"])));
  await waitUntil(() => ids.every((id) => seen().has(id)), CHAINS_BOUND_MS + 30_000);
  const deliveredAt = Date.now();
  running = false;
  await Promise.all([...load, healthPoll]);

  const counts = new Map<string, number>();
  for (const r of rx.requests) {
    const id = String(r.headers["x-service-event-id"]);
    if (ids.includes(id)) counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  const duplicates = [...counts.values()].reduce((n, c) => n + c - 1, 0);
  const during = results.filter((r) => r.at >= faultStarted - 1000);
  const byStatus: Record<string, number> = {};
  for (const r of during) byStatus[r.status] = (byStatus[r.status] ?? 0) + 1;
  const the503s = during.filter((r) => r.status === 503);
  const slowest503 = Math.max(0, ...the503s.map((r) => r.ms));
  // Per instance, the moment it had answered its first 503 (it knew Postgres was down): requests
  // started on it after that and before Postgres answered must have short-circuited.
  const detected = new Map<string, number>();
  for (const r of [...the503s].sort((a, b) => a.at + a.ms - (b.at + b.ms)))
    if (!detected.has(r.base)) detected.set(r.base, r.at + r.ms);
  const afterDetection = results.filter(
    (r) => detected.has(r.base) && r.at > detected.get(r.base)! && r.at < answeredAt,
  );
  const slowestAfterDetection = Math.max(0, ...afterDetection.filter((r) => r.status === 503).map((r) => r.ms));
  const late503s = results.filter((r) => r.status === 503 && r.at > answeredAt + FAST_503_MS);
  const outageIds = the503s.filter((r) => r.requestId).map((r) => r.requestId!);
  let logged = 0;
  if (outageIds.length) {
    await waitUntil(async () => {
      const row = await queryOne<{ n: string }>(
        handle.db,
        sql`SELECT count(*) AS n FROM request_log WHERE request_id IN (${sql.join(
          outageIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
      );
      logged = Number(row!.n);
      return logged === outageIds.length;
    }, 30_000).catch(() => {});
  }
  const duringOutage = health.filter((h) => h.at >= pgDown && h.at < answeredAt);
  figures[fault] = {
    postgres_down_ms: answeredAt - pgDown,
    recovery_ms_after_postgres_answers: recoveredAt - answeredAt,
    requests_around_outage_by_status: byStatus,
    slowest_503_ms: slowest503,
    slowest_503_started_while_known_down_ms: slowestAfterDetection,
    requests_503_started_over_1s_after_postgres_answered: late503s.length,
    chains: CHAINS,
    chains_all_delivered_ms_after_postgres_answers: deliveredAt - answeredAt,
    duplicate_deliveries: duplicates,
    health_polls_during_outage: duringOutage.length,
    max_held_reported_during_outage: Math.max(-1, ...duringOutage.map((h) => h.held)),
    held_overdue_reported: Math.max(-1, ...health.map((h) => h.overdue)),
    outage_503s_in_request_log: `${logged}/${outageIds.length}`,
  };
  expect(results.filter((r) => r.status === 500)).toEqual([]);
  expect(results.filter((r) => r.status === -1)).toEqual([]); // nothing hung past the client timeout
  for (const r of results.filter((x) => x.status !== 200))
    expect(r).toMatchObject({ status: 503, code: "service_unavailable" });
  // Every request started while its instance knew the database down: 503 within 1 s (issue 40 item 4).
  // A request already waiting on a connection when Postgres went away may take the connect timeout
  // (1 s) plus a retry; that is reported (slowest_503_ms), bounded here by two connect timeouts.
  expect(slowestAfterDetection).toBeLessThan(FAST_503_MS);
  expect(slowest503).toBeLessThan(2 * FAST_503_MS + 500);
  expect(late503s).toEqual([]);
  expect(recoveredAt - answeredAt).toBeLessThanOrEqual(5000);
  expect(deliveredAt - answeredAt).toBeLessThanOrEqual(CHAINS_BOUND_MS);
  expect(duplicates).toBe(0);
  expect(counts.size).toBe(CHAINS);
  // Health answered during the outage too (a 503 with the runner's report), and no work was held
  // past what an attempt may take (item 2: chains renewed but never attempted).
  expect(health.every((h) => h.status === 200 || h.status === 503)).toBe(true);
  expect(health.filter((h) => h.overdue > 0)).toEqual([]);
  expect(logged).toBe(outageIds.length);
}

interface RunnerReport {
  held?: number;
  held_overdue?: number;
}

async function firstAnswer(): Promise<number> {
  const { default: postgres } = await import("postgres");
  for (;;) {
    const one = postgres(serverUrl!, { max: 1, onnotice: () => {}, connect_timeout: 1 });
    try {
      await one`select 1`;
      return Date.now();
    } catch {
      await new Promise((r) => setTimeout(r, 20));
    } finally {
      await one.end({ timeout: 0 }).catch(() => {});
    }
  }
}

const run = promisify(execFile);
async function pgCtl(...args: string[]): Promise<void> {
  await run("pg_ctlcluster", ["--skip-systemctl-redirect", target![0], target![1], ...args]);
}

async function waitUntil(check: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 100));
  }
}
