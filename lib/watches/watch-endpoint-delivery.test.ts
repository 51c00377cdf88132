import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";
import { watches, webhookDeliveries } from "@/drizzle/schema";
import { getDb } from "@/lib/db/client";
import { call } from "@/lib/http/testing/call-route";
import { makeUser } from "@/lib/testing/fixtures";
import { routeModule } from "@/lib/testing/route-registry";
import { rotateSecret } from "@/lib/webhooks/manage-endpoint";
import { disableEndpoint } from "@/lib/webhooks/endpoints";
import { listAttempts } from "@/lib/webhooks/endpoints";
import { redeliverToWatch } from "@/lib/webhooks/watch-deliveries";
import { drainDeliveries, endpointFor } from "@/lib/webhooks/testing/helpers";
import { deliveryTestWorld } from "@/lib/webhooks/testing/delivery-world";
import { recordWatchEvent } from "./emit-watch-event";
import { watchBody } from "./testing/watch-fixtures";

/*
 * Issue 29 item 4: POST /v1/weather/watch with webhook_id delivers through the registered endpoint
 * (its secret and rotation, its attempt log, its subscriptions), checked on real HTTPS deliveries.
 */
const world = deliveryTestWorld("0,0");
const watchRoute = await routeModule("/v1/weather/watch");

const flat = (h: Record<string, string | string[] | undefined>) =>
  Object.fromEntries(Object.entries(h).map(([k, v]) => [k, String(v)]));

async function create(u: Awaited<ReturnType<typeof makeUser>>, overrides: Record<string, unknown>) {
  const key = await u.key(["weather:watch"]);
  const body: Record<string, unknown> = { ...watchBody(), ...overrides };
  for (const k of Object.keys(body)) if (body[k] === undefined) delete body[k];
  return call(watchRoute.POST, { method: "POST", path: "/v1/weather/watch", bearer: key, body });
}

async function fire(watchId: string, data: Record<string, unknown>) {
  const db = await getDb();
  const [w] = await db.select().from(watches).where(eq(watches.id, watchId));
  return db.transaction((tx) => recordWatchEvent(tx, w, "weather.change_detected", data));
}

describe("watches delivering through a registered endpoint (webhook_id)", () => {
  it("creates the watch; its events go to the endpoint signed with the endpoint's secrets, in its attempt log", async () => {
    const u = await makeUser({ plan: "starter" });
    const ep = await endpointFor(u.accountId, world.rx.url("/ep"), ["weather.change_detected"]);
    const res = await create(u, { webhook_url: undefined, webhook_id: ep.webhook_id });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ webhook_id: ep.webhook_id, webhook_url: null });
    const watchId = res.body.data.watch_id as string;

    // Rotation with grace applies to the watch's deliveries like to any of the endpoint's.
    const rotated = await rotateSecret(u.accountId, ep.webhook_id, 24);
    const eventId = await fire(watchId, { changes: [{ metric: "wind_kph", delta: 30 }] });
    await drainDeliveries();
    expect(world.rx.requests).toHaveLength(1);
    const r = world.rx.requests[0];
    expect(r.url).toBe("/ep");
    expect(r.headers["webhook-id"]).toBe(eventId);
    for (const secret of [ep.secret, rotated.secret])
      expect(new Webhook(secret).verify(r.rawBody, flat(r.headers))).toMatchObject({ id: eventId });

    const chains = await (await getDb()).select().from(webhookDeliveries).where(eq(webhookDeliveries.eventId, eventId));
    expect(chains.map((c) => [c.kind, c.endpointId, c.watchId])).toEqual([["endpoint", ep.webhook_id, watchId]]);
    const log = await listAttempts(u.accountId, ep.webhook_id, { limit: 50 } as never);
    expect(log.attempts.map((a) => a.event_id)).toEqual([eventId]);

    // Redelivering from the watch goes through the endpoint too.
    const again = await redeliverToWatch(u.accountId, watchId, eventId);
    expect(again.attempt?.status).toBe("delivered");
    expect(world.rx.requests).toHaveLength(2);
    expect(world.rx.requests[1].url).toBe("/ep");

    // The list and read shapes carry webhook_id.
    const key = await u.key(["weather:watch"]);
    const list = await call(watchRoute.GET, { method: "GET", path: "/v1/weather/watch", bearer: key });
    expect(list.body.data.watches[0]).toMatchObject({
      watch_id: watchId,
      webhook_id: ep.webhook_id,
      webhook_url: null,
    });
  });

  it("the endpoint's subscriptions apply; a disabled endpoint receives nothing more", async () => {
    const u = await makeUser({ plan: "starter" });
    const ep = await endpointFor(u.accountId, world.rx.url("/subs"), [
      "weather.watch_expired",
      "weather.change_detected",
    ]);
    const res = await create(u, { webhook_url: undefined, webhook_id: ep.webhook_id });
    const watchId = res.body.data.watch_id as string;
    const db = await getDb();
    const [w] = await db.select().from(watches).where(eq(watches.id, watchId));
    await db.transaction((tx) => recordWatchEvent(tx, w, "weather.snapshot_refreshed", { n: 1 }));
    await drainDeliveries();
    expect(world.rx.requests).toHaveLength(0); // not subscribed to snapshot_refreshed

    await disableEndpoint(u.accountId, ep.webhook_id);
    await fire(watchId, { n: 2 });
    await drainDeliveries();
    expect(world.rx.requests).toHaveLength(0);
  });

  it("refuses both or neither target, another account's endpoint, a disabled one, and one with no watch event type", async () => {
    const u = await makeUser({ plan: "starter" });
    const other = await makeUser({ plan: "starter" });
    const ep = await endpointFor(u.accountId, world.rx.url("/x"), ["weather.change_detected"]);
    const foreign = await endpointFor(other.accountId, world.rx.url("/y"), ["weather.change_detected"]);
    const metaOnly = await endpointFor(u.accountId, world.rx.url("/z"), ["weather.webhook_endpoint_disabled"]);
    const gone = await endpointFor(u.accountId, world.rx.url("/w"), ["weather.change_detected"]);
    await disableEndpoint(u.accountId, gone.webhook_id);

    const both = await create(u, { webhook_id: ep.webhook_id });
    expect([both.status, both.body.error.code]).toEqual([400, "bad_request"]);
    const neither = await create(u, { webhook_url: undefined });
    expect([neither.status, neither.body.error.details.field]).toEqual([400, "webhook_url"]);
    const cross = await create(u, { webhook_url: undefined, webhook_id: foreign.webhook_id });
    expect([cross.status, cross.body.error.details.field]).toEqual([400, "webhook_id"]);
    const meta = await create(u, { webhook_url: undefined, webhook_id: metaOnly.webhook_id });
    expect([meta.status, meta.body.error.details.field]).toEqual([400, "webhook_id"]);
    const disabled = await create(u, { webhook_url: undefined, webhook_id: gone.webhook_id });
    expect([disabled.status, disabled.body.error.code]).toEqual([409, "conflict"]);
    const notUuid = await create(u, { webhook_url: undefined, webhook_id: "nope" });
    expect(notUuid.status).toBe(400);
    expect((await (await getDb()).select().from(watches).where(eq(watches.accountId, u.accountId))).length).toBe(0);
  });

  it("a webhook_url watch keeps working as before (no webhook_id in the body: webhook_id null)", async () => {
    const u = await makeUser({ plan: "starter" });
    const res = await create(u, { webhook_url: world.rx.url("/plain") });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ webhook_url: world.rx.url("/plain"), webhook_id: null });
    const eventId = await fire(res.body.data.watch_id, { n: 3 });
    await drainDeliveries();
    expect(world.rx.requests.map((r) => [r.url, r.headers["webhook-id"]])).toEqual([["/plain", eventId]]);
  });
});

describe("client-safe watch event types", () => {
  it("match the watch schema's list", async () => {
    const { WATCH_EVENT_TYPES } = await import("@/drizzle/schema");
    const { WATCH_EMITTED_EVENT_TYPES } = await import("@/lib/events/event-types");
    expect([...WATCH_EMITTED_EVENT_TYPES].sort()).toEqual([...WATCH_EVENT_TYPES].sort());
  });
});
