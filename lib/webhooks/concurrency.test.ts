import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createTestDatabase, describeWithPostgres, type TestDatabase } from "@/lib/db/testing/test-db";
import { queryRows } from "@/lib/db/sql";
import { startLocalRunner } from "@/lib/jobs/local-runner";
import { makeUser } from "@/lib/testing/fixtures";
import { attemptDueDeliveries } from "./attempt-delivery";
import { claimDueDeliveries } from "./claim-deliveries";
import { emitEvent } from "@/lib/events/emit-event";
import { trustExtraCa } from "./post-signed";
import { startReceiver, type Receiver } from "./testing/https-receiver";
import { endpointFor, endpointRow, eventsOfType, setWebhookEnv, waitFor } from "./testing/helpers";

let t: TestDatabase;
let rx: Receiver;

/** Several workers (as several app instances would) draining the queue at once. */
async function raceWorkers(workers: number): Promise<void> {
  await Promise.all(
    Array.from({ length: workers }, async () => {
      for (let i = 0; i < 2000; i++) if ((await attemptDueDeliveries({ concurrency: 8 })) === 0) return;
    }),
  );
}

describeWithPostgres("webhook delivery under concurrency (real Postgres)", () => {
  beforeAll(async () => {
    setWebhookEnv({ WEBHOOK_ALLOWED_HOSTS: "127.0.0.1" });
    t = await createTestDatabase({ poolSize: 30 });
  });
  afterAll(async () => {
    await t.close();
    setWebhookEnv({
      WEBHOOK_ALLOWED_HOSTS: undefined,
      WEBHOOK_RETRY_SCHEDULE: undefined,
    });
  });
  beforeEach(async () => {
    rx = await startReceiver();
    trustExtraCa(rx.cert);
  });
  afterEach(async () => rx.close());

  it("concurrent exhausted chains disable the endpoint once and emit the event once", async () => {
    setWebhookEnv({ WEBHOOK_RETRY_SCHEDULE: "0" });
    const u = await makeUser();
    rx.respond((r) => (r.url === "/bad" ? { status: 500 } : { status: 200 }));
    const bad = await endpointFor(u.accountId, rx.url("/bad"), ["weather.change_detected"]);
    await endpointFor(u.accountId, rx.url("/ops"), ["weather.webhook_endpoint_disabled"]);
    for (let i = 0; i < 40; i++)
      await emitEvent({ accountId: u.accountId, type: "weather.change_detected", data: { i } });
    await raceWorkers(4);

    expect((await endpointRow(bad.webhook_id)).status).toBe("disabled");
    expect(await eventsOfType(u.accountId, "weather.webhook_endpoint_disabled")).toHaveLength(1);
    expect(rx.requests.filter((r) => r.url === "/ops")).toHaveLength(1);
    const dupes = await queryRows(
      t.db,
      sql`SELECT delivery_id FROM webhook_attempts GROUP BY delivery_id HAVING count(*) > 1`,
    );
    expect(dupes).toHaveLength(0);
  });

  it("concurrent failures crossing 50 consecutive disable once", async () => {
    // 24 chains of 10 immediate attempts: the 50th failure comes in their third round, long before
    // any chain is exhausted. (failure_count is recounted from the attempts, so it cannot be seeded.)
    setWebhookEnv({ WEBHOOK_RETRY_SCHEDULE: "0,0,0,0,0,0,0,0,0,0" });
    const u = await makeUser();
    rx.respond((r) => (r.url === "/bad" ? { status: 502 } : { status: 200 }));
    const bad = await endpointFor(u.accountId, rx.url("/bad"), ["weather.change_detected"]);
    await endpointFor(u.accountId, rx.url("/ops"), ["weather.webhook_endpoint_disabled"]);
    for (let i = 0; i < 24; i++)
      await emitEvent({ accountId: u.accountId, type: "weather.change_detected", data: { i } });
    await raceWorkers(4);

    const row = await endpointRow(bad.webhook_id);
    expect(row).toMatchObject({ status: "disabled", disabledReason: "auto_disabled_consecutive_failures" });
    const events = await eventsOfType(u.accountId, "weather.webhook_endpoint_disabled");
    expect(events).toHaveLength(1);
    expect(events[0].data).toMatchObject({ reason: "auto_disabled_consecutive_failures", webhook_id: bad.webhook_id });
    expect(Number(events[0].data.consecutive_failures)).toBeGreaterThanOrEqual(50);
    expect(rx.requests.filter((r) => r.url === "/ops")).toHaveLength(1);
  });

  it("durability: a stopped runner and a crashed worker lose nothing; attempt numbers stay contiguous", async () => {
    setWebhookEnv({ WEBHOOK_RETRY_SCHEDULE: "0,1,1" });
    const u = await makeUser();
    const seen = new Set<string>();
    // Each event fails on its first arrival and succeeds afterwards.
    rx.respond((r) => {
      const id = String(r.headers["x-service-event-id"]);
      if (seen.has(id)) return { status: 200 };
      seen.add(id);
      return { status: 500 };
    });
    await endpointFor(u.accountId, rx.url("/durable"), ["weather.change_detected"]);
    const ids: string[] = [];
    for (let i = 0; i < 40; i++)
      ids.push((await emitEvent({ accountId: u.accountId, type: "weather.change_detected", data: { i } })).eventId);

    // A worker that claims five chains and dies without recording anything.
    const abandoned = await claimDueDeliveries(t.db, 5);
    expect(abandoned).toHaveLength(5);

    const task = { name: "webhook-deliveries", run: () => attemptDueDeliveries({ concurrency: 8 }) };
    let runner = startLocalRunner([task], 10);
    const attempts = async () =>
      Number((await queryRows<{ n: string }>(t.db, sql`SELECT count(*) AS n FROM webhook_attempts`))[0].n);
    await waitFor(async () => (await attempts()) >= 30, "30 attempts");
    await runner.stop();
    const pending = await queryRows(t.db, sql`SELECT id FROM webhook_deliveries WHERE status = 'pending'`);
    expect(pending.length).toBeGreaterThan(0); // stopped mid-chain

    // The dead worker's leases lapse (simulated instead of waiting out the lease).
    await t.db.execute(sql`UPDATE webhook_deliveries SET next_attempt_at = now()
      WHERE id IN (${sql.join(
        abandoned.map((a) => sql`${a.id}`),
        sql`, `,
      )}) AND status = 'pending'`);
    runner = startLocalRunner([task], 10);
    await waitFor(
      async () => (await queryRows(t.db, sql`SELECT id FROM webhook_deliveries WHERE status = 'pending'`)).length === 0,
      "every chain to finish",
      60_000,
    );
    await runner.stop();

    const chains = await queryRows<{ status: string; numbers: number[] }>(
      t.db,
      sql`SELECT d.status, array_agg(a.attempt_number ORDER BY a.attempt_number) AS numbers
          FROM webhook_deliveries d JOIN webhook_attempts a ON a.delivery_id = d.id
          WHERE d.account_id = ${u.accountId} GROUP BY d.id, d.status`,
    );
    expect(chains).toHaveLength(40);
    for (const c of chains) {
      expect(["delivered", "giving_up"]).toContain(c.status);
      expect(c.numbers.map(Number)).toEqual(c.numbers.map((_, i) => i + 1));
    }
    expect(chains.every((c) => c.status === "delivered")).toBe(true);
    const delivered = new Set(rx.requests.map((r) => String(r.headers["x-service-event-id"])));
    for (const id of ids) expect(delivered.has(id)).toBe(true);
  });
});
