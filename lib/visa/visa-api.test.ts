import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { encode } from "next-auth/jwt";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-db";
import { queryRows } from "@/lib/db/sql";
import { authSecret } from "@/lib/auth/auth-secret";
import { call, type Handler } from "@/lib/http/testing/call-route";
import { makeUser } from "@/lib/testing/fixtures";
import { securitySuite } from "@/lib/testing/security-suite";
import { seedVisaSample } from "./sample-data";
import { createVisaKey } from "./visa-keys";
import { routeModule } from "@/lib/testing/route-registry";

const check = await routeModule("/v1/visa/check");
const rules = await routeModule("/v1/visa/rules");
const changes = await routeModule("/v1/visa/changes");
const visaKeys = await routeModule("/api/developer/visa-keys");
const visaKeyById = await routeModule("/api/developer/visa-keys/{keyId}");

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await seedVisaSample();
});
afterAll(async () => t.close());

async function newKey() {
  const u = await makeUser();
  return { user: u, ...(await createVisaKey({ accountId: u.accountId, userId: u.userId }, { name: "t" })) };
}
const checkWith = (key: string, body: unknown) =>
  call(check.POST, { method: "POST", path: "/v1/visa/check", body, headers: { "x-visa-intel-key": key } });

const endpoints: Array<{ name: string; handler: Handler; method: string; path: string; body?: unknown }> = [
  { name: "GET /v1/visa/rules", handler: rules.GET, method: "GET", path: "/v1/visa/rules?destinationCountryCode=FR" },
  {
    name: "POST /v1/visa/check",
    handler: check.POST,
    method: "POST",
    path: "/v1/visa/check",
    body: { nationality: "US", destination: "FR", purpose: "tourism" },
  },
  { name: "GET /v1/visa/changes", handler: changes.GET, method: "GET", path: "/v1/visa/changes" },
];

describe("security: X-Visa-Intel-Key", () => {
  for (const e of endpoints) {
    it(`${e.name}: missing, unknown, malformed and revoked keys get a flat 401`, async () => {
      const send = (headers: Record<string, string>) =>
        call(e.handler, { method: e.method, path: e.path, body: e.body, headers });
      const missing = await send({});
      expect(missing.status).toBe(401);
      expect(missing.body).toEqual({ error: expect.stringContaining("X-Visa-Intel-Key"), code: "unauthorized" });
      expect(missing.headers.get("x-ratelimit-limit")).toBeNull();
      for (const bad of ["vik_doesNotExist0000000000000000000", "svc_notAVisaKey", "x".repeat(300)]) {
        const res = await send({ "x-visa-intel-key": bad });
        expect(res.status, bad).toBe(401);
        expect(res.body.code).toBe("unauthorized");
      }
      // A weather API key in Authorization is not a visa key.
      const u = await makeUser();
      expect((await send({ authorization: `Bearer ${await u.key(["read"])}` })).status).toBe(401);
      const k = await newKey();
      expect((await send({ "x-visa-intel-key": k.key })).status).toBe(200);
      const cookie = `next-auth.session-token=${await encode({ token: { sub: k.user.userId }, secret: authSecret() })}`;
      const del = await call(visaKeyById.DELETE, {
        method: "DELETE",
        path: `/api/developer/visa-keys/${k.id}`,
        params: { keyId: String(k.id) },
        headers: { cookie, host: "localhost", origin: "http://localhost" },
      });
      expect(del.status).toBe(204);
      const revoked = await send({ "x-visa-intel-key": k.key });
      expect(revoked.status).toBe(401);
      expect(revoked.body).toEqual({ error: "This visa API key has been revoked.", code: "unauthorized" });
    });
  }
});

describe("POST /v1/visa/check", () => {
  it("the answer depends on the whole (nationality, destination, purpose) triple", async () => {
    const { key } = await newKey();
    const tourism = await checkWith(key, { nationality: "US", destination: "CN", purpose: "tourism" });
    const transit = await checkWith(key, { nationality: "US", destination: "CN", purpose: "transit" });
    expect(tourism.status).toBe(200);
    expect(tourism.body).toMatchObject({
      status: "known",
      purpose: "tourism",
      requirement: { category: "visa_required", visaRequired: true, isSample: true },
    });
    expect(transit.body).toMatchObject({
      status: "known",
      purpose: "transit",
      requirement: { category: "visa_free", allowedStayDays: 10 },
    });
    expect(tourism.body.availablePurposes).toEqual(["tourism", "transit"]);
    expect(tourism.body.message).toMatch(/SAMPLE/);
    expect(tourism.body.nationality).toEqual({ code: "US", name: "United States of America" });
  });

  it("says plainly when a purpose has no data, and never guesses from another purpose", async () => {
    const { key } = await newKey();
    const res = await checkWith(key, { nationality: "US", destination: "FR", purpose: "study" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: "unknown",
      requirement: null,
      availablePurposes: ["business", "tourism"],
    });
    expect(res.body.message).toMatch(/No data for study travel.*Data exists for: business, tourism.*do not infer/);
    const none = await checkWith(key, { nationality: "FJ", destination: "IS", purpose: "tourism" });
    expect(none.body).toMatchObject({ status: "unknown", availablePurposes: [] });
    const own = await checkWith(key, { nationality: "na", destination: "NA", purpose: "tourism" });
    expect(own.body).toMatchObject({
      status: "own_country",
      requirement: null,
      nationality: { code: "NA", name: "Namibia" },
    });
  });

  it("rejects bad input with a flat 400 naming the field", async () => {
    const { key } = await newKey();
    const cases: Array<[unknown, RegExp]> = [
      [{ nationality: "ZZ", destination: "FR", purpose: "tourism" }, /nationality "ZZ" is not an ISO 3166-1 alpha-2/],
      [{ nationality: "USA", destination: "FR", purpose: "tourism" }, /nationality "USA"/],
      [{ nationality: "US", purpose: "tourism" }, /destination is required/],
      [
        { nationality: "US", destination: "FR", purpose: "holiday" },
        /purpose must be one of: tourism, business, transit, study, work/,
      ],
      [{ nationality: "US", destination: "FR" }, /purpose/],
      [{ nationality: 12, destination: "FR", purpose: "tourism" }, /nationality must be a string/],
      [[], /expected object/],
    ];
    for (const [body, message] of cases) {
      const res = await checkWith(key, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe("bad_request");
      expect(res.body.error).toMatch(message);
    }
    const raw = await call(check.POST, {
      method: "POST",
      path: "/v1/visa/check",
      rawBody: "{not json",
      headers: { "x-visa-intel-key": key, "content-type": "application/json" },
    });
    expect(raw.status).toBe(400);
    expect(raw.body.error).toMatch(/Malformed JSON/);
  });
});

describe("GET /v1/visa/rules and /v1/visa/changes", () => {
  it("lists every passport's requirement for a destination, optionally by purpose", async () => {
    const { key } = await newKey();
    const res = await call(rules.GET, {
      path: "/v1/visa/rules?destinationCountryCode=us",
      headers: { "x-visa-intel-key": key },
    });
    expect(res.status).toBe(200);
    expect(res.body.destination.code).toBe("US");
    expect(res.body.rules.map((r: any) => `${r.nationality}:${r.purpose}`)).toEqual([
      "BR:tourism",
      "DE:business",
      "DE:study",
      "DE:tourism",
      "GB:tourism",
      "IN:tourism",
      "JP:tourism",
    ]);
    expect(res.body.dataAsOf).toMatchObject({ source: "built-in-sample", isSample: true });
    const business = await call(rules.GET, {
      path: "/v1/visa/rules?destinationCountryCode=US&purpose=business",
      headers: { "x-visa-intel-key": key },
    });
    expect(business.body.count).toBe(1);
  });

  it("rejects bad query parameters with clear 400s", async () => {
    const { key } = await newKey();
    const paths: Array<[string, RegExp]> = [
      ["/v1/visa/rules", /destinationCountryCode is required/],
      ["/v1/visa/rules?destinationCountryCode=XX", /destinationCountryCode "XX"/],
      ["/v1/visa/changes?since=yesterday", /since must be a date/],
      // Not real calendar dates: Date.parse rolls them over, the database rejects them.
      ["/v1/visa/changes?since=2026-02-31", /since is not a real calendar date/],
      ["/v1/visa/changes?since=2026-02-30T10:00:00Z", /since is not a real calendar date/],
      ["/v1/visa/changes?since=0000-01-01", /since is not a real calendar date/],
      ["/v1/visa/changes?limit=0", /limit must be at least 1/],
      ["/v1/visa/changes?limit=abc", /limit/],
      ["/v1/visa/changes?cursor=garbage", /Invalid cursor/],
      ["/v1/visa/changes?nationality=QQ", /nationality "QQ"/],
    ];
    for (const [path, message] of paths) {
      const handler = path.startsWith("/v1/visa/rules") ? rules.GET : changes.GET;
      const res = await call(handler, { path, headers: { "x-visa-intel-key": key } });
      expect(res.status, path).toBe(400);
      expect(res.body.code).toBe("bad_request");
      expect(res.body.error).toMatch(message);
    }
  });
});

const ownerOf = async (u: { accountId: string; userId: string }) => createVisaKey(u, { name: "owned" });

securitySuite({
  name: "GET /api/developer/visa-keys",
  handler: visaKeys.GET,
  method: "GET",
  credential: "apiKey",
  target: async () => ({ path: "/api/developer/visa-keys" }),
});
securitySuite({
  name: "POST /api/developer/visa-keys",
  handler: visaKeys.POST,
  method: "POST",
  credential: "apiKey",
  scopes: ["write"],
  target: async () => ({ path: "/api/developer/visa-keys", body: { name: "n" } }),
});
securitySuite({
  name: "DELETE /api/developer/visa-keys/{keyId}",
  scopes: ["write"],
  handler: visaKeyById.DELETE,
  method: "DELETE",
  credential: "apiKey",
  ownedResource: true,
  target: async (owner) => {
    const k = await ownerOf(owner);
    return { path: `/api/developer/visa-keys/${k.id}`, params: { keyId: String(k.id) } };
  },
});

describe("visa key management", () => {
  it("creates a key once, lists this hour's use by prefix only, stores only the hash, and revokes", async () => {
    const u = await makeUser();
    const admin = await u.key(["read", "write"]);
    const created = await call(visaKeys.POST, {
      method: "POST",
      path: "/api/developer/visa-keys",
      bearer: admin,
      body: { name: "partner" },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: "partner",
      hourlyLimit: 1000,
      key: expect.stringMatching(/^vik_[0-9A-Za-z]{32}$/),
    });
    for (let i = 0; i < 3; i++)
      await checkWith(created.body.key, { nationality: "US", destination: "FR", purpose: "tourism" });
    const list = await call(visaKeys.GET, { path: "/api/developer/visa-keys", bearer: admin });
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).toMatchObject({
      id: created.body.id,
      keyPrefix: created.body.key.slice(0, 12),
      usage: { used: 3, remaining: 997 },
    });
    expect(JSON.stringify(list.body)).not.toContain(created.body.key);
    const stored = await queryRows<{ key_hash: string }>(t.db, sql`select key_hash from visa_keys`);
    expect(JSON.stringify(stored)).not.toContain(created.body.key);
    const bad = await call(visaKeys.POST, {
      method: "POST",
      path: "/api/developer/visa-keys",
      bearer: admin,
      body: { name: " " },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/Give the key a name/);
    const del = await call(visaKeyById.DELETE, {
      method: "DELETE",
      path: `/api/developer/visa-keys/${created.body.id}`,
      params: { keyId: String(created.body.id) },
      bearer: admin,
    });
    expect(del.status).toBe(204);
    expect((await call(visaKeys.GET, { path: "/api/developer/visa-keys", bearer: admin })).body).toEqual([]);
    const again = await call(visaKeyById.DELETE, {
      method: "DELETE",
      path: `/api/developer/visa-keys/${created.body.id}`,
      params: { keyId: String(created.body.id) },
      bearer: admin,
    });
    expect(again.status).toBe(404);
    const huge = await call(visaKeyById.DELETE, {
      method: "DELETE",
      path: "/api/developer/visa-keys/99999999999",
      params: { keyId: "99999999999" },
      bearer: admin,
    });
    expect(huge.status).toBe(404);
  });
});

describe("admin CLI commands", () => {
  it("create-visa-key prints exactly {id, key}; set-visa-limit validates the 1..1,000,000 range", async () => {
    const { visaCommands } = await import("@/scripts/admin/visa");
    const u = await makeUser();
    const flags = visaCommands["create-visa-key"].flags.parse({ email: u.email, name: "cli", hourlyLimit: "250000" });
    const out = await visaCommands["create-visa-key"].run(flags);
    expect(Object.keys(out).sort()).toEqual(["id", "key"]);
    expect(out.key).toMatch(/^vik_/);
    const res = await checkWith(out.key as string, { nationality: "US", destination: "FR", purpose: "tourism" });
    expect(res.headers.get("x-ratelimit-limit")).toBe("250000");
    expect(visaCommands["set-visa-limit"].flags.safeParse({ id: String(out.id), hourlyLimit: "2000000" }).success).toBe(
      false,
    );
    expect(visaCommands["set-visa-limit"].flags.safeParse({ id: String(out.id), hourlyLimit: "0" }).success).toBe(
      false,
    );
    const set = await visaCommands["set-visa-limit"].run(
      visaCommands["set-visa-limit"].flags.parse({ id: String(out.id), hourlyLimit: "1000000" }),
    );
    expect(set).toEqual({ id: out.id, hourly_limit: 1_000_000, revoked: false });
    await expect(visaCommands["set-visa-limit"].run({ id: 999_999, hourlyLimit: 5 })).rejects.toThrow(/not found/);
  });
});
