import { describe, expect, it } from "vitest";
import { encode } from "next-auth/jwt";
import { authSecret } from "@/lib/auth/auth-secret";
import { call } from "@/lib/http/testing/call-route";
import { makeUser, type TestUser } from "@/lib/testing/fixtures";
import { securitySuite } from "@/lib/testing/security-suite";
import { openApiDocument } from "@/lib/registry/openapi-document";
import { emitEvent } from "@/lib/events/emit-event";
import { deliveryTestWorld } from "./testing/delivery-world";
import { drainDeliveries, endpointFor } from "./testing/helpers";
import { routeModule } from "@/lib/testing/route-registry";

const collection = await routeModule("/v1/webhooks");
const single = await routeModule("/v1/webhooks/{webhook_id}");
const attempts = await routeModule("/v1/webhooks/{webhook_id}/attempts");
const testEvent = await routeModule("/v1/webhooks/{webhook_id}/test");
const redeliver = await routeModule("/v1/webhooks/{webhook_id}/events/{event_id}/redeliver");
const secretRoute = await routeModule("/api/developer/watch-signing-secret");
const rotateRoute = await routeModule("/api/developer/watch-signing-secret/rotate");

const world = deliveryTestWorld("0", { receiverPerFile: true });

const EVENTS = ["weather.change_detected", "weather.webhook_endpoint_disabled"] as const;
const created = async (u: TestUser) => endpointFor(u.accountId, "https://hooks.example.com/in", [...EVENTS]);
const scopes = ["weather:webhooks" as const];

securitySuite({
  name: "POST /v1/webhooks",
  handler: collection.POST,
  method: "POST",
  credential: "apiKey",
  scopes,
  family: "weather",
  target: async () => ({
    path: "/v1/webhooks",
    body: { url: "https://hooks.example.com/in", events: ["weather.change_detected"], description: "x" },
  }),
});
securitySuite({
  name: "GET /v1/webhooks",
  handler: collection.GET,
  method: "GET",
  credential: "apiKey",
  scopes,
  family: "weather",
  target: async () => ({ path: "/v1/webhooks" }),
});
for (const [name, handler, method, suffix] of [
  ["GET /v1/webhooks/{id}", single.GET, "GET", ""],
  ["DELETE /v1/webhooks/{id}", single.DELETE, "DELETE", ""],
  ["GET /v1/webhooks/{id}/attempts", attempts.GET, "GET", "/attempts"],
  ["POST /v1/webhooks/{id}/test", testEvent.POST, "POST", "/test"],
] as const) {
  securitySuite({
    name,
    handler,
    method,
    credential: "apiKey",
    scopes,
    family: "weather",
    ownedResource: true,
    target: async (owner) => {
      const ep = await created(owner);
      return { path: `/v1/webhooks/${ep.webhook_id}${suffix}`, params: { webhook_id: ep.webhook_id } };
    },
  });
}
securitySuite({
  name: "POST /v1/webhooks/{id}/events/{event_id}/redeliver",
  handler: redeliver.POST,
  method: "POST",
  credential: "apiKey",
  scopes,
  family: "weather",
  ownedResource: true,
  target: async (owner) => {
    const ep = await created(owner);
    const { eventId } = await emitEvent({ accountId: owner.accountId, type: "weather.change_detected", data: {} });
    return {
      path: `/v1/webhooks/${ep.webhook_id}/events/${eventId}/redeliver`,
      params: { webhook_id: ep.webhook_id, event_id: eventId },
    };
  },
});
securitySuite({
  name: "GET /api/developer/watch-signing-secret",
  handler: secretRoute.GET,
  method: "GET",
  credential: "apiKey",
  family: "api",
  target: async () => ({ path: "/api/developer/watch-signing-secret" }),
});
securitySuite({
  name: "POST /api/developer/watch-signing-secret/rotate",
  handler: rotateRoute.POST,
  method: "POST",
  credential: "apiKey",
  family: "api",
  target: async () => ({ path: "/api/developer/watch-signing-secret/rotate" }),
});

describe("webhook endpoint routes", () => {
  it("create returns the secret once; reads show only secret_prefix; 1 unit billed", async () => {
    const u = await makeUser();
    const key = await u.key(["weather:webhooks"]);
    const res = await call(collection.POST, {
      method: "POST",
      path: "/v1/webhooks",
      bearer: key,
      body: {
        url: "https://hooks.example.com/in",
        events: ["weather.change_detected", "weather.watch_expired"],
        description: "prod",
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.meta.billing_units).toBe(1);
    const ep = res.body.data;
    expect(ep).toMatchObject({
      status: "active",
      failure_count: 0,
      description: "prod",
      disabled_at: null,
      disabled_reason: null,
      last_delivery_at: null,
    });
    expect(ep.secret).toMatch(/^whsec_[0-9a-f]{32}$/);
    expect(ep.secret.startsWith(ep.secret_prefix)).toBe(true);
    // A billed call can be refused at the monthly cap; the description documents it.
    const documented = openApiDocument().paths?.["/v1/webhooks"]?.post?.responses ?? {};
    expect(Object.keys(documented)).toContain("429");

    const list = await call(collection.GET, { path: "/v1/webhooks", bearer: key });
    expect(list.status).toBe(200);
    expect(list.body.meta.billing_units).toBe(0);
    expect(list.body.data.webhooks).toHaveLength(1);
    expect(list.text).not.toContain(ep.secret);
    const one = await call(single.GET, {
      path: `/v1/webhooks/${ep.webhook_id}`,
      params: { webhook_id: ep.webhook_id },
      bearer: key,
    });
    expect(one.body.data).toEqual(list.body.data.webhooks[0]);
    expect(one.body.data.secret).toBeUndefined();
  });

  it("rejects bad input with field-level messages and bills nothing", async () => {
    const u = await makeUser();
    const key = await u.key(["weather:webhooks"]);
    const cases: Array<[unknown, RegExp]> = [
      [{ url: "http://hooks.example.com/in", events: ["weather.change_detected"] }, /https/],
      [
        { url: "https://169.254.169.254/", events: ["weather.change_detected"] },
        /url: must be a public address: it points to an internal address \(169\.254\.169\.254\)/,
      ],
      [{ url: "https://hooks.example.com/in", events: [] }, /at least one/],
      [{ url: "https://hooks.example.com/in", events: ["weather.nope"] }, /must be one of/],
      [
        { url: "https://hooks.example.com/in", events: ["weather.change_detected", "weather.change_detected"] },
        /repeat/,
      ],
      [{ events: ["weather.change_detected"] }, /url/],
    ];
    for (const [body, msg] of cases) {
      const res = await call(collection.POST, { method: "POST", path: "/v1/webhooks", bearer: key, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe("bad_request");
      expect(res.body.error.message).toMatch(msg);
    }
    const malformed = await call(collection.POST, {
      method: "POST",
      path: "/v1/webhooks",
      bearer: key,
      rawBody: "{",
      headers: { "content-type": "application/json" },
    });
    expect(malformed.status).toBe(400);
  });

  it("DELETE disables, keeps the row and its attempts; list includes it", async () => {
    const u = await makeUser();
    const key = await u.key(["weather:webhooks"]);
    const ep = await endpointFor(u.accountId, world.rx.url("/del"), ["weather.change_detected"]);
    await emitEvent({ accountId: u.accountId, type: "weather.change_detected", data: {} });
    await drainDeliveries();
    const del = await call(single.DELETE, {
      method: "DELETE",
      path: `/v1/webhooks/${ep.webhook_id}`,
      params: { webhook_id: ep.webhook_id },
      bearer: key,
    });
    expect(del.status).toBe(200);
    expect(del.body.meta.billing_units).toBe(1);
    expect(del.body.data).toMatchObject({ webhook_id: ep.webhook_id, status: "disabled" });
    expect(Date.parse(del.body.data.disabled_at)).not.toBeNaN();
    const list = await call(collection.GET, { path: "/v1/webhooks", bearer: key });
    expect(list.body.data.webhooks[0]).toMatchObject({ webhook_id: ep.webhook_id, status: "disabled" });
    const att = await call(attempts.GET, {
      path: `/v1/webhooks/${ep.webhook_id}/attempts`,
      params: { webhook_id: ep.webhook_id },
      bearer: key,
    });
    expect(att.body.data.attempts).toHaveLength(1);
    const test = await call(testEvent.POST, {
      method: "POST",
      path: `/v1/webhooks/${ep.webhook_id}/test`,
      params: { webhook_id: ep.webhook_id },
      bearer: key,
    });
    expect(test.status).toBe(409);
  });

  it("attempts: newest first, limit default 50, max 200", async () => {
    const u = await makeUser();
    const key = await u.key(["weather:webhooks"]);
    const ep = await endpointFor(u.accountId, world.rx.url("/many"), ["weather.change_detected"]);
    for (let i = 0; i < 3; i++)
      await emitEvent({ accountId: u.accountId, type: "weather.change_detected", data: { i } });
    await drainDeliveries();
    const path = `/v1/webhooks/${ep.webhook_id}/attempts`;
    const params = { webhook_id: ep.webhook_id };
    const all = await call(attempts.GET, { path, params, bearer: key });
    expect(all.status).toBe(200);
    expect(all.body.data.webhook_id).toBe(ep.webhook_id);
    const list = all.body.data.attempts;
    expect(list).toHaveLength(3);
    const times = list.map((a: { attempted_at: string }) => Date.parse(a.attempted_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(Object.keys(list[0]).sort()).toEqual(
      [
        "attempt_id",
        "attempt_number",
        "attempted_at",
        "completed_at",
        "error_message",
        "event_id",
        "event_type",
        "next_retry_at",
        "request_signature",
        "request_timestamp",
        "response_body_excerpt",
        "response_status",
        "response_time_ms",
        "scheduled_at",
        "status",
        "delivery_id",
        "delivery_kind",
        "chain_status",
        "webhook_id",
        "watch_id",
        "url",
        "request_body",
        "request_headers",
        "response_headers",
      ].sort(),
    );
    const two = await call(attempts.GET, { path: `${path}?limit=2`, params, bearer: key });
    expect(two.body.data.attempts).toHaveLength(2);
    for (const bad of ["0", "201", "abc"]) {
      const res = await call(attempts.GET, { path: `${path}?limit=${bad}`, params, bearer: key });
      expect(res.status, bad).toBe(400);
      expect(res.body.error.message).toMatch(/limit/);
    }
    expect((await call(attempts.GET, { path: `${path}?limit=200`, params, bearer: key })).status).toBe(200);
  });

  it("send test event attempts at once and returns the attempt; redeliver re-sends an event with the same id", async () => {
    const u = await makeUser();
    const key = await u.key(["weather:webhooks"]);
    world.rx.respond(() => ({ status: 200, body: "thanks" }));
    const ep = await endpointFor(u.accountId, world.rx.url("/manual"), ["weather.change_detected"]);
    const params = { webhook_id: ep.webhook_id };
    const test = await call(testEvent.POST, {
      method: "POST",
      path: `/v1/webhooks/${ep.webhook_id}/test`,
      params,
      bearer: key,
      body: { event_type: "weather.change_detected" },
    });
    expect(test.status).toBe(201);
    expect(test.body.data.attempt).toMatchObject({
      status: "delivered",
      response_status: 200,
      response_body_excerpt: "thanks",
      attempt_number: 1,
    });
    const received = JSON.parse(world.rx.requests.at(-1)!.rawBody);
    expect(received).toMatchObject({
      id: test.body.data.event_id,
      type: "weather.change_detected",
      data: { test: true },
    });

    const { eventId } = await emitEvent({ accountId: u.accountId, type: "weather.change_detected", data: { n: 1 } });
    await drainDeliveries();
    const again = await call(redeliver.POST, {
      method: "POST",
      path: `/v1/webhooks/${ep.webhook_id}/events/${eventId}/redeliver`,
      params: { ...params, event_id: eventId },
      bearer: key,
    });
    expect(again.status).toBe(202);
    expect(again.body.data.attempt_id).toBe(again.body.data.attempt.attempt_id);
    expect(again.body.data).toMatchObject({
      event_id: eventId,
      webhook_id: ep.webhook_id,
      attempt: { status: "delivered", event_id: eventId },
    });
    const both = world.rx.requests.filter((r) => r.headers["x-service-event-id"] === eventId);
    expect(both).toHaveLength(2);
    expect(both[0].rawBody).toBe(both[1].rawBody);

    // An event type the endpoint neither subscribes to nor was ever sent: 409 with the reason.
    const { eventId: unrelated } = await emitEvent({ accountId: u.accountId, type: "weather.watch_failed", data: {} });
    const refused = await call(redeliver.POST, {
      method: "POST",
      path: `/v1/webhooks/${ep.webhook_id}/events/${unrelated}/redeliver`,
      params: { ...params, event_id: unrelated },
      bearer: key,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/not subscribed to weather.watch_failed/);

    const other = await makeUser();
    const { eventId: foreign } = await emitEvent({
      accountId: other.accountId,
      type: "weather.change_detected",
      data: {},
    });
    const nope = await call(redeliver.POST, {
      method: "POST",
      path: `/v1/webhooks/${ep.webhook_id}/events/${foreign}/redeliver`,
      params: { ...params, event_id: foreign },
      bearer: key,
    });
    expect(nope.status).toBe(404);
  });

  it("the portal reveals and rotates the watch signing secret with its session", async () => {
    const u = await makeUser();
    const cookie = `next-auth.session-token=${await encode({ token: { sub: u.userId }, secret: authSecret() })}`;
    const first = await call(secretRoute.GET, { path: "/api/developer/watch-signing-secret", headers: { cookie } });
    expect(first.status).toBe(200);
    expect(first.body.secret).toMatch(/^whsec_[0-9a-f]{32}$/);
    const same = await call(secretRoute.GET, { path: "/api/developer/watch-signing-secret", headers: { cookie } });
    expect(same.body.secret).toBe(first.body.secret);
    const rotated = await call(rotateRoute.POST, {
      method: "POST",
      path: "/api/developer/watch-signing-secret/rotate",
      headers: { cookie, host: "localhost", origin: "http://localhost" },
    });
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).not.toBe(first.body.secret);
    expect(rotated.body.rotated_at).not.toBeNull();
    // An API key is not enough to read a secret.
    const key = await u.key(["weather:webhooks"]);
    expect((await call(secretRoute.GET, { path: "/api/developer/watch-signing-secret", bearer: key })).status).toBe(
      401,
    );
  });
});
