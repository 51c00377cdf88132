import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { setPlan } from "@/lib/accounts/set-plan";
import { getDb } from "@/lib/db/client";
import { queryOne, queryRows } from "@/lib/db/sql";
import { call } from "@/lib/http/testing/call-route";
import { makeUser } from "@/lib/testing/fixtures";
import { routeModule } from "@/lib/testing/route-registry";
import { emitEvent } from "@/lib/events/emit-event";
import { listEvents, ListEventsQuery } from "./event-log";
import { pruneWebhookHistory } from "./retention";
import { deliveryTestWorld } from "./testing/delivery-world";
import { drainDeliveries, endpointFor } from "./testing/helpers";

/*
 * POST /v1/webhooks/{id}/recover (issue 29) against a real HTTPS receiver that was down: every
 * failed event of the window is delivered again exactly once more, none outside it, and a second
 * recover while the first's chains are pending re-enqueues nothing.
 */
const world = deliveryTestWorld("0,0");
const recoverRoute = await routeModule("/v1/webhooks/{webhook_id}/recover");
const eventRoute = await routeModule("/v1/events/{event_id}");

const change = (n: number) => ({ watch_id: "7d0c0a43-3f0f-4b36-9a55-2d0d3b7b2c11", n });

async function lastCompletedAt(eventId: string): Promise<Date> {
  const row = await queryOne<{ at: Date | string }>(
    await getDb(),
    sql`SELECT max(completed_at) AS at FROM webhook_deliveries WHERE event_id = ${eventId}::uuid`,
  );
  return new Date(row!.at);
}
const after = (d: Date) => new Date(d.getTime() + 1).toISOString();

function recover(key: string, webhookId: string, body: unknown) {
  return call(recoverRoute.POST, {
    method: "POST",
    path: `/v1/webhooks/${webhookId}/recover`,
    bearer: key,
    body,
    params: { webhook_id: webhookId },
  });
}

describe("recover failed deliveries", () => {
  it("re-delivers every failed event of the window exactly once more; none outside it; a repeat while pending adds nothing", async () => {
    const u = await makeUser({ plan: "starter" });
    const key = await u.key(["weather:webhooks"]);
    let up = false;
    world.rx.respond(() => (up ? { status: 200 } : { status: 503 }));
    const ep = await endpointFor(u.accountId, world.rx.url("/hook"), ["weather.change_detected"]);
    const other = await endpointFor(u.accountId, world.rx.url("/other"), ["weather.change_detected"]);
    const emit = async (n: number) =>
      (await emitEvent({ accountId: u.accountId, type: "weather.change_detected", data: change(n) })).eventId;

    // Before the window: A fails. In the window: B and C fail, D is delivered (a short recovery of the receiver).
    const a = await emit(1);
    await drainDeliveries();
    const since = after(await lastCompletedAt(a));
    const [b, c] = [await emit(2), await emit(3)];
    await drainDeliveries();
    up = true;
    const d = await emit(4);
    await drainDeliveries();
    up = false;
    const until = after(await lastCompletedAt(c));
    // After the window: F fails.
    const f = await emit(5);
    await drainDeliveries();

    const byEvent = (id: string, path = "/hook") =>
      world.rx.requests.filter((r) => r.url === path && r.headers["webhook-id"] === id).length;
    const before = Object.fromEntries([a, b, c, d, f].map((id) => [id, byEvent(id)]));
    expect(before).toEqual({ [a]: 2, [b]: 2, [c]: 2, [d]: 1, [f]: 2 });

    up = true;
    const first = await recover(key, ep.webhook_id, { since, until });
    expect(first.status).toBe(202);
    expect(first.body.data).toEqual({
      webhook_id: ep.webhook_id,
      from_webhook_ids: [ep.webhook_id],
      since,
      until,
      count: 2,
    });
    // Repeated while the recovered chains are still pending: nothing is enqueued twice.
    const second = await recover(key, ep.webhook_id, { since, until });
    expect(second.body.data.count).toBe(0);
    // Only this endpoint's chains: the other endpoint's failures of the same events stay as they are.
    const recoveredRows = await queryRows<{ event_id: string; endpoint_id: string; recovered_from: string | null }>(
      await getDb(),
      sql`SELECT event_id, endpoint_id, recovered_from FROM webhook_deliveries WHERE recovered_from IS NOT NULL`,
    );
    expect(recoveredRows.map((r) => r.event_id).sort()).toEqual([b, c].sort());
    expect(new Set(recoveredRows.map((r) => r.endpoint_id))).toEqual(new Set([ep.webhook_id]));

    await drainDeliveries();
    const afterRecover = Object.fromEntries([a, b, c, d, f].map((id) => [id, byEvent(id) - before[id]]));
    expect(afterRecover).toEqual({ [a]: 0, [b]: 1, [c]: 1, [d]: 0, [f]: 0 });
    expect(byEvent(b, "/other")).toBe(2);
    // The redelivery is the same event: the same body, webhook-id and X-Service-Event-Id.
    const hits = world.rx.requests.filter((r) => r.url === "/hook" && r.headers["webhook-id"] === b);
    expect(hits[hits.length - 1].rawBody).toBe(hits[0].rawBody);
    expect(hits[hits.length - 1].headers["x-service-event-id"]).toBe(b);
    // Delivered now, so a third recover of the window finds nothing; the event log says delivered.
    expect((await recover(key, ep.webhook_id, { since, until })).body.data.count).toBe(0);
    const ev = await call(eventRoute.GET, { path: `/v1/events/${b}`, bearer: key, params: { event_id: b } });
    expect(
      ev.body.data.deliveries
        .filter((x: { webhook_id: string; status: string }) => x.webhook_id === ep.webhook_id)
        .map((x: { status: string }) => x.status),
    ).toEqual(["giving_up", "delivered"]);
    expect(other.webhook_id).not.toBe(ep.webhook_id);
  });

  it("a recovered chain that fails again can be recovered again (one new chain per event)", async () => {
    const u = await makeUser({ plan: "starter" });
    const key = await u.key(["weather:webhooks"]);
    world.rx.respond(() => ({ status: 500 }));
    const ep = await endpointFor(u.accountId, world.rx.url("/down"), ["weather.change_detected"]);
    const since = new Date(Date.now() - 60_000).toISOString();
    const id = (await emitEvent({ accountId: u.accountId, type: "weather.change_detected", data: change(1) })).eventId;
    await drainDeliveries();
    expect((await recover(key, ep.webhook_id, { since })).body.data.count).toBe(1);
    await drainDeliveries();
    // Two failed chains of the event now; recovering again makes one new chain, not two.
    expect((await recover(key, ep.webhook_id, { since })).body.data.count).toBe(1);
    const n = await queryOne<{ n: number }>(
      await getDb(),
      sql`SELECT count(*)::int AS n FROM webhook_deliveries WHERE event_id = ${id}::uuid AND status = 'pending'`,
    );
    expect(n?.n).toBe(1);
  });

  it("concurrent recovers of one window enqueue each event once", async () => {
    const u = await makeUser({ plan: "starter" });
    const key = await u.key(["weather:webhooks"]);
    world.rx.respond(() => ({ status: 503 }));
    const ep = await endpointFor(u.accountId, world.rx.url("/race"), ["weather.change_detected"]);
    const since = new Date(Date.now() - 60_000).toISOString();
    for (let i = 0; i < 5; i++)
      await emitEvent({ accountId: u.accountId, type: "weather.change_detected", data: change(i) });
    await drainDeliveries();
    const results = await Promise.all(Array.from({ length: 8 }, () => recover(key, ep.webhook_id, { since })));
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(202));
    expect(results.reduce((s, r) => s + r.body.data.count, 0)).toBe(5);
  });

  it("reaches back at most the plan's retention; refuses a reversed window, a disabled or foreign endpoint", async () => {
    const u = await makeUser({ plan: "free" });
    const key = await u.key(["weather:webhooks"]);
    const ep = await endpointFor(u.accountId, world.rx.url("/x"), ["weather.change_detected"]);
    const eightDaysAgo = new Date(Date.now() - 8 * 86_400_000).toISOString();
    const old = await recover(key, ep.webhook_id, { since: eightDaysAgo });
    expect(old.status).toBe(202);
    const freeStart = Date.parse(old.body.data.since);
    expect(Math.abs(freeStart - (Date.now() - 7 * 86_400_000))).toBeLessThan(3_600_000);
    await setPlan({ accountId: u.accountId, plan: "starter" });
    const paidKey = await u.key(["weather:webhooks"]);
    expect((await recover(paidKey, ep.webhook_id, { since: eightDaysAgo })).body.data.since).toBe(eightDaysAgo);
    const reversed = await recover(key, ep.webhook_id, {
      since: new Date().toISOString(),
      until: new Date(Date.now() - 1000).toISOString(),
    });
    expect(reversed.status).toBe(400);
    expect(reversed.body.error.message).toMatch(/until must be after since/);
    expect((await recover(key, ep.webhook_id, { since: "yesterday" })).status).toBe(400);
    expect((await recover(key, ep.webhook_id, {})).status).toBe(400);
    const stranger = await makeUser({ plan: "starter" });
    expect(
      (await recover(await stranger.key(["weather:webhooks"]), ep.webhook_id, { since: new Date().toISOString() }))
        .status,
    ).toBe(404);
    await getDb().then((db) =>
      db.execute(sql`UPDATE webhook_endpoints SET status = 'disabled' WHERE id = ${ep.webhook_id}::uuid`),
    );
    expect((await recover(paidKey, ep.webhook_id, { since: new Date().toISOString() })).status).toBe(409);
  });

  it("retention: events are stored for the longest plan retention (a free account's past 7 days are hidden, not deleted); older ones go with their chains and attempts, never one with a pending chain", async () => {
    const free = await makeUser({ plan: "free" });
    const paid = await makeUser({ plan: "pro" });
    world.rx.respond(() => ({ status: 200 }));
    await endpointFor(free.accountId, world.rx.url("/f"), ["weather.change_detected"]);
    await endpointFor(paid.accountId, world.rx.url("/p"), ["weather.change_detected"]);
    const mk = async (accountId: string) =>
      (await emitEvent({ accountId, type: "weather.change_detected", data: change(0) })).eventId;
    const [freeOld, freeNew, paidOld, paidAncient] = [
      await mk(free.accountId),
      await mk(free.accountId),
      await mk(paid.accountId),
      await mk(paid.accountId),
    ];
    await drainDeliveries();
    const pendingId = await mk(free.accountId);
    const db = await getDb();
    // The event and its deliveries' copy of its created_at move together (one statement: the foreign key is checked at its end).
    const age = (id: string, days: number) =>
      db.execute(sql`WITH e AS (UPDATE webhook_events SET created_at = now() - make_interval(days => ${days}::int) WHERE id = ${id}::uuid RETURNING id, created_at)
        UPDATE webhook_deliveries d SET event_created_at = e.created_at FROM e WHERE d.event_id = e.id`);
    await age(freeOld, 8);
    await age(freeNew, 6);
    await age(paidOld, 8);
    await age(paidAncient, 31);
    await age(pendingId, 40);
    let deleted = 0;
    for (let n = await pruneWebhookHistory(); n > 0; n = await pruneWebhookHistory()) deleted += n;
    const left = await queryRows<{ id: string }>(
      db,
      sql`SELECT id FROM webhook_events WHERE id IN (${sql.join(
        [freeOld, freeNew, paidOld, paidAncient, pendingId].map((i) => sql`${i}::uuid`),
        sql`, `,
      )})`,
    );
    expect(new Set(left.map((r) => r.id))).toEqual(new Set([freeOld, freeNew, paidOld, pendingId]));
    expect(deleted).toBeGreaterThanOrEqual(1);
    const orphans = await queryOne<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM webhook_attempts a WHERE a.event_id = ${paidAncient}::uuid`,
    );
    expect(orphans?.n).toBe(0);
    const listed = (await listEvents(free.accountId, ListEventsQuery.parse({}))).events.map((e) => e.event_id);
    expect(listed).toContain(freeNew);
    expect(listed).not.toContain(freeOld);
    expect((await listEvents(paid.accountId, ListEventsQuery.parse({}))).events.map((e) => e.event_id)).toEqual([
      paidOld,
    ]);
  });
});
