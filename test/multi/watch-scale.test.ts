import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-db";
import { queryOne, queryRows } from "@/lib/db/sql";
import { makeUser } from "@/lib/testing/fixtures";
import { emitEvent } from "@/lib/events/emit-event";
import { startReceiver, type Receiver } from "@/lib/webhooks/testing/https-receiver";
import { setWebhookEnv, waitFor } from "@/lib/webhooks/testing/helpers";
import { gridPlaces, seedWatches } from "@/lib/watches/testing/seed-watches";
import { startFixtureServer, type FixtureServer } from "@/lib/weather/testing/fixture-server";
import { fixtureText } from "@/lib/weather/testing/fixtures";
import { cellFor } from "@/lib/weather/core";
import { skipReason, startCluster, type Cluster } from "./cluster";

/**
 * Watches at scale (issue 34), measured from outside on real `next start` processes and one
 * Postgres: 5,000 watches over 100 places (1-degree grid, one cell each) all due at once, their
 * webhook a loopback port that accepts connections and never answers, plus 600 deliveries
 * already pending there. Three instances first (claims: no watch refreshed twice; single
 * flight: one snapshot per cell), then one instance with the hanging receiver and without.
 * Figures are printed; rates are not asserted (a shared 2-core machine; see docs/operations.md).
 */
const reason = skipReason();
if (reason) console.warn(`[skipped] watch scale tests: ${reason}.`);
const suite = reason ? describe.skip : describe;

const WATCHES = 5000;
const PLACES = 100;
const HANGING = 600;
const BASE_PORT = Number(process.env.MULTI_BASE_PORT ?? 3710) + 40;
const METRICS_TOKEN = "watch-scale-metrics-token-0123456789";

let t: TestDatabase;
let cluster: Cluster;
let rx: Receiver;
let upstream: FixtureServer;
let silent: net.Server;
const held = new Set<net.Socket>();
let silentUrl: string;
let phase = 0;
const figures: Record<string, unknown> = {};

/** Accepts TCP connections and never answers (not even the TLS handshake): every attempt waits for its timeout. */
async function startSilentReceiver(): Promise<void> {
  silent = net.createServer((sock) => {
    held.add(sock);
    sock.on("close", () => held.delete(sock));
    sock.on("error", () => {});
  });
  await new Promise<void>((r) => silent.listen(0, "127.0.0.1", r));
  silentUrl = `https://127.0.0.1:${(silent.address() as net.AddressInfo).port}/never`;
}

interface PassResult {
  refreshed: number;
  seconds: number;
  per_s: number;
  snapshots: number;
  cells: number;
  max_snapshots_per_cell: number;
  hanging_pending_at_end: number;
}

/**
 * One pass: seeds WATCHES watches over fresh places (not yet due), optionally 600 deliveries to
 * the silent receiver, then makes every watch due at once and waits until each was refreshed.
 */
async function pass(opts: {
  webhookUrl: string;
  hangingDeliveries: boolean;
}): Promise<PassResult & { accountId: string }> {
  phase++;
  // Sandbox accounts: the simulated provider (production accounts here use the fixture open-meteo of the budget test).
  const u = await makeUser({ plan: "pro", environment: "sandbox" });
  const places = gridPlaces(PLACES, { lat0: -60 + phase * 11, lng0: -170 + phase * 11 });
  const keys = places.map((p) => cellFor(p.lat, p.lng, "simulated").key);
  const startsAt = new Date(Date.now() + 2 * 3600_000);
  await seedWatches(t.db, {
    accountId: u.accountId,
    count: WATCHES,
    places,
    webhookUrl: opts.webhookUrl,
    startsAt,
    endsAt: new Date(startsAt.getTime() + 4 * 3600_000),
    dueFrom: new Date(Date.now() + 3600_000),
  });
  if (opts.hangingDeliveries) {
    const other = await makeUser({ plan: "pro" });
    for (let i = 0; i < HANGING; i++) {
      await emitEvent({
        accountId: other.accountId,
        type: "weather.change_detected",
        data: { i },
        watchTarget: { url: silentUrl, watchId: crypto.randomUUID() },
      });
    }
    await waitFor(async () => held.size > 0, "the silent receiver to hold attempts");
  }
  const started = performance.now();
  await t.db.execute(sql`UPDATE watches SET next_check_at = now() WHERE account_id = ${u.accountId}`);
  await waitFor(
    async () =>
      Number(
        (await queryOne<{ n: string }>(
          t.db,
          sql`SELECT count(*) AS n FROM watches WHERE account_id = ${u.accountId} AND last_checked_at IS NULL`,
        ))!.n,
      ) === 0,
    `${WATCHES} refreshes`,
    240_000,
  );
  const seconds = (performance.now() - started) / 1000;
  const perCell = await queryRows<{ cache_key: string; n: string }>(
    t.db,
    sql`SELECT cache_key, count(*) AS n FROM weather_snapshots WHERE cache_key IN (${sql.join(
      keys.map((k) => sql`${k}`),
      sql`, `,
    )}) GROUP BY cache_key`,
  );
  const hangingPending = Number(
    (await queryOne<{ n: string }>(
      t.db,
      sql`SELECT count(*) AS n FROM webhook_deliveries WHERE url = ${silentUrl} AND status = 'pending'`,
    ))!.n,
  );
  return {
    accountId: u.accountId,
    refreshed: WATCHES,
    seconds: Math.round(seconds * 10) / 10,
    per_s: Math.round(WATCHES / seconds),
    snapshots: perCell.reduce((a, r) => a + Number(r.n), 0),
    cells: perCell.length,
    max_snapshots_per_cell: Math.max(...perCell.map((r) => Number(r.n))),
    hanging_pending_at_end: hangingPending,
  };
}

/** Refresh events per watch of the account: exactly one each when no watch was refreshed twice. */
async function refreshEventsPerWatch(accountId: string): Promise<Map<number, number>> {
  const rows = await queryRows<{ events: string; watches: string }>(
    t.db,
    sql`SELECT e.n AS events, count(*) AS watches FROM (
          SELECT w.id, count(ev.id) AS n FROM watches w LEFT JOIN watch_events ev ON ev.watch_id = w.id
          WHERE w.account_id = ${accountId} GROUP BY w.id) e GROUP BY e.n`,
  );
  return new Map(rows.map((r) => [Number(r.events), Number(r.watches)]));
}

async function metric(base: string, name: string, job: string): Promise<number> {
  const text = await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  const m = text.match(new RegExp(`^${name}\\{job="${job}"\\} ([0-9.e+-]+)$`, "m"));
  return m ? Number(m[1]) : NaN;
}

suite("watches at scale (issue 34)", () => {
  beforeAll(async () => {
    setWebhookEnv({ WEBHOOK_ALLOWED_HOSTS: "127.0.0.1", WEBHOOK_RETRY_SCHEDULE: "0,3600" });
    t = await createTestDatabase({ poolSize: 10 });
    await startSilentReceiver();
    rx = await startReceiver();
    rx.respond(() => ({ status: 200 }));
    upstream = await startFixtureServer();
    upstream.serve("/v1/forecast", { body: fixtureText("open-meteo/frenck-python-open-meteo_forecast.json") });
    const caFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "scale-ca-")), "ca.pem");
    fs.writeFileSync(caFile, rx.cert);
    cluster = await startCluster({
      n: 3,
      basePort: BASE_PORT,
      databaseUrl: t.url!,
      env: {
        WEATHER_PROVIDER: "open-meteo",
        WEBHOOK_ALLOWED_HOSTS: "127.0.0.1",
        NODE_EXTRA_CA_CERTS: caFile,
        WEBHOOK_RETRY_SCHEDULE: "0,3600",
        WEBHOOK_TIMEOUT_MS: "10000",
        LOCAL_RUNNER_INTERVAL_MS: "250",
        METRICS_TOKEN,
        // Production accounts (the budget test) use a fixture open-meteo with a budget of 20 calls a minute.
        OPEN_METEO_BASE_URL: upstream.baseUrl,
        OPEN_METEO_CALLS_PER_MINUTE: "20",
      },
    });
  }, 150_000);

  afterAll(async () => {
    // Stop the instances first, so none opens a new connection to the silent receiver after its sockets are let go.
    await cluster?.stop();
    for (const s of held) s.destroy();
    await new Promise((r) => (silent ? silent.close(r) : r(undefined)));
    await rx?.close();
    await upstream?.close();
    await t?.close();
    setWebhookEnv({ WEBHOOK_ALLOWED_HOSTS: undefined, WEBHOOK_RETRY_SCHEDULE: undefined });
    console.log(`[watch-scale figures] ${JSON.stringify(figures)}`);
  });

  it("three instances, 5,000 due watches over 100 places, 600 deliveries hanging: each watch refreshed once, one snapshot per cell", async () => {
    const r = await pass({ webhookUrl: silentUrl, hangingDeliveries: true });
    figures.three_instances_hanging = r;
    expect(await refreshEventsPerWatch(r.accountId)).toEqual(new Map([[1, WATCHES]]));
    expect(r.cells).toBe(PLACES);
    expect(r.max_snapshots_per_cell).toBe(1); // single flight per cell across instances
    expect(r.hanging_pending_at_end).toBeGreaterThan(0); // the receiver was still holding deliveries when the last watch was refreshed
    // Per job on /metrics: the delivery backlog is visible while refreshes went on.
    const base = cluster.instances[0].url;
    expect(await metric(base, "job_queue_depth", "webhook-delivery")).toBeGreaterThanOrEqual(0);
    expect(await metric(base, "job_runs_total", "watch-refresh")).toBeGreaterThan(0);
    expect(await metric(base, "job_failures_total", "watch-refresh")).toBe(0);
    expect(await metric(base, "job_oldest_due_age_seconds", "watch-refresh")).toBe(0);
  });

  it("the upstream budget is shared by the instances: 40 cold cells against 20 calls a minute make exactly 20 calls", async () => {
    const u = await makeUser({ plan: "pro" });
    const key = await u.key(["weather:read"]);
    // A new minute must not start mid-test (the window would reset): start early in one.
    await waitFor(async () => new Date().getUTCSeconds() < 40, "the first 40 s of a minute", 30_000);
    const before = upstream.requests.length;
    const statuses = await Promise.all(
      Array.from({ length: 40 }, async (_, i) => {
        const res = await fetch(`${cluster.next()}/v1/weather/current?lat=${-30 + i * 0.5}&lng=${120 + i * 0.5}`, {
          headers: { authorization: `Bearer ${key}` },
        });
        const body = (await res.json()) as { error?: { code: string; details?: { budget?: string } } };
        return res.status === 200 ? "200" : `${res.status} ${body.error?.code} ${body.error?.details?.budget}`;
      }),
    );
    const calls = upstream.requests.length - before;
    const tally: Record<string, number> = {};
    for (const s of statuses) tally[s] = (tally[s] ?? 0) + 1;
    figures.budget = { requests: 40, per_minute: 20, upstream_calls: calls, answers: tally };
    expect(calls).toBe(20);
    expect(tally).toEqual({ "200": 20, "502 provider_unavailable exhausted": 20 });
  });

  it("one instance: with 600 deliveries hanging, then without a hanging receiver", async () => {
    // Stop two instances gracefully; the last one does the same work alone.
    await Promise.all(
      cluster.instances.slice(1).map(async (x) => {
        const exited = new Promise((r) => x.proc.once("exit", r));
        process.kill(-x.proc.pid!, "SIGTERM");
        await exited;
      }),
    );
    const hanging = await pass({ webhookUrl: silentUrl, hangingDeliveries: true });
    figures.one_instance_hanging = hanging;
    expect(await refreshEventsPerWatch(hanging.accountId)).toEqual(new Map([[1, WATCHES]]));
    expect(hanging.snapshots).toBeLessThanOrEqual(200);
    expect(hanging.hanging_pending_at_end).toBeGreaterThan(0);

    // Without: the silent receiver lets go (attempts in flight fail at once) and what was pending there is cancelled.
    for (const s of held) s.destroy();
    await t.db.execute(
      sql`UPDATE webhook_deliveries SET status = 'cancelled', next_attempt_at = NULL WHERE url = ${silentUrl} AND status = 'pending'`,
    );
    const quiet = await pass({ webhookUrl: rx.url("/watch-scale"), hangingDeliveries: false });
    figures.one_instance_no_hanging = quiet;
    expect(quiet.snapshots).toBeLessThanOrEqual(200);
    const three = figures.three_instances_hanging as PassResult;
    figures.ratios = {
      hanging_vs_not_time: Math.round((hanging.seconds / quiet.seconds) * 100) / 100,
      three_vs_one_rate: Math.round((three.per_s / hanging.per_s) * 100) / 100,
    };
  });
});
