import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { call } from "@/lib/http/testing/call-route";
import { makeUser, type TestUser } from "@/lib/testing/fixtures";
import { securitySuite } from "@/lib/testing/security-suite";
import { createWatchVia, watchBody } from "@/lib/watches/testing/watch-fixtures";
import { emitEvent } from "@/lib/events/emit-event";
import { drainDeliveries, endpointFor, setWebhookEnv } from "./testing/helpers";
import { deliveryTestWorld } from "./testing/delivery-world";
import { attemptDueDeliveries } from "./attempt-delivery";
import { getOrCreateWatchSigningSecret } from "./watch-signing-secret";
import { routeModule } from "@/lib/testing/route-registry";

const eventsRoute = await routeModule("/v1/events");
const eventRoute = await routeModule("/v1/events/{event_id}");
const attemptsRoute = await routeModule("/v1/webhooks/{webhook_id}/attempts");
const watchAttemptsRoute = await routeModule("/v1/weather/watch/{watch_id}/attempts");
const watchRedeliverRoute = await routeModule("/v1/weather/watch/{watch_id}/events/{event_id}/redeliver");

const world = deliveryTestWorld("0,0,0");

const hmac = (secret: string, ts: string, body: string) =>
  createHmac("sha256", secret).update(`${ts}.${body}`).digest("hex");
const CHANGE = "weather.change_detected" as const;

async function keyed(u: TestUser) {
  return u.key(["weather:webhooks", "weather:watch"]);
}
const attemptsOf = (key: string, webhookId: string, qs = "") =>
  call(attemptsRoute.GET, {
    path: `/v1/webhooks/${webhookId}/attempts${qs}`,
    params: { webhook_id: webhookId },
    bearer: key,
  });

describe("attempt detail", () => {
  it("records the body byte-identical to what the HTTPS receiver got; its signature verifies; headers both ways; the event payload is the same bytes", async () => {
    const u = await makeUser();
    const key = await keyed(u);
    world.rx.respond(() => ({ status: 200, body: "thanks", headers: { "x-receiver": "rx-1" } }));
    const ep = await endpointFor(u.accountId, world.rx.url("/exact"), [CHANGE]);
    // Non-ASCII and nested data: the bytes must survive the round trip unchanged.
    const { eventId } = await emitEvent({
      accountId: u.accountId,
      type: CHANGE,
      data: { place: "São Paulo ☂", n: [1, 2.5], nested: { z: 1, a: null } },
    });
    await drainDeliveries();

    expect(world.rx.requests).toHaveLength(1);
    const got = world.rx.requests[0];
    const res = await attemptsOf(key, ep.webhook_id);
    expect(res.status).toBe(200);
    const [a] = res.body.data.attempts;
    expect(a.request_body).toBe(got.rawBody);
    expect(Buffer.from(a.request_body, "utf8").equals(Buffer.from(got.rawBody, "utf8"))).toBe(true);
    expect(a.request_headers["x-service-signature"]).toBe(got.headers["x-service-signature"]);
    expect(a.request_headers["x-service-timestamp"]).toBe(got.headers["x-service-timestamp"]);
    expect(a.request_headers["content-length"]).toBe(got.headers["content-length"]);
    expect(hmac(ep.secret, a.request_headers["x-service-timestamp"], a.request_body)).toBe(a.request_signature);
    expect(a.response_headers["x-receiver"]).toBe("rx-1");
    expect(a.response_body_excerpt).toBe("thanks");
    expect(a).toMatchObject({
      status: "delivered",
      delivery_kind: "endpoint",
      chain_status: "delivered",
      webhook_id: ep.webhook_id,
      event_id: eventId,
    });
    // The secret never appears in what we show.
    expect(res.text).not.toContain(ep.secret);

    const ev = await call(eventRoute.GET, {
      path: `/v1/events/${eventId}`,
      params: { event_id: eventId },
      bearer: key,
    });
    expect(ev.status).toBe(200);
    expect(ev.body.data.payload).toBe(got.rawBody);
    expect(ev.body.data.deliveries).toEqual([
      expect.objectContaining({
        target: "webhook_endpoint",
        webhook_id: ep.webhook_id,
        status: "delivered",
        attempts_made: 1,
        next_attempt_at: null,
        last_attempt: expect.objectContaining({ attempt_id: a.attempt_id, response_status: 200 }),
      }),
    ]);
  });

  it("statuses stay true: a running chain's latest failure reads retrying, superseded ones read failed; filters by status and event", async () => {
    const u = await makeUser();
    const key = await keyed(u);
    world.rx.respond(() => ({ status: 500, body: "down" }));
    const ep = await endpointFor(u.accountId, world.rx.url("/down"), [CHANGE]);
    const bad = await emitEvent({ accountId: u.accountId, type: CHANGE, data: { k: "bad" } });

    expect(await attemptDueDeliveries()).toBe(1);
    let list = (await attemptsOf(key, ep.webhook_id)).body.data.attempts;
    expect(list.map((x: { status: string }) => x.status)).toEqual(["retrying"]);
    expect(list[0].next_retry_at).not.toBeNull();
    expect(
      (
        await call(eventRoute.GET, {
          path: `/v1/events/${bad.eventId}`,
          params: { event_id: bad.eventId },
          bearer: key,
        })
      ).body.data.deliveries[0],
    ).toMatchObject({ status: "pending", attempts_made: 1, next_attempt_at: expect.any(String) });

    await drainDeliveries();
    list = (await attemptsOf(key, ep.webhook_id, `?event_id=${bad.eventId}`)).body.data.attempts;
    expect(list.map((x: { attempt_number: number; status: string }) => [x.attempt_number, x.status])).toEqual([
      [3, "giving_up"],
      [2, "failed"],
      [1, "failed"],
    ]);
    expect(
      list.every(
        (x: { next_retry_at: string | null; chain_status: string }) =>
          x.next_retry_at === null && x.chain_status === "giving_up",
      ),
    ).toBe(true);

    // Another event on the same endpoint, delivered: filters separate them.
    world.rx.respond(() => ({ status: 204 }));
    const good = await emitEvent({ accountId: u.accountId, type: CHANGE, data: { k: "good" } });
    await drainDeliveries();
    const failed = (await attemptsOf(key, ep.webhook_id, "?status=failed")).body.data.attempts;
    expect(failed.map((x: { attempt_number: number }) => x.attempt_number)).toEqual([2, 1]);
    const delivered = (await attemptsOf(key, ep.webhook_id, "?status=delivered")).body.data.attempts;
    expect(delivered.map((x: { event_id: string }) => x.event_id)).toEqual([good.eventId]);
    expect((await attemptsOf(key, ep.webhook_id, `?event_id=${good.eventId}`)).body.data.attempts).toHaveLength(1);
    expect(
      (
        await attemptsOf(
          key,
          ep.webhook_id,
          `?since=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`,
        )
      ).body.data.attempts,
    ).toEqual([]);

    // Events list: delivery state and type filters.
    const failedEvents = await call(eventsRoute.GET, { path: "/v1/events?status=failed", bearer: key });
    expect(failedEvents.body.data.events.map((e: { event_id: string }) => e.event_id)).toContain(bad.eventId);
    expect(failedEvents.body.data.events.map((e: { event_id: string }) => e.event_id)).not.toContain(good.eventId);
  });

  it("pages with a cursor without skipping or repeating rows; bad filters are 400 naming the field", async () => {
    const u = await makeUser();
    const key = await keyed(u);
    const ep = await endpointFor(u.accountId, world.rx.url("/pages"), [CHANGE]);
    for (let i = 0; i < 5; i++) await emitEvent({ accountId: u.accountId, type: CHANGE, data: { i } });
    await drainDeliveries();
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 10; page++) {
      const r: Awaited<ReturnType<typeof attemptsOf>> = await attemptsOf(
        key,
        ep.webhook_id,
        `?limit=2${cursor ? `&cursor=${cursor}` : ""}`,
      );
      expect(r.status).toBe(200);
      seen.push(...r.body.data.attempts.map((a: { attempt_id: string }) => a.attempt_id));
      cursor = r.body.data.next_cursor;
      if (!r.body.data.has_more) break;
    }
    expect(seen).toHaveLength(5);
    expect(new Set(seen).size).toBe(5);

    const events: string[] = [];
    let ec: string | null = null;
    do {
      const r: { body: any } = await call(eventsRoute.GET, {
        path: `/v1/events?limit=2&type=${CHANGE}${ec ? `&cursor=${ec}` : ""}`,
        bearer: key,
      });
      events.push(...r.body.data.events.map((e: { event_id: string }) => e.event_id));
      ec = r.body.data.next_cursor;
    } while (ec);
    expect(new Set(events).size).toBe(5);

    for (const [qs, field] of [
      ["?status=bogus", "status"],
      ["?event_id=nope", "event_id"],
      ["?since=yesterday", "since"],
      ["?cursor=abc", "cursor"],
      ["?limit=0", "limit"],
    ]) {
      const r = await attemptsOf(key, ep.webhook_id, qs);
      expect(r.status, qs).toBe(400);
      expect(r.body.error.message, qs).toContain(field);
    }
    for (const qs of ["?type=weather.nope", "?status=x", "?cursor=%%%"]) {
      expect((await call(eventsRoute.GET, { path: `/v1/events${qs}`, bearer: key })).status, qs).toBe(400);
    }
  });

  it("another account's event is 404, and an event with no target is still stored", async () => {
    const a = await makeUser();
    const b = await makeUser();
    const { eventId } = await emitEvent({ accountId: a.accountId, type: CHANGE, data: { lonely: true } });
    const own = await call(eventRoute.GET, {
      path: `/v1/events/${eventId}`,
      params: { event_id: eventId },
      bearer: await keyed(a),
    });
    expect(own.status).toBe(200);
    expect(own.body.data.deliveries).toEqual([]);
    const list = await call(eventsRoute.GET, { path: "/v1/events?status=no_targets", bearer: await keyed(a) });
    expect(list.body.data.events.map((e: { event_id: string }) => e.event_id)).toEqual([eventId]);
    const other = await call(eventRoute.GET, {
      path: `/v1/events/${eventId}`,
      params: { event_id: eventId },
      bearer: await keyed(b),
    });
    expect(other.status).toBe(404);
    expect((await call(eventsRoute.GET, { path: "/v1/events", bearer: await keyed(b) })).body.data.events).toEqual([]);
  });
});

describe("events of one watch", () => {
  it("?watch_id= lists every event that watch raised, of any type, and nothing of other watches; a malformed id is 400", async () => {
    const u = await makeUser({ plan: "starter" });
    const key = await keyed(u);
    const { watch } = await createWatchVia(u, watchBody({ webhook_url: world.rx.url("/one") }));
    const { watch: other } = await createWatchVia(u, watchBody({ webhook_url: world.rx.url("/two") }));
    const mine = [
      (
        await emitEvent({
          accountId: u.accountId,
          type: "weather.snapshot_refreshed",
          data: { n: 1 },
          watchId: watch.watch_id,
        })
      ).eventId,
      (await emitEvent({ accountId: u.accountId, type: CHANGE, data: { n: 2 }, watchId: watch.watch_id })).eventId,
    ];
    await emitEvent({ accountId: u.accountId, type: CHANGE, data: { n: 3 }, watchId: other.watch_id });
    await emitEvent({ accountId: u.accountId, type: CHANGE, data: { n: 4 } });
    const res = await call(eventsRoute.GET, { path: `/v1/events?watch_id=${watch.watch_id}`, bearer: key });
    expect(res.status).toBe(200);
    expect(res.body.data.events.map((e: { event_id: string }) => e.event_id).sort()).toEqual([...mine].sort());
    expect(res.body.data.events.every((e: { watch_id: string }) => e.watch_id === watch.watch_id)).toBe(true);
    const bad = await call(eventsRoute.GET, { path: "/v1/events?watch_id=12", bearer: key });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain("watch_id");
  });
});

describe("watch deliveries", () => {
  it("a watch's webhook_url deliveries have attempts; redeliver is 202 with the new attempt, signed with the watch signing secret", async () => {
    const u = await makeUser({ plan: "starter" });
    const key = await keyed(u);
    const { watch } = await createWatchVia(u, watchBody({ webhook_url: world.rx.url("/watch") }));
    world.rx.respond((_r, i) => (i === 0 ? { status: 503 } : { status: 200 }));
    setWebhookEnv({ WEBHOOK_RETRY_SCHEDULE: "0" });
    try {
      const { eventId } = await emitEvent({
        accountId: u.accountId,
        type: CHANGE,
        data: { watch_id: watch.watch_id },
        watchTarget: { url: world.rx.url("/watch"), watchId: watch.watch_id },
      });
      await drainDeliveries();
      const params = { watch_id: watch.watch_id };
      const list = await call(watchAttemptsRoute.GET, {
        path: `/v1/weather/watch/${watch.watch_id}/attempts`,
        params,
        bearer: key,
      });
      expect(list.status).toBe(200);
      expect(list.body.data.attempts).toHaveLength(1);
      expect(list.body.data.attempts[0]).toMatchObject({
        status: "giving_up",
        response_status: 503,
        delivery_kind: "watch",
        webhook_id: null,
        watch_id: watch.watch_id,
      });

      const again = await call(watchRedeliverRoute.POST, {
        method: "POST",
        path: `/v1/weather/watch/${watch.watch_id}/events/${eventId}/redeliver`,
        params: { watch_id: watch.watch_id, event_id: eventId },
        bearer: key,
      });
      expect(again.status).toBe(202);
      expect(again.body.data.attempt_id).toEqual(expect.any(String));
      expect(world.rx.requests).toHaveLength(2);
      const second = world.rx.requests[1];
      expect(second.headers["x-service-event-id"]).toBe(eventId);
      const { secret } = await getOrCreateWatchSigningSecret(u.accountId);
      expect(hmac(secret, String(second.headers["x-service-timestamp"]), second.rawBody)).toBe(
        second.headers["x-service-signature"],
      );
      expect(second.rawBody).toBe(world.rx.requests[0].rawBody);

      const after = await call(watchAttemptsRoute.GET, {
        path: `/v1/weather/watch/${watch.watch_id}/attempts?status=delivered`,
        params,
        bearer: key,
      });
      expect(
        after.body.data.attempts.map((a: { attempt_id: string; delivery_kind: string }) => [
          a.attempt_id,
          a.delivery_kind,
        ]),
      ).toEqual([[again.body.data.attempt_id, "manual"]]);

      // Another watch's event cannot be redelivered through this watch.
      const other = await emitEvent({ accountId: u.accountId, type: CHANGE, data: {} });
      const wrong = await call(watchRedeliverRoute.POST, {
        method: "POST",
        path: `/v1/weather/watch/${watch.watch_id}/events/${other.eventId}/redeliver`,
        params: { watch_id: watch.watch_id, event_id: other.eventId },
        bearer: key,
      });
      expect(wrong.status).toBe(404);
    } finally {
      setWebhookEnv({ WEBHOOK_RETRY_SCHEDULE: "0,0,0" });
    }
  });
});

const scopes = ["weather:webhooks" as const];
securitySuite({
  name: "GET /v1/events",
  handler: eventsRoute.GET,
  method: "GET",
  credential: "apiKey",
  scopes,
  family: "weather",
  target: async () => ({ path: "/v1/events" }),
});
securitySuite({
  name: "GET /v1/events/{id}",
  handler: eventRoute.GET,
  method: "GET",
  credential: "apiKey",
  scopes,
  family: "weather",
  ownedResource: true,
  target: async (owner) => {
    const { eventId } = await emitEvent({ accountId: owner.accountId, type: CHANGE, data: {} });
    return { path: `/v1/events/${eventId}`, params: { event_id: eventId } };
  },
});
securitySuite({
  name: "GET /v1/weather/watch/{id}/attempts",
  handler: watchAttemptsRoute.GET,
  method: "GET",
  credential: "apiKey",
  scopes: ["weather:watch"],
  family: "weather",
  plan: "starter",
  ownedResource: true,
  target: async (owner) => {
    const { watch } = await createWatchVia(owner);
    return { path: `/v1/weather/watch/${watch.watch_id}/attempts`, params: { watch_id: watch.watch_id } };
  },
});
securitySuite({
  name: "POST /v1/weather/watch/{id}/events/{event_id}/redeliver",
  handler: watchRedeliverRoute.POST,
  method: "POST",
  credential: "apiKey",
  scopes: ["weather:watch"],
  family: "weather",
  plan: "starter",
  ownedResource: true,
  target: async (owner) => {
    const { watch } = await createWatchVia(owner);
    const { eventId } = await emitEvent({
      accountId: owner.accountId,
      type: CHANGE,
      data: {},
      watchTarget: { url: "https://hooks.example.com/w", watchId: watch.watch_id },
    });
    return {
      path: `/v1/weather/watch/${watch.watch_id}/events/${eventId}/redeliver`,
      params: { watch_id: watch.watch_id, event_id: eventId },
    };
  },
});
