import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { encode } from "next-auth/jwt";
import { authSecret } from "@/lib/auth/auth-secret";
import { PLAYGROUND_KEY_HEADER } from "@/lib/auth/playground-key-header";
import { verifyApiKey } from "@/lib/auth/verify-api-key";
import { getDb } from "@/lib/db/client";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-db";
import { call } from "@/lib/http/testing/call-route";
import { makeUser } from "@/lib/testing/fixtures";
import { routeModule } from "@/lib/testing/route-registry";
import { securitySuite } from "@/lib/testing/security-suite";
import { keyUsage } from "./key-usage";
import { flushRequestLog } from "./request-log";
import { storedErrorMessage } from "@/lib/http/route-hooks";

const requestsRoute = await routeModule("/v1/requests");
const webhooks = await routeModule("/v1/webhooks");
const usageRoute = await routeModule("/api/developer/keys/{keyId}/usage");

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await flushRequestLog();
  await t.close();
});

type Row = {
  request_id: string;
  status: number;
  method: string;
  source: string;
  error_code: string | null;
  error_message: string | null;
  credential: { type: string; id: number | null; prefix: string | null };
};
const list = async (bearer: string, qs = ""): Promise<{ status: number; body: any; rows: Row[] }> => {
  await flushRequestLog();
  const r = await call(requestsRoute.GET, { path: `/v1/requests${qs}`, bearer });
  return { ...r, rows: r.body?.data?.requests ?? [] };
};
const cookieOf = async (userId: string) =>
  `next-auth.session-token=${await encode({ token: { sub: userId }, secret: authSecret() })}`;
const idOf = (r: { headers: Headers }) => r.headers.get("x-request-id")!;

describe("a request log that explains", () => {
  it("keeps each failed call's error code and message as its caller received them, never a body", async () => {
    const u = await makeUser();
    const key = await u.key(["read", "weather:webhooks"]);
    const bad = await call(webhooks.POST, {
      method: "POST",
      path: "/v1/webhooks",
      bearer: key,
      body: { url: "http://secret-body.example" },
    });
    const ok = await call(webhooks.GET, { path: "/v1/webhooks", bearer: key });
    const { rows } = await list(key);
    const failed = rows.find((r) => r.request_id === idOf(bad))!;
    expect(failed).toMatchObject({ status: 400, error_code: "bad_request", error_message: bad.body.error.message });
    expect(rows.find((r) => r.request_id === idOf(ok))).toMatchObject({
      status: 200,
      error_code: null,
      error_message: null,
    });
    const raw = await (await getDb()).execute(sql`SELECT * FROM request_log WHERE account_id = ${u.accountId}::uuid`);
    expect(JSON.stringify(raw)).not.toContain("secret-body.example");
  });

  it("logs a scope refusal under the key that was refused, with its code and message", async () => {
    const u = await makeUser();
    const weatherOnly = await u.key(["weather:read"]);
    const refused = await call(webhooks.GET, { path: "/v1/webhooks", bearer: weatherOnly });
    expect(refused.status).toBe(403);
    const reader = await u.key(["read"]);
    const { rows } = await list(reader);
    expect(rows.find((r) => r.request_id === idOf(refused))).toMatchObject({
      status: 403,
      error_code: "insufficient_scope",
      error_message: refused.body.error.message,
      credential: { type: "api_key" },
    });
  });

  it("stores one line of at most 300 characters", () => {
    expect(storedErrorMessage("a\n  b")).toBe("a b");
    expect(storedErrorMessage("x".repeat(400))).toHaveLength(300);
    expect(storedErrorMessage(null)).toBeNull();
  });

  it("names the source: api for a key, portal for the session, playground for the portal acting as a key; hides the portal's reads unless asked", async () => {
    const u = await makeUser();
    const key = await u.key(["read", "weather:webhooks"]);
    const keyId = (await verifyApiKey(key)).keyId;
    const cookie = await cookieOf(u.userId);
    const byKey = await call(webhooks.GET, { path: "/v1/webhooks", bearer: key });
    const portalRead = await call(webhooks.GET, { path: "/v1/webhooks", headers: { cookie } });
    const portalWrite = await call(webhooks.POST, {
      method: "POST",
      path: "/v1/webhooks",
      headers: { cookie, host: "localhost", origin: "http://localhost" },
      body: { url: "nope" },
    });
    const playground = await call(webhooks.GET, {
      path: "/v1/webhooks",
      headers: { cookie, [PLAYGROUND_KEY_HEADER]: String(keyId) },
    });
    expect([byKey.status, portalRead.status, playground.status]).toEqual([200, 200, 200]);

    const shown = (await list(key)).rows;
    const ids = shown.map((r) => r.request_id);
    expect(ids).toContain(idOf(byKey));
    expect(ids).toContain(idOf(playground));
    expect(ids).toContain(idOf(portalWrite));
    expect(ids).not.toContain(idOf(portalRead));
    expect(shown.find((r) => r.request_id === idOf(byKey))?.source).toBe("api");
    expect(shown.find((r) => r.request_id === idOf(playground))).toMatchObject({
      source: "playground",
      credential: { type: "api_key", id: keyId },
    });
    expect(shown.find((r) => r.request_id === idOf(portalWrite))).toMatchObject({
      source: "portal",
      credential: { type: "session", id: null },
    });

    const all = (await list(key, "?portal_reads=true")).rows.map((r) => r.request_id);
    expect(all).toContain(idOf(portalRead));
    expect((await list(key, "?source=portal")).rows.map((r) => r.request_id).sort()).toEqual(
      [idOf(portalRead), idOf(portalWrite)].sort(),
    );
    expect((await list(key, `?request_id=${idOf(portalRead)}`)).rows).toHaveLength(1);
    expect((await list(key, "?source=api")).rows.every((r) => r.source === "api")).toBe(true);
  });

  it("filters by key and by token, and refuses malformed filters", async () => {
    const u = await makeUser();
    const a = await u.key(["read", "weather:webhooks"]);
    const b = await u.key(["read", "weather:webhooks"]);
    const aId = (await verifyApiKey(a)).keyId;
    const bId = (await verifyApiKey(b)).keyId;
    const fromA = await call(webhooks.GET, { path: "/v1/webhooks", bearer: a });
    const fromB = await call(webhooks.GET, { path: "/v1/webhooks", bearer: b });
    const onlyA = (await list(a, `?key_id=${aId}`)).rows;
    expect(onlyA.map((r) => r.request_id)).toContain(idOf(fromA));
    expect(onlyA.map((r) => r.request_id)).not.toContain(idOf(fromB));
    expect(onlyA.every((r) => r.credential.type === "api_key" && r.credential.id === aId)).toBe(true);
    expect((await list(a, `?key_id=${bId}&path=/v1/webhooks`)).rows.map((r) => r.request_id)).toEqual([idOf(fromB)]);
    expect((await list(a, "?token_id=999999")).rows).toEqual([]);
    // Well-formed but past the id range (the document's pattern allows it): names no key, lists nothing.
    expect(await list(a, "?key_id=2147483648")).toMatchObject({ status: 200, rows: [] });
    for (const qs of ["?key_id=0", "?key_id=01", "?key_id=abc", "?token_id=-1", "?source=web", "?portal_reads=yes"]) {
      const r = await list(a, qs);
      expect(r.status, qs).toBe(400);
      expect(r.body.error.code).toBe("bad_request");
    }
  });
});

describe("per-key usage by day", () => {
  it("counts requests, billing units and errors per UTC day over 7 days, zeros included, for that key only", async () => {
    const u = await makeUser();
    const key = await u.key(["read", "weather:webhooks"]);
    const other = await u.key(["read"]);
    const keyId = (await verifyApiKey(key)).keyId;
    await call(webhooks.GET, { path: "/v1/webhooks", bearer: key });
    await call(webhooks.POST, { method: "POST", path: "/v1/webhooks", bearer: key, body: {} });
    await call(webhooks.GET, { path: "/v1/webhooks", bearer: other });
    await flushRequestLog();
    await t.db
      .execute(sql`INSERT INTO request_log (request_id, account_id, at, method, path, status, latency_ms, credential_type, credential_id, billing_units)
      VALUES (gen_random_uuid(), ${u.accountId}::uuid, now() - interval '2 days', 'GET', '/v1/weather/current', 200, 5, 'api_key', ${String(keyId)}, 3),
             (gen_random_uuid(), ${u.accountId}::uuid, now() - interval '2 days', 'GET', '/v1/weather/current', 502, 5, 'api_key', ${String(keyId)}, 3),
             (gen_random_uuid(), ${u.accountId}::uuid, now() - interval '9 days', 'GET', '/v1/weather/current', 200, 5, 'api_key', ${String(keyId)}, 100)`);

    const res = await call(usageRoute.GET, {
      path: `/api/developer/keys/${keyId}/usage`,
      params: { keyId: String(keyId) },
      bearer: key,
    });
    expect(res.status).toBe(200);
    const days = res.body.days as Array<{ date: string; requests: number; billing_units: number; errors: number }>;
    expect(days).toHaveLength(7);
    const today = new Date().toISOString().slice(0, 10);
    const twoAgo = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
    expect(days[6].date).toBe(today);
    expect(days.map((d) => d.date)).toEqual([...days.map((d) => d.date)].sort());
    expect(days.find((d) => d.date === today)).toMatchObject({ requests: 2, errors: 1 });
    expect(days.find((d) => d.date === twoAgo)).toEqual({ date: twoAgo, requests: 2, billing_units: 6, errors: 1 });
    expect(days.reduce((n, d) => n + d.billing_units, 0)).toBe(6); // the 9-day-old row is outside the window

    const fixed = await keyUsage(u.userId, keyId, new Date("2030-01-10T12:00:00Z"));
    expect(fixed.days.map((d) => d.date)).toEqual([
      "2030-01-04",
      "2030-01-05",
      "2030-01-06",
      "2030-01-07",
      "2030-01-08",
      "2030-01-09",
      "2030-01-10",
    ]);
    expect(fixed.days.every((d) => d.requests === 0)).toBe(true);
  });
});

securitySuite({
  name: "GET /api/developer/keys/{keyId}/usage",
  handler: usageRoute.GET,
  method: "GET",
  credential: "apiKey",
  family: "api",
  ownedResource: true,
  target: async (owner) => {
    const id = (await verifyApiKey(await owner.key(["read"]))).keyId;
    return { path: `/api/developer/keys/${id}/usage`, params: { keyId: String(id) } };
  },
});
