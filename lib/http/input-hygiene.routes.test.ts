import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-db";
import { call } from "@/lib/http/testing/call-route";
import { makeUser } from "@/lib/testing/fixtures";
import { makeTrip, postOp, sampleEvent, sampleProposal } from "@/lib/trips/testing/trip-fixture";
import { watchBody } from "@/lib/watches/testing/watch-fixtures";
import { routeModule } from "@/lib/testing/route-registry";

const tripEventsRoute = await routeModule("/api/trips/{tripId}/events");
const eventRoute = await routeModule("/api/events/{eventId}");
const proposalsRoute = await routeModule("/v1/trips/{tripId}/proposals");
const watchRoute = await routeModule("/v1/weather/watch");
const currentRoute = await routeModule("/v1/weather/current");
const keysRoute = await routeModule("/api/developer/keys");
const tokensRoute = await routeModule("/api/developer/tokens");
const webhooksRoute = await routeModule("/v1/webhooks");
const visaRules = await routeModule("/v1/visa/rules");
const tripsRoute = await routeModule("/v1/trips");

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t.close());

const LONE = "x\ud800y";

/** Every text problem is the route helper's 400, naming the field, before any handler runs. */
function expectFieldError(res: { status: number; body: any }, field: string) {
  expect(res.status).toBe(400);
  const issues = res.body.error?.details?.issues ?? res.body.details?.issues;
  expect(issues?.[0]?.path).toBe(field);
  expect(JSON.stringify(res.body)).toMatch(/surrogate|NUL/);
}

describe("input hygiene: lone surrogates and NUL in stored strings are a 400 naming the field", () => {
  it("POST /api/trips/{id}/events: title and notes", async () => {
    const f = await makeTrip();
    const key = await f.owner.key(["write"]);
    const post = (body: unknown) =>
      call(tripEventsRoute.POST, {
        method: "POST",
        path: `/api/trips/${f.tripId}/events`,
        params: { tripId: String(f.tripId) },
        bearer: key,
        body,
      });
    expectFieldError(await post({ ...sampleEvent(), title: LONE }), "title");
    expectFieldError(await post({ ...sampleEvent(), notes: "a\udc00" }), "notes");
    expectFieldError(await post({ ...sampleEvent(), notes: "a\u0000b" }), "notes");
    const ok = await post({ ...sampleEvent(), title: "Fado night 🎸" });
    expect(ok.status).toBe(201);
  });

  it("escapes are found however they are written; text that only looks like one is stored", async () => {
    const f = await makeTrip();
    const key = await f.owner.key(["write"]);
    const raw = (rawBody: string) =>
      call(tripEventsRoute.POST, {
        method: "POST",
        path: `/api/trips/${f.tripId}/events`,
        params: { tripId: String(f.tripId) },
        bearer: key,
        headers: { "content-type": "application/json" },
        rawBody,
      });
    const body = (title: string) =>
      JSON.stringify({ ...sampleEvent(), title: "TITLE" }).replace('"TITLE"', `"${title}"`);
    expectFieldError(await raw(body("a\\uD83Db")), "title"); // upper-case lone high surrogate
    expectFieldError(await raw(body("\\uDFFF")), "title"); // lone low surrogate
    expectFieldError(await raw(body("a\\u0000")), "title");
    // A pair is one character; an escaped backslash before "u0000" is the text \u0000.
    const pair = await raw(body("\\ud83c\\udfb8 night"));
    expect(pair.status).toBe(201);
    expect(pair.body.title).toBe("🎸 night");
    const literal = await raw(body("C:\\\\u0000dir"));
    expect(literal.status).toBe(201);
    expect(literal.body.title).toBe("C:\\u0000dir");
  });

  it("PATCH /api/events/{id}", async () => {
    const f = await makeTrip();
    const key = await f.owner.key(["write"]);
    const created = await call(tripEventsRoute.POST, {
      method: "POST",
      path: `/api/trips/${f.tripId}/events`,
      params: { tripId: String(f.tripId) },
      bearer: key,
      body: sampleEvent(),
    });
    const id = String(created.body.id);
    const res = await call(eventRoute.PATCH, {
      method: "PATCH",
      path: `/api/events/${id}`,
      params: { eventId: id },
      bearer: key,
      body: { title: LONE },
    });
    expectFieldError(res, "title");
  });

  it("POST /v1/trips/{id}/ops (nested payload field)", async () => {
    const f = await makeTrip();
    const res = await postOp(f.ownerToken, f.tripId, {
      type: "add_event",
      base_revision: 0,
      payload: { ...sampleEvent(), title: LONE },
    });
    expectFieldError(res, "payload.title");
  });

  it("POST /v1/trips/{id}/proposals (array member)", async () => {
    const f = await makeTrip();
    const body = sampleProposal();
    body.entities[0].title = LONE;
    const res = await call(proposalsRoute.POST, {
      method: "POST",
      path: `/v1/trips/${f.tripId}/proposals`,
      params: { tripId: String(f.tripId) },
      bearer: f.ownerToken,
      body,
    });
    expectFieldError(res, "entities.0.title");
  });

  it("POST /v1/weather/watch: target_ref (free-form object, keys too)", async () => {
    const u = await makeUser({ plan: "starter" });
    const key = await u.key(["weather:watch"]);
    const post = (body: unknown) =>
      call(watchRoute.POST, { method: "POST", path: "/v1/weather/watch", bearer: key, body });
    expectFieldError(await post(watchBody({ target_ref: { place_id: LONE } })), "target_ref.place_id");
    const badKey = await post(watchBody({ target_ref: { ["k\udfff"]: "v" } }));
    expect(badKey.status).toBe(400);
    expect(badKey.body.error.details.issues[0].path).toBe("target_ref.k\udfff");
  });

  it("query strings: NUL is a 400 naming the parameter", async () => {
    const u = await makeUser();
    const key = await u.key(["weather:read"]);
    const res = await call(currentRoute.GET, {
      path: "/v1/weather/current?lat=1&lng=2&activity_type=hik%00ing",
      bearer: key,
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/query activity_type/);
  });
});

describe("credentials on the wire", () => {
  it("responses that carry a secret are Cache-Control: no-store; others are not", async () => {
    const u = await makeUser({ plan: "starter" });
    const key = await u.key(["write", "weather:webhooks"]);
    const created = await call(keysRoute.POST, {
      method: "POST",
      path: "/api/developer/keys",
      bearer: key,
      body: { name: "ci", scopes: ["write"] },
    });
    expect(created.status).toBe(201);
    expect(created.headers.get("cache-control")).toBe("no-store");
    const token = await call(tokensRoute.POST, {
      method: "POST",
      path: "/api/developer/tokens",
      bearer: key,
      body: { name: "ci" },
    });
    expect(token.status).toBe(201);
    expect(token.headers.get("cache-control")).toBe("no-store");
    const hook = await call(webhooksRoute.POST, {
      method: "POST",
      path: "/v1/webhooks",
      bearer: key,
      body: { url: "https://hooks.example.com/in", events: ["weather.change_detected"], description: "x" },
    });
    expect(hook.status).toBe(201);
    expect(hook.headers.get("cache-control")).toBe("no-store");
    const list = await call(keysRoute.GET, { path: "/api/developer/keys", bearer: key });
    expect(list.status).toBe(200);
    expect(list.headers.get("cache-control")).toBeNull();
  });

  it("401s name the scheme in WWW-Authenticate: Bearer for keys and tokens, the visa header for visa paths", async () => {
    const noKey = await call(currentRoute.GET, { path: "/v1/weather/current?lat=1&lng=2" });
    expect(noKey.status).toBe(401);
    expect(noKey.headers.get("www-authenticate")).toMatch(/^Bearer /);
    const badToken = await call(tripsRoute.GET, { path: "/v1/trips", bearer: "sat_nope" });
    expect(badToken.status).toBe(401);
    expect(badToken.headers.get("www-authenticate")).toMatch(/^Bearer /);
    const visa = await call(visaRules.GET, { path: "/v1/visa/rules?destination=PT" });
    expect(visa.status).toBe(401);
    expect(visa.headers.get("www-authenticate")).toMatch(/X-Visa-Intel-Key/);
  });
});
