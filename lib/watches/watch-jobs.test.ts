import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { watches } from "@/drizzle/schema";
import { createTestDatabase, describeWithPostgres, type TestDatabase } from "@/lib/db/testing/test-db";
import { queryOne, queryRows } from "@/lib/db/sql";
import { makeUser } from "@/lib/testing/fixtures";
import { accrueWatchBilling, utcDay } from "./accrue-watch-billing";
import { claimDueWatches } from "./claim-watches";
import { expireWatches } from "./expire-watches";
import { cancelWatch, pauseWatch } from "./change-watch-status";
import { createWatchVia, watchBody } from "./testing/watch-fixtures";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t.close());

const HOUR = 3600_000;

async function inWindowWatch(u: Awaited<ReturnType<typeof makeUser>>) {
  // Window started an hour ago (allowed: only ends_at must be in the future).
  return (await createWatchVia(u, watchBody({}, { startInHours: -1, hours: 5 }))).watch.watch_id;
}

async function billedDays(watchId: string) {
  return queryRows<{ day: string }>(
    t.db,
    sql`SELECT day::text AS day FROM watch_billing_days WHERE watch_id = ${watchId} ORDER BY day`,
  );
}

async function accountWatchUnits(accountId: string) {
  const r = await queryOne<{ units: number }>(
    t.db,
    sql`SELECT coalesce(sum(units), 0)::int AS units FROM usage_daily WHERE account_id = ${accountId} AND endpoint = 'weather.watch_days'`,
  );
  return r?.units ?? 0;
}

describe("expireWatches", () => {
  it("retires active and paused watches past ends_at with weather.watch_expired delivered to the webhook_url", async () => {
    const u = await makeUser({ plan: "starter" });
    const a = (await createWatchVia(u)).watch.watch_id;
    const b = (await createWatchVia(u)).watch.watch_id;
    const keep = (await createWatchVia(u)).watch.watch_id;
    await pauseWatch(u.accountId, b);
    const now = new Date();
    await t.db
      .update(watches)
      .set({ startsAt: new Date(now.getTime() - 3 * HOUR), endsAt: new Date(now.getTime() - 1000) })
      .where(sql`${watches.id} IN (${a}, ${b})`);

    expect(await expireWatches({ now })).toBe(2);
    expect(await expireWatches({ now })).toBe(0); // idempotent: nothing announced twice
    const rows = await t.db.select().from(watches).where(eq(watches.accountId, u.accountId));
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const id of [a, b]) {
      expect(byId.get(id)).toMatchObject({ status: "expired", nextCheckAt: null });
      expect(byId.get(id)!.expiredAt?.toISOString()).toBe(now.toISOString());
    }
    expect(byId.get(keep)!.status).toBe("active");

    const events = await queryRows<{ id: string; type: string; watch_id: string; data: Record<string, unknown> }>(
      t.db,
      sql`SELECT e.id, e.type, e.watch_id, e.data FROM webhook_events e WHERE e.account_id = ${u.accountId} ORDER BY e.watch_id`,
    );
    expect(events.map((e) => [e.watch_id, e.type]).sort()).toEqual(
      [
        [a, "weather.watch_expired"],
        [b, "weather.watch_expired"],
      ].sort(),
    );
    // Same id for the change event and the webhook event (X-Service-Event-Id).
    const changeIds = await queryRows<{ id: string }>(
      t.db,
      sql`SELECT id FROM watch_events WHERE watch_id IN (${a}, ${b})`,
    );
    expect(changeIds.map((r) => r.id).sort()).toEqual(events.map((e) => e.id).sort());
    expect(events[0].data).toMatchObject({
      watch_id: expect.any(String),
      expired_at: now.toISOString(),
      window: expect.any(Object),
    });
    const deliveries = await queryRows<{ url: string; kind: string }>(
      t.db,
      sql`SELECT url, kind FROM webhook_deliveries WHERE event_id IN (${events[0].id}, ${events[1].id})`,
    );
    expect(deliveries).toEqual([
      { url: "https://hooks.example.com/watch", kind: "watch" },
      { url: "https://hooks.example.com/watch", kind: "watch" },
    ]);
  });
});

describe("accrueWatchBilling", () => {
  it("bills 1 unit per active in-window watch per day, once, and nothing for paused/cancelled/not-started", async () => {
    const u = await makeUser({ plan: "starter" });
    const billed = await inWindowWatch(u);
    const paused = await inWindowWatch(u);
    const cancelled = await inWindowWatch(u);
    const future = (await createWatchVia(u, watchBody({}, { startInHours: 30 }))).watch.watch_id;
    await pauseWatch(u.accountId, paused);
    await cancelWatch(u.accountId, cancelled);
    const today = utcDay(new Date());

    let total = 0;
    for (let i = 0; i < 3; i++) total += await accrueWatchBilling(today);
    expect(await billedDays(billed)).toEqual([{ day: today }]);
    for (const id of [paused, cancelled, future]) expect(await billedDays(id)).toEqual([]);
    expect(await accountWatchUnits(u.accountId)).toBe(1);
    const [w] = await t.db.select().from(watches).where(eq(watches.id, billed));
    expect(w.lastAccruedOn).toBe(today);
    expect(total).toBeGreaterThanOrEqual(1);
  });

  it("never bills a day that has not begun", async () => {
    const u = await makeUser({ plan: "starter" });
    const id = await inWindowWatch(u);
    const tomorrow = utcDay(new Date(Date.now() + 24 * HOUR));
    expect(await accrueWatchBilling(tomorrow)).toBe(0);
    expect(await billedDays(id)).toEqual([]);
  });
});

describeWithPostgres("watch background work under concurrency (real Postgres)", () => {
  it("concurrent accruals bill each (watch, day) exactly once", async () => {
    const u = await makeUser({ plan: "starter" });
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) ids.push(await inWindowWatch(u));
    const today = utcDay(new Date());
    await Promise.all(Array.from({ length: 10 }, () => accrueWatchBilling(today, { limit: 3 })));
    // Drain what the racing batches left (SKIP LOCKED skips, never double-bills).
    while ((await accrueWatchBilling(today)) > 0);
    for (const id of ids) expect(await billedDays(id)).toEqual([{ day: today }]);
    expect(await accountWatchUnits(u.accountId)).toBe(8);
  });

  it("two concurrent claimers never claim the same watch", async () => {
    const u = await makeUser({ plan: "starter" });
    const ids = new Set<string>();
    for (let i = 0; i < 20; i++) ids.add((await createWatchVia(u)).watch.watch_id);
    const now = new Date(Date.now() + 1000);
    const results = await Promise.all(Array.from({ length: 6 }, () => claimDueWatches(t.db, 5, now)));
    const claimed = results
      .flat()
      .map((c) => c.id)
      .filter((id) => ids.has(id));
    expect(new Set(claimed).size).toBe(claimed.length);
    // A claimed watch cannot be claimed again while its lease runs.
    const again = (await claimDueWatches(t.db, 100, now)).map((c) => c.id).filter((id) => claimed.includes(id));
    expect(again).toEqual([]);
  });

  it("concurrent expiry sweeps announce each watch once", async () => {
    const u = await makeUser({ plan: "starter" });
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) ids.push((await createWatchVia(u)).watch.watch_id);
    const now = new Date();
    await t.db
      .update(watches)
      .set({ startsAt: new Date(now.getTime() - 2 * HOUR), endsAt: new Date(now.getTime() - 1000) })
      .where(eq(watches.accountId, u.accountId));
    const counts = await Promise.all(Array.from({ length: 4 }, () => expireWatches({ now, limit: 3 })));
    while ((await expireWatches({ now })) > 0);
    expect(counts.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(10);
    const ev = await queryOne<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM watch_events WHERE account_id = ${u.accountId} AND type = 'weather.watch_expired'`,
    );
    expect(ev?.n).toBe(10);
  });
});
