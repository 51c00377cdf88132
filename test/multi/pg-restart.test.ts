import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { openPostgres, setDbHandle, MIGRATIONS_FOLDER, type DbHandle } from "@/lib/db/client";
import { queryOne } from "@/lib/db/sql";
import { makeUser } from "@/lib/testing/fixtures";
import { withDatabase } from "@/lib/db/testing/global-setup";
import { skipReason, startCluster, type Cluster } from "./cluster";

/**
 * Postgres down under load: the cluster is stopped (`pg_ctlcluster … stop -m fast`), kept down
 * for OUTAGE_MS, and started again. Requests during the outage fail with 503
 * service_unavailable in the envelope (no 500s, none hanging past the client timeout). Once an
 * instance has seen the outage it short-circuits on its shared "database down" state (issue 27,
 * lib/db/outage.ts): every request it starts after that answers 503 in under 1 s without
 * touching the network, until its probe sees Postgres again; every instance serves again
 * without being restarted, and the request-log rows of the outage (the 503s) are written
 * once Postgres is back.
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
let handle: DbHandle;
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
    cluster = await startCluster({ n: 3, basePort: Number(process.env.MULTI_BASE_PORT ?? 3710) + 20, databaseUrl: url, env: { WEATHER_PROVIDER: "simulated" } });
  }, 150_000);

  afterAll(async () => {
    await cluster?.stop();
    setDbHandle(undefined);
    await handle?.close();
    if (dbName) await adminSql(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
    console.log(`[pg-restart figures] ${JSON.stringify(figures)}`);
  });

  it("outage requests are 503 in the envelope, never 500 or a hang, under 1 s once the instance saw the outage; every instance serves again; the outage's log rows are kept", async () => {
    const u = await makeUser();
    const key = await u.key(["read"]);
    const results: Array<{ status: number; code?: string; at: number; ms: number; base: string; requestId?: string }> = [];
    let running = true;
    const load = Array.from({ length: 8 }, async () => {
      while (running) {
        const at = Date.now();
        const base = cluster.next();
        try {
          const r = await fetch(`${base}/v1/usage`, { headers: { authorization: `Bearer ${key}` }, signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS) });
          const body = (await r.json().catch(() => ({}))) as { error?: { code?: string } };
          results.push({ status: r.status, code: body.error?.code, at, ms: Date.now() - at, base, requestId: r.headers.get("x-request-id") ?? undefined });
        } catch {
          results.push({ status: -1, at, ms: Date.now() - at, base }); // client timeout or connection refused by the app
        }
        await new Promise((r) => setTimeout(r, 20)); // pacing: 8 clients × ≤ 50 requests/s
      }
    });
    await waitUntil(() => results.filter((r) => r.status === 200).length >= 50, 30_000);
    const restartStarted = Date.now();
    // Async, never execFileSync: a blocked test process would add the command's seconds to the
    // latency it measures for every request in flight (the "2.5-2.9 s slowest 503" of earlier runs).
    await pgCtl("stop", "-m", "fast");
    const pgDown = Date.now();
    await new Promise((r) => setTimeout(r, OUTAGE_MS)); // the outage itself
    await pgCtl("start");
    const pgBack = Date.now();
    // Recovery: the first moment after Postgres is back from which every instance answers 200.
    let recoveredAt = 0;
    await waitUntil(async () => {
      const ok = await Promise.all(
        cluster.instances.map((x) =>
          fetch(`${x.url}/v1/usage`, { headers: { authorization: `Bearer ${key}` }, signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS) })
            .then((r) => r.status === 200)
            .catch(() => false),
        ),
      );
      if (ok.every(Boolean)) recoveredAt = Date.now();
      return ok.every(Boolean);
    }, 30_000);
    running = false;
    await Promise.all(load);

    const during = results.filter((r) => r.at >= restartStarted - 1000);
    const byStatus: Record<string, number> = {};
    for (const r of during) byStatus[r.status] = (byStatus[r.status] ?? 0) + 1;
    const outage = results.filter((r) => r.at >= pgDown && r.at < pgBack);
    const slowest503 = Math.max(0, ...during.filter((r) => r.status === 503).map((r) => r.ms));
    // Per instance, the moment it had answered its first 503 (it knew Postgres was down): requests
    // started on it after that and before Postgres was back must have short-circuited.
    const detected = new Map<string, number>();
    for (const r of [...outage].sort((a, b) => a.at + a.ms - (b.at + b.ms))) {
      if (r.status === 503 && !detected.has(r.base)) detected.set(r.base, r.at + r.ms);
    }
    const afterDetection = outage.filter((r) => detected.has(r.base) && r.at > detected.get(r.base)!);
    // (Postgres may accept connections a moment before `pg_ctlcluster start` returns: a 200 there is fine.)
    const slowestAfterDetection = Math.max(0, ...afterDetection.filter((r) => r.status === 503).map((r) => r.ms));
    // The 503s of the outage are in the request log once Postgres is back (kept in each instance's buffer meanwhile).
    const outageIds = during.filter((r) => r.status === 503 && r.requestId).map((r) => r.requestId!);
    let logged = 0;
    await waitUntil(async () => {
      const row = await queryOne<{ n: string }>(
        handle.db,
        sql`SELECT count(*) AS n FROM request_log WHERE request_id IN (${sql.join(outageIds.map((id) => sql`${id}::uuid`), sql`, `)})`,
      );
      logged = Number(row!.n);
      return logged === outageIds.length;
    }, 30_000).catch(() => {});
    figures.restart = {
      stop_command_ms: pgDown - restartStarted,
      postgres_down_ms: pgBack - pgDown,
      recovery_ms_after_postgres_back: recoveredAt - pgBack,
      requests_around_outage_by_status: byStatus,
      requests_started_while_down_by_status: outage.reduce<Record<string, number>>((o, r) => ({ ...o, [r.status]: (o[r.status] ?? 0) + 1 }), {}),
      slowest_503_ms: slowest503,
      requests_after_detection: afterDetection.length,
      slowest_503_after_detection_ms: slowestAfterDetection,
      outage_503s_in_request_log: `${logged}/${outageIds.length}`,
      codes_of_503: [...new Set(during.filter((r) => r.status === 503).map((r) => r.code))],
    };
    expect(results.filter((r) => r.status === 500)).toEqual([]);
    expect(results.filter((r) => r.status === -1)).toEqual([]); // nothing hung past the client timeout
    for (const r of results.filter((x) => x.status !== 200)) expect(r).toMatchObject({ status: 503, code: "service_unavailable" });
    expect(during.filter((r) => r.status === 503).length).toBeGreaterThan(0); // the 503 path really ran
    expect(recoveredAt - pgBack).toBeLessThanOrEqual(5000);
    // The short-circuit: no network, so far below the bound however loaded the machine.
    expect(afterDetection.length).toBeGreaterThan(0);
    expect(afterDetection.filter((r) => r.status === 503).length).toBeGreaterThan(0);
    for (const r of afterDetection) expect([200, 503]).toContain(r.status);
    expect(slowestAfterDetection).toBeLessThan(FAST_503_MS);
    expect(logged).toBe(outageIds.length);
  });
});

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
