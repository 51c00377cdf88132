import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-db";
import { queryOne, queryRows } from "@/lib/db/sql";
import { makeUser } from "@/lib/testing/fixtures";
import { countersOf, seedCounters } from "@/lib/billing/testing/seed-counters";
import { makeTrip, sampleEvent } from "@/lib/trips/testing/trip-fixture";
import { emitEvent } from "@/lib/events/emit-event";
import { startReceiver, type Receiver } from "@/lib/webhooks/testing/https-receiver";
import { endpointFor, setWebhookEnv, waitFor } from "@/lib/webhooks/testing/helpers";
import { startFixtureServer, type FixtureServer } from "@/lib/weather/testing/fixture-server";
import { fixtureText } from "@/lib/weather/testing/fixtures";
import { notify, CHANNELS } from "@/lib/db/notify";
import { skipReason, startCluster, type Cluster } from "./cluster";

/**
 * Three `next start` instances of the built app on one fresh Postgres
 * database, each with its local runner on, behind a round-robin client.
 * Prints its figures. Needs TEST_DATABASE_URL and a build (.next/BUILD_ID).
 */
const reason = skipReason();
if (reason) console.warn(`[skipped] multi-instance tests: ${reason}.`);
const suite = reason ? describe.skip : describe;

const N = 3;
const BASE_PORT = Number(process.env.MULTI_BASE_PORT ?? 3710);
const SCHEDULE = "0,0.05,0.05";

let t: TestDatabase;
let rx: Receiver;
let upstream: FixtureServer;
let cluster: Cluster;
const figures: Record<string, unknown> = {};

function tally(statuses: number[]): Record<number, number> {
  const out: Record<number, number> = {};
  for (const s of statuses) out[s] = (out[s] ?? 0) + 1;
  return out;
}

async function spread<T>(n: number, fn: (base: string, i: number) => Promise<T>): Promise<T[]> {
  return Promise.all(Array.from({ length: n }, (_, i) => fn(cluster.next(), i)));
}

async function emitMany(accountId: string, n: number, data: (i: number) => Record<string, unknown>): Promise<string[]> {
  const ids: string[] = [];
  const workers = Array.from({ length: 8 }, async (_, w) => {
    for (let i = w; i < n; i += 8)
      ids.push((await emitEvent({ accountId, type: "weather.change_detected", data: data(i) })).eventId);
  });
  await Promise.all(workers);
  return ids;
}

const pendingOf = async (accountId: string) =>
  Number(
    (await queryOne<{ n: string }>(
      t.db,
      sql`SELECT count(*) AS n FROM webhook_deliveries WHERE account_id = ${accountId} AND status = 'pending'`,
    ))!.n,
  );

suite("many instances, one Postgres", () => {
  beforeAll(async () => {
    setWebhookEnv({ WEBHOOK_ALLOWED_HOSTS: "127.0.0.1", WEBHOOK_RETRY_SCHEDULE: SCHEDULE });
    t = await createTestDatabase({ poolSize: 20 });
    rx = await startReceiver();
    const caFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "multi-ca-")), "ca.pem");
    fs.writeFileSync(caFile, rx.cert);
    upstream = await startFixtureServer();
    upstream.serve("/v1/forecast", { body: fixtureText("open-meteo/frenck-python-open-meteo_forecast.json") });
    cluster = await startCluster({
      n: N,
      basePort: BASE_PORT,
      databaseUrl: t.url!,
      env: {
        WEBHOOK_ALLOWED_HOSTS: "127.0.0.1",
        NODE_EXTRA_CA_CERTS: caFile,
        WEBHOOK_RETRY_SCHEDULE: SCHEDULE,
        WEBHOOK_TIMEOUT_MS: "5000",
        LOCAL_RUNNER_INTERVAL_MS: "250",
        WEATHER_PROVIDER: "open-meteo",
        OPEN_METEO_BASE_URL: upstream.baseUrl,
      },
    });
  }, 150_000);

  afterAll(async () => {
    await cluster?.stop();
    await rx?.close();
    await upstream?.close();
    await t?.close();
    setWebhookEnv({ WEBHOOK_ALLOWED_HOSTS: undefined, WEBHOOK_RETRY_SCHEDULE: undefined });
    console.log(`[multi-instance figures] ${JSON.stringify(figures)}`);
  });

  it("1,000 events: each attempt made exactly once across instances, attempt numbers contiguous", async () => {
    const u = await makeUser();
    await endpointFor(u.accountId, rx.url("/multi"), ["weather.change_detected"]);
    const seen = new Map<string, number>();
    rx.respond((r) => {
      const id = String(r.headers["x-service-event-id"]);
      const n = (seen.get(id) ?? 0) + 1;
      seen.set(id, n);
      // The first attempt of every even event fails (chains of 2), odd events succeed at once
      // (chains of 1). Failing every first attempt would be 1,000 consecutive failures, and the
      // endpoint is rightly auto-disabled at 50.
      const i = Number((JSON.parse(r.rawBody) as { data: { i: number } }).data.i);
      return { status: n === 1 && i % 2 === 0 ? 500 : 200 };
    });
    const before = rx.requests.length;
    const started = performance.now();
    const ids = await emitMany(u.accountId, 1000, (i) => ({ i }));
    await waitFor(async () => (await pendingOf(u.accountId)) === 0, "every chain to finish", 120_000);
    const seconds = (performance.now() - started) / 1000;

    const chains = await queryRows<{
      status: string;
      event_id: string;
      i: number;
      numbers: number[];
      codes: number[];
      errors: Array<string | null>;
    }>(
      t.db,
      sql`SELECT d.status, e.id AS event_id, (e.data->>'i')::int AS i,
                 array_agg(a.attempt_number ORDER BY a.attempt_number) AS numbers,
                 array_agg(a.response_status ORDER BY a.attempt_number) AS codes,
                 array_agg(a.error_message ORDER BY a.attempt_number) AS errors
          FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id JOIN webhook_attempts a ON a.delivery_id = d.id
          WHERE d.account_id = ${u.accountId} GROUP BY d.id, d.status, e.id, e.data`,
    );
    const received = rx.requests.slice(before);
    const perEvent = tally(ids.map((id) => seen.get(id) ?? 0));
    const attempts = chains.reduce((n, c) => n + c.numbers.length, 0);
    // On a CPU-starved machine an answer can miss the 5 s timeout, or a worker its lease heartbeat; that
    // attempt is rightly recorded as failed with no HTTP status (0) and retried (reported in the figures).
    const transportRetries = chains.flatMap((c) =>
      c.codes.flatMap((code, k) => (Number(code) === 0 ? [String(c.errors[k])] : [])),
    );
    const byError: Record<string, number> = {};
    for (const e of transportRetries) byError[e] = (byError[e] ?? 0) + 1;
    figures.deliveries = {
      events: ids.length,
      attempts_recorded: attempts,
      requests_received: received.length,
      duplicated: received.length - attempts,
      lost: ids.length - chains.filter((c) => c.status === "delivered").length,
      seconds: Number(seconds.toFixed(1)),
      attempts_per_s: Math.round(received.length / seconds),
      seen_per_event: perEvent,
      transport_retries: transportRetries.length,
      transport_errors: byError,
    };
    expect(chains).toHaveLength(1000);
    for (const c of chains) {
      expect(c.status).toBe("delivered");
      const numbers = c.numbers.map(Number);
      const codes = c.codes.map(Number);
      expect(numbers).toEqual(numbers.map((_, k) => k + 1)); // contiguous from 1
      // Attempt k got the receiver's planned answer (500 for an even event's first, else 200) or, when
      // that answer arrived too late, 0; the chain ended on a 200 it recorded.
      codes.forEach((code, k) => expect([0, k === 0 && c.i % 2 === 0 ? 500 : 200]).toContain(code));
      expect(codes.at(-1)).toBe(200);
      if (!codes.includes(0)) expect(numbers).toHaveLength(c.i % 2 === 0 ? 2 : 1);
      // Each event reached the receiver exactly as often as it was attempted: no attempt made by two instances.
      expect(seen.get(c.event_id) ?? 0).toBe(numbers.length);
    }
    expect(received).toHaveLength(attempts);
  });

  it("a quota with 100 left under 300 racing calls spread across instances ends exactly at the cap", async () => {
    const u = await makeUser({ plan: "free" });
    const key = await u.key(["weather:read"]);
    await seedCounters(u.accountId, { requests: 1_000 - 100 });
    const res = await spread(300, (base) =>
      fetch(`${base}/v1/weather/current?lat=52.27&lng=6.87`, { headers: { authorization: `Bearer ${key}` } }).then(
        async (r) => {
          await r.arrayBuffer();
          return r.status;
        },
      ),
    );
    const counts = tally(res);
    figures.quota = { calls: 300, by_status: counts, end_value: (await countersOf(u.accountId)).requests, cap: 1000 };
    expect(counts).toEqual({ 200: 100, 429: 200 });
    expect((await countersOf(u.accountId)).requests).toBe(1_000);
    // Quota alerts (issue 29): seeded past 80 % and raced to the cap on three instances, exactly one
    // billing.quota_threshold_reached per threshold (each instance tried its own insert of each key).
    const alerts = await queryRows<{ threshold: number; event_id: string | null }>(
      t.db,
      sql`SELECT threshold, event_id FROM quota_alerts WHERE account_id = ${u.accountId}::uuid AND dimension = 'requests' ORDER BY threshold`,
    );
    const events = await queryRows<{ pct: number }>(
      t.db,
      sql`SELECT (data->>'threshold_percent')::int AS pct FROM webhook_events WHERE account_id = ${u.accountId}::uuid AND type = 'billing.quota_threshold_reached' ORDER BY 1`,
    );
    figures.quota_alerts = events.map((e) => e.pct);
    expect(alerts.map((a) => a.threshold)).toEqual([80, 100]);
    expect(alerts.every((a) => a.event_id !== null)).toBe(true);
    expect(events.map((e) => Number(e.pct))).toEqual([80, 100]);
  });

  it("50 cold requests for one cell spread over instances make one upstream call", async () => {
    const u = await makeUser({ plan: "starter" });
    const key = await u.key(["weather:read"]);
    const before = upstream.requests.length;
    const res = await spread(50, (base) =>
      fetch(`${base}/v1/weather/current?lat=-33.87&lng=151.21`, { headers: { authorization: `Bearer ${key}` } }).then(
        async (r) => {
          await r.arrayBuffer();
          return r.status;
        },
      ),
    );
    const calls = upstream.requests.length - before;
    figures.single_flight = { requests: 50, by_status: tally(res), upstream_calls: calls };
    expect(tally(res)).toEqual({ 200: 50 });
    expect(calls).toBe(1);
  });

  it("50-way same-revision ops across instances have exactly one winner (5 rounds)", async () => {
    const f = await makeTrip();
    const winners: number[] = [];
    for (let round = 0; round < 5; round++) {
      const res = await spread(50, (base, i) =>
        fetch(`${base}/v1/trips/${f.tripId}/ops`, {
          method: "POST",
          headers: { authorization: `Bearer ${f.ownerToken}`, "content-type": "application/json" },
          body: JSON.stringify({ base_revision: round, type: "add_event", payload: sampleEvent(i) }),
        }).then(async (r) => ({ status: r.status, body: await r.json() })),
      );
      const ok = res.filter((r) => r.status === 200);
      winners.push(ok.length);
      expect(tally(res.map((r) => r.status))).toEqual({ 200: 1, 409: 49 });
      expect(ok[0].body.new_revision).toBe(round + 1);
    }
    figures.same_revision = { rounds: 5, per_round: 50, winners };
  });

  it("the auto-disable event is emitted once when instances see the 50th failure together", async () => {
    const u = await makeUser();
    const dead = await endpointFor(u.accountId, rx.url("/dead"), ["weather.change_detected"]);
    await endpointFor(u.accountId, rx.url("/ops-team"), ["weather.webhook_endpoint_disabled"]);
    rx.respond((r) => ({ status: r.url === "/dead" ? 500 : 200 }));
    setWebhookEnv({ WEBHOOK_RETRY_SCHEDULE: "0,3600" }); // one failure per chain now, retries far away
    try {
      await emitMany(u.accountId, 70, (i) => ({ i }));
    } finally {
      setWebhookEnv({ WEBHOOK_RETRY_SCHEDULE: SCHEDULE });
    }
    const ep = await waitFor(
      async () =>
        await queryOne<{ status: string; disabled_reason: string }>(
          t.db,
          sql`SELECT status, disabled_reason FROM webhook_endpoints WHERE id = ${dead.webhook_id}`,
        ),
      "the endpoint row",
    );
    await waitFor(
      async () => {
        const row = await queryOne<{ status: string }>(
          t.db,
          sql`SELECT status FROM webhook_endpoints WHERE id = ${dead.webhook_id}`,
        );
        return row?.status === "disabled";
      },
      "auto-disable",
      60_000,
    );
    await waitFor(
      async () => rx.requests.some((r) => r.url === "/ops-team"),
      "the disabled event to reach the other endpoint",
      30_000,
    );
    const events = await queryRows<{ id: string }>(
      t.db,
      sql`SELECT id FROM webhook_events WHERE account_id = ${u.accountId} AND type = 'weather.webhook_endpoint_disabled'`,
    );
    const reached = rx.requests.filter((r) => r.url === "/ops-team").length;
    figures.auto_disable = {
      events_emitted: events.length,
      delivered_to_other_endpoint: reached,
      initial_status: ep.status,
    };
    expect(events).toHaveLength(1);
    expect(reached).toBe(1);
  });

  it("delivery throughput, 3 instances then 1 (same run): 1,000 due at once, all delivered", async () => {
    rx.respond(() => ({ status: 200 }));
    const measure = async () => {
      const u = await makeUser();
      await endpointFor(u.accountId, rx.url("/throughput"), ["weather.change_detected"]);
      // Parked while emitting (emission speed is not measured); immediate retries absorb a keep-alive
      // socket the receiver closed just as it was reused (ECONNRESET), as in production.
      setWebhookEnv({ WEBHOOK_RETRY_SCHEDULE: "3600,0,0" });
      try {
        await emitMany(u.accountId, 1000, (i) => ({ i }));
      } finally {
        setWebhookEnv({ WEBHOOK_RETRY_SCHEDULE: SCHEDULE });
      }
      const started = performance.now();
      await t.db.execute(
        sql`UPDATE webhook_deliveries SET next_attempt_at = now(), scheduled_at = now() WHERE account_id = ${u.accountId}`,
      );
      await notify(t.db, CHANNELS.work, "webhook-delivery");
      await waitFor(async () => (await pendingOf(u.accountId)) === 0, "1,000 deliveries", 120_000);
      const seconds = (performance.now() - started) / 1000;
      const delivered = Number(
        (await queryOne<{ n: string }>(
          t.db,
          sql`SELECT count(*) AS n FROM webhook_deliveries WHERE account_id = ${u.accountId} AND status = 'delivered'`,
        ))!.n,
      );
      expect(delivered).toBe(1000);
      return Math.round(1000 / seconds);
    };
    const three = await measure();
    // Stop two instances gracefully; the last one does the same work alone.
    await Promise.all(
      cluster.instances.slice(1).map(async (x) => {
        const exited = new Promise((r) => x.proc.once("exit", r));
        process.kill(-x.proc.pid!, "SIGTERM");
        await exited;
      }),
    );
    const one = await measure();
    figures.throughput_deliveries_per_s = { three_instances: three, one_instance: one };
  });
});
