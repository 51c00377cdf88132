import { describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { auditEvents } from "@/drizzle/schema";
import { getDb } from "@/lib/db/client";
import { call } from "@/lib/http/testing/call-route";
import { makeUser, type TestUser } from "@/lib/testing/fixtures";
import { securitySuite } from "@/lib/testing/security-suite";
import { emitEvent } from "@/lib/events/emit-event";
import type { ReceivedRequest } from "./testing/https-receiver";
import { drainDeliveries, endpointFor } from "./testing/helpers";
import { deliveryTestWorld } from "./testing/delivery-world";
import { verifyWebhook } from "./verify";
import { routeModule } from "@/lib/testing/route-registry";

const single = await routeModule("/v1/webhooks/{webhook_id}");
const reveal = await routeModule("/v1/webhooks/{webhook_id}/secret/reveal");
const rotate = await routeModule("/v1/webhooks/{webhook_id}/secret/rotate");
const clone = await routeModule("/v1/webhooks/{webhook_id}/clone");

const world = deliveryTestWorld("0");

const CHANGE = "weather.change_detected" as const;
const at = (id: string, suffix = "") => ({ path: `/v1/webhooks/${id}${suffix}`, params: { webhook_id: id } });
const headersOf = (r: ReceivedRequest) =>
  new Headers(
    Object.entries(r.headers).map(([k, v]): [string, string] => [k, Array.isArray(v) ? v.join(", ") : String(v)]),
  );
const keyOf = (u: TestUser) => u.key(["weather:webhooks"]);

async function deliverOne(u: TestUser) {
  const before = world.rx.requests.length;
  await emitEvent({ accountId: u.accountId, type: CHANGE, data: { n: before } });
  await drainDeliveries();
  expect(world.rx.requests).toHaveLength(before + 1);
  return world.rx.requests[before];
}

describe("PATCH /v1/webhooks/{id}", () => {
  it("changes url, events and description; deliveries follow the new url", async () => {
    const u = await makeUser();
    const key = await keyOf(u);
    const ep = await endpointFor(u.accountId, "https://hooks.example.com/old", ["weather.watch_expired"]);
    const res = await call(single.PATCH, {
      method: "PATCH",
      ...at(ep.webhook_id),
      bearer: key,
      body: { url: world.rx.url("/fixed"), events: [CHANGE], description: "fixed" },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      webhook_id: ep.webhook_id,
      url: world.rx.url("/fixed"),
      events: [CHANGE],
      description: "fixed",
      secret_prefix: ep.secret_prefix,
    });
    expect(res.body.data.secret).toBeUndefined();
    const got = await deliverOne(u);
    expect(got.url).toBe("/fixed");
    expect(verifyWebhook(got.rawBody, headersOf(got), ep.secret)).toBe(true);
  });

  it("refuses bad input with the creation rules, an empty patch, and a disabled endpoint", async () => {
    const u = await makeUser();
    const key = await keyOf(u);
    const ep = await endpointFor(u.accountId, "https://hooks.example.com/x", [CHANGE]);
    for (const [body, word] of [
      [{ url: "http://hooks.example.com/x" }, "url"],
      [{ url: "https://localhost/x" }, "url"],
      [{ url: "https://10.0.0.1/x" }, "url"],
      [{ events: [] }, "events"],
      [{ events: ["weather.nope"] }, "events"],
      [{ description: "x".repeat(501) }, "description"],
      [{}, "at least one"],
      [{ secret: "whsec_x" }, "secret"],
    ] as const) {
      const r = await call(single.PATCH, { method: "PATCH", ...at(ep.webhook_id), bearer: key, body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(r.body.error), JSON.stringify(body)).toContain(word);
    }
    await call(single.DELETE, { method: "DELETE", ...at(ep.webhook_id), bearer: key });
    const r = await call(single.PATCH, {
      method: "PATCH",
      ...at(ep.webhook_id),
      bearer: key,
      body: { description: "x" },
    });
    expect(r.status).toBe(409);
  });
});

describe("secret reveal, rotation, clone", () => {
  it("reveal returns the secret with no-store and records an audit row with the request id (never the secret)", async () => {
    const u = await makeUser();
    const key = await keyOf(u);
    const ep = await endpointFor(u.accountId, "https://hooks.example.com/x", [CHANGE]);
    const r = await call(reveal.POST, { method: "POST", ...at(ep.webhook_id, "/secret/reveal"), bearer: key });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      webhook_id: ep.webhook_id,
      secret: ep.secret,
      secret_prefix: ep.secret_prefix,
      previous_secret_expires_at: null,
    });
    expect(r.headers.get("cache-control")).toBe("no-store");
    const rows = await (await getDb()).select().from(auditEvents).where(eq(auditEvents.accountId, u.accountId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: "webhook_secret.revealed",
      target: `webhook_endpoint:${ep.webhook_id}`,
      requestId: r.headers.get("x-request-id"),
    });
    expect(rows[0].actor).toMatch(/^api_key:\d+$/);
    expect(JSON.stringify(rows[0])).not.toContain(ep.secret);
  });

  it("rotation grace both ways: during the grace both secrets verify (plain recipe: the old one); after it only the new one", async () => {
    const u = await makeUser();
    const key = await keyOf(u);
    const ep = await endpointFor(u.accountId, world.rx.url("/rot"), [CHANGE]);
    const r = await call(rotate.POST, {
      method: "POST",
      ...at(ep.webhook_id, "/secret/rotate"),
      bearer: key,
      body: { grace_period_hours: 24 },
    });
    expect(r.status).toBe(200);
    expect(r.headers.get("cache-control")).toBe("no-store");
    const fresh = r.body.data.secret as string;
    expect(fresh).toMatch(/^whsec_[0-9a-f]{32}$/);
    expect(fresh).not.toBe(ep.secret);
    expect(Date.parse(r.body.data.previous_secret_expires_at)).toBeGreaterThan(Date.now() + 23 * 3600_000);

    const during = await deliverOne(u);
    const h = headersOf(during);
    expect(h.get("x-service-signatures")!.split(",")).toHaveLength(2);
    expect(verifyWebhook(during.rawBody, h, fresh)).toBe(true);
    expect(verifyWebhook(during.rawBody, h, ep.secret)).toBe(true);
    // The single-signature header keeps the old secret working for receivers on the plain recipe.
    const plain = new Headers({
      "x-service-timestamp": h.get("x-service-timestamp")!,
      "x-service-signature": h.get("x-service-signature")!,
    });
    expect(verifyWebhook(during.rawBody, plain, ep.secret)).toBe(true);
    expect(verifyWebhook(during.rawBody, h, "whsec_00000000000000000000000000000000")).toBe(false);

    // The grace period ends (moved into the past rather than waited for).
    await (
      await getDb()
    ).execute(
      sql`UPDATE webhook_endpoints SET previous_secret_expires_at = now() - interval '1 second' WHERE id = ${ep.webhook_id}`,
    );
    const after = await deliverOne(u);
    const h2 = headersOf(after);
    expect(h2.get("x-service-signatures")!.split(",")).toHaveLength(1);
    expect(verifyWebhook(after.rawBody, h2, fresh)).toBe(true);
    expect(verifyWebhook(after.rawBody, h2, ep.secret)).toBe(false);

    const revealed = await call(reveal.POST, { method: "POST", ...at(ep.webhook_id, "/secret/reveal"), bearer: key });
    expect(revealed.body.data.secret).toBe(fresh);
    const actions = (await (await getDb()).select().from(auditEvents).where(eq(auditEvents.accountId, u.accountId)))
      .map((a) => a.action)
      .sort();
    expect(actions).toEqual(["webhook_secret.revealed", "webhook_secret.rotated"]);
  });

  it("rotation with grace 0 retires the old secret at once; out-of-range grace is 400", async () => {
    const u = await makeUser();
    const key = await keyOf(u);
    const ep = await endpointFor(u.accountId, world.rx.url("/rot0"), [CHANGE]);
    for (const g of [-1, 169, 1.5, "24"]) {
      const bad = await call(rotate.POST, {
        method: "POST",
        ...at(ep.webhook_id, "/secret/rotate"),
        bearer: key,
        body: { grace_period_hours: g },
      });
      expect(bad.status, String(g)).toBe(400);
    }
    const r = await call(rotate.POST, {
      method: "POST",
      ...at(ep.webhook_id, "/secret/rotate"),
      bearer: key,
      body: { grace_period_hours: 0 },
    });
    expect(r.body.data.previous_secret_expires_at).toBeNull();
    const got = await deliverOne(u);
    expect(verifyWebhook(got.rawBody, headersOf(got), r.body.data.secret)).toBe(true);
    expect(verifyWebhook(got.rawBody, headersOf(got), ep.secret)).toBe(false);
  });

  it("clone turns a disabled endpoint into a new active one with the same settings and a new secret", async () => {
    const u = await makeUser();
    const key = await keyOf(u);
    const ep = await endpointFor(u.accountId, "https://hooks.example.com/c", [CHANGE, "weather.watch_expired"]);
    await call(single.DELETE, { method: "DELETE", ...at(ep.webhook_id), bearer: key });
    const r = await call(clone.POST, { method: "POST", ...at(ep.webhook_id, "/clone"), bearer: key });
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({
      url: ep.url,
      events: ep.events,
      description: ep.description,
      status: "active",
      failure_count: 0,
    });
    expect(r.body.data.webhook_id).not.toBe(ep.webhook_id);
    expect(r.body.data.secret).toMatch(/^whsec_/);
    expect(r.body.data.secret).not.toBe(ep.secret);
  });
});

const scopes = ["weather:webhooks" as const];
const owned = (suffix: string) => async (owner: TestUser) => {
  const ep = await endpointFor(owner.accountId, "https://hooks.example.com/s", [CHANGE]);
  return { ...at(ep.webhook_id, suffix), body: suffix === "" ? { description: "d" } : undefined };
};
for (const [name, handler, method, suffix] of [
  ["PATCH /v1/webhooks/{id}", single.PATCH, "PATCH", ""],
  ["POST /v1/webhooks/{id}/secret/reveal", reveal.POST, "POST", "/secret/reveal"],
  ["POST /v1/webhooks/{id}/secret/rotate", rotate.POST, "POST", "/secret/rotate"],
  ["POST /v1/webhooks/{id}/clone", clone.POST, "POST", "/clone"],
] as const) {
  securitySuite({
    name,
    handler,
    method,
    credential: "apiKey",
    scopes,
    family: "weather",
    ownedResource: true,
    target: owned(suffix),
  });
}
