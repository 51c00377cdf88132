import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-db";
import { queryRows } from "@/lib/db/sql";
import { heldWork, LeaseHeartbeat } from "@/lib/jobs/lease-heartbeat";
import { runnerHealth } from "@/lib/platform/runner-health";
import { makeUser } from "@/lib/testing/fixtures";
import { attemptDueDeliveries } from "./attempt-delivery";
import { emitEvent } from "@/lib/events/emit-event";
import { trustExtraCa } from "./post-signed";
import { startReceiver, type Receiver } from "./testing/https-receiver";
import { drainDeliveries, endpointFor, setWebhookEnv } from "./testing/helpers";

/*
 * Issue 40 item 2: at a Postgres restart the delivery pass claimed chains, started renewing their
 * leases, then failed to load their events; with no `finally` the heartbeat kept renewing 39
 * chains nobody attempted, for minutes, beyond the sweeper's reach, while /api/healthz said ok.
 */
let t: TestDatabase;
let rx: Receiver;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.close();
  setWebhookEnv({ WEBHOOK_ALLOWED_HOSTS: undefined });
});
beforeEach(async () => {
  setWebhookEnv({ WEBHOOK_ALLOWED_HOSTS: "127.0.0.1" });
  rx = await startReceiver();
  trustExtraCa(rx.cert);
});
afterEach(async () => rx.close());

it("a pass whose context load fails holds nothing afterwards and hands its claims back; the next pass delivers them", async () => {
  const u = await makeUser();
  await endpointFor(u.accountId, rx.url("/hook"), ["weather.change_detected"]);
  for (let i = 0; i < 5; i++) await emitEvent({ accountId: u.accountId, type: "weather.change_detected", data: { i } });
  // The claim succeeds, loading the endpoints fails (what a restart between the two statements does).
  await t.db.execute(sql`ALTER TABLE webhook_endpoints RENAME TO webhook_endpoints_away`);
  try {
    await expect(attemptDueDeliveries()).rejects.toThrow();
  } finally {
    await t.db.execute(sql`ALTER TABLE webhook_endpoints_away RENAME TO webhook_endpoints`);
  }
  expect(heldWork(0).held).toBe(0);
  const rows = await queryRows<{ lease_id: string | null; due: boolean }>(
    t.db,
    sql`SELECT lease_id, next_attempt_at <= now() AS due FROM webhook_deliveries`,
  );
  expect(rows).toHaveLength(5);
  expect(rows.every((r) => r.lease_id === null && r.due)).toBe(true); // handed back: due now, not one lease later
  expect(rx.requests).toHaveLength(0);

  expect(await drainDeliveries()).toBe(5);
  expect(rx.requests).toHaveLength(5);
  expect(heldWork(0).held).toBe(0);
});

it("the health check reports work held longer than an attempt may take, and calls the runner stalled", async () => {
  let renewals = 0;
  const hb = new LeaseHeartbeat<string>("test", async () => void renewals++, 60_000);
  const t0 = Date.now();
  hb.hold("a", "a");
  hb.hold("b", "b");
  try {
    expect(heldWork(60_000, t0)).toMatchObject({ held: 2, overdue: 0 });
    const fresh = runnerHealth(t0);
    expect(fresh).toMatchObject({ held: 2, held_overdue: 0 });
    const later = t0 + fresh.held_allowed_ms + 1_000;
    expect(heldWork(fresh.held_allowed_ms, later)).toMatchObject({ held: 2, overdue: 2 });
    expect(runnerHealth(later)).toMatchObject({
      held: 2,
      held_overdue: 2,
      status: fresh.status === "n/a" ? "n/a" : "stalled",
    });
    hb.release("a");
    expect(runnerHealth(later)).toMatchObject({ held: 1, held_overdue: 1 });
  } finally {
    await hb.stop();
  }
  expect(runnerHealth(t0 + 10 * 60_000)).toMatchObject({ held: 0, held_overdue: 0 });
  expect(renewals).toBe(0);
});
