import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { sql } from "drizzle-orm";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-db";
import { queryRows } from "@/lib/db/sql";
import { call } from "@/lib/http/testing/call-route";
import { makeUser } from "@/lib/testing/fixtures";
import { securitySuite } from "@/lib/testing/security-suite";
import { routeModule } from "@/lib/testing/route-registry";
import { verifyApiKey } from "./verify-api-key";

const keys = await routeModule("/api/developer/keys");
const keyById = await routeModule("/api/developer/keys/{keyId}");
const roll = await routeModule("/api/developer/keys/{keyId}/roll");
const health = await routeModule("/v1/weather/health");

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t.close());
afterEach(() => vi.useRealTimers());

const rollKey = (id: number, bearer: string, body?: unknown) =>
  call(roll.POST, {
    method: "POST",
    path: `/api/developer/keys/${id}/roll`,
    params: { keyId: String(id) },
    bearer,
    body,
  });

describe("rolling an API key", () => {
  it("returns a new secret once with the same name and scopes; the old one works until the grace ends, then is refused", async () => {
    const u = await makeUser();
    const admin = await u.key(["read", "write", "delete", "weather:read"]);
    const old = await u.key(["weather:read"]);
    const oldId = (await verifyApiKey(old)).keyId;
    // Cached on this instance before the roll: the roll must not leave the old expiry in the cache.
    expect((await call(health.GET, { path: "/v1/weather/health", bearer: old })).status).toBe(200);

    const rolled = await rollKey(oldId, admin, { graceHours: 2 });
    expect(rolled.status).toBe(201);
    expect(rolled.headers.get("cache-control")).toBe("no-store");
    expect(rolled.body).toMatchObject({ name: "test", scopes: ["weather:read"], previousKey: { id: oldId } });
    expect(rolled.body.key).toMatch(/^svc_[0-9A-Za-z]{32}$/);
    const graceEnd = Date.parse(rolled.body.previousKey.expiresAt);
    expect(graceEnd - Date.now()).toBeGreaterThan(2 * 3_600_000 - 60_000);
    expect(graceEnd - Date.now()).toBeLessThanOrEqual(2 * 3_600_000);

    // Both secrets work during the grace period; the list shows the old key's end.
    expect((await call(health.GET, { path: "/v1/weather/health", bearer: old })).status).toBe(200);
    expect((await call(health.GET, { path: "/v1/weather/health", bearer: rolled.body.key })).status).toBe(200);
    const list = (await call(keys.GET, { path: "/api/developer/keys", bearer: admin })).body as Array<{
      id: number;
      name: string;
      expiresAt: string | null;
    }>;
    expect(list.find((k) => k.id === oldId)?.expiresAt).toBe(rolled.body.previousKey.expiresAt);
    // The old key no longer shares the new one's name (issue 42 item 8).
    expect(list.find((k) => k.id === oldId)?.name).toBe("test (rolled)");
    expect(list.find((k) => k.id === rolled.body.id)?.name).toBe("test");
    expect(JSON.stringify(list)).not.toContain(rolled.body.key);

    // Past the grace end the old secret is refused from the cached row itself (no notification needed).
    vi.useFakeTimers({ toFake: ["Date"], now: graceEnd + 1000 });
    const after = await call(health.GET, { path: "/v1/weather/health", bearer: old });
    expect(after.status).toBe(401);
    expect(after.body.error.message).toMatch(/expired/);
    vi.useRealTimers();
    expect((await call(health.GET, { path: "/v1/weather/health", bearer: rolled.body.key })).status).toBe(200);
    // Audited, never with the secret.
    const audit = await queryRows<{ action: string; target: string; details: unknown }>(
      t.db,
      sql`SELECT action, target, details FROM audit_events WHERE target = ${`api_key:${rolled.body.id}`}`,
    );
    expect(audit).toMatchObject([{ action: "api_key.rolled", target: `api_key:${rolled.body.id}` }]);
    expect(JSON.stringify(audit[0].details)).toContain(rolled.body.previousKey.expiresAt);
    expect(JSON.stringify(audit)).not.toContain(rolled.body.key);
  });

  it("with graceHours 0 the old secret is refused on the very next request; the grace never extends an earlier expiry", async () => {
    const u = await makeUser();
    const old = await u.key(["weather:read", "read"]);
    const oldId = (await verifyApiKey(old)).keyId;
    const now = await rollKey(oldId, old, { graceHours: 0 });
    expect(now.status).toBe(201);
    expect((await call(health.GET, { path: "/v1/weather/health", bearer: old })).status).toBe(401);

    const soon = new Date(Date.now() + 3_600_000).toISOString();
    const short = await u.key(["read"], { expiresAt: soon });
    const shortId = (await verifyApiKey(short)).keyId;
    const r = await rollKey(shortId, short); // default grace 24 h, no body
    expect(r.status).toBe(201);
    expect(Date.parse(r.body.previousKey.expiresAt)).toBe(Date.parse(soon));
    expect(Date.parse(r.body.expiresAt)).toBe(Date.parse(soon));
  });

  it("refuses bad grace periods, expired keys, other users' keys and a narrower calling key", async () => {
    const u = await makeUser();
    const admin = await u.key(["read", "write", "delete"]);
    const id = (await verifyApiKey(await u.key(["read"]))).keyId;
    for (const body of [
      { graceHours: -1 },
      { graceHours: 169 },
      { graceHours: 1.5 },
      { graceHours: "24" },
      { grace: 1 },
    ]) {
      const r = await rollKey(id, admin, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error.code).toBe("bad_request");
    }
    await t.db.execute(sql`UPDATE api_keys SET expires_at = now() - interval '1 minute' WHERE id = ${id}`);
    const expired = await rollKey(id, admin);
    expect(expired.status).toBe(409);
    expect(expired.body.error.code).toBe("conflict");

    const other = await makeUser();
    const otherId = (await verifyApiKey(await other.key(["read"]))).keyId;
    expect((await rollKey(otherId, admin)).status).toBe(404);

    const narrow = await u.key(["read"]);
    const broadId = (await verifyApiKey(admin)).keyId;
    const esc = await rollKey(broadId, narrow);
    expect(esc.status).toBe(403);
    expect(esc.body.error.code).toBe("insufficient_scope");
    const count = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM api_keys WHERE user_id = ${u.userId}::uuid`,
    );
    expect(count[0].n).toBe(3);
  });
});

describe("renaming an API key", () => {
  it("changes the name only; the secret keeps working; bad names are 400 and others' keys 404", async () => {
    const u = await makeUser();
    const k = await u.key(["read", "weather:read"]);
    const id = (await verifyApiKey(k)).keyId;
    const patch = (body: unknown, bearer = k, keyId = id) =>
      call(keyById.PATCH, {
        method: "PATCH",
        path: `/api/developer/keys/${keyId}`,
        params: { keyId: String(keyId) },
        bearer,
        body,
      });
    const r = await patch({ name: "  Lisbon planner (prod)  " });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id, name: "Lisbon planner (prod)", scopes: ["read", "weather:read"] });
    const audit = await queryRows<{ action: string }>(
      t.db,
      sql`SELECT action FROM audit_events WHERE target = ${`api_key:${id}`}`,
    );
    expect(audit.map((a) => a.action)).toEqual(["api_key.renamed"]);
    expect((await call(health.GET, { path: "/v1/weather/health", bearer: k })).status).toBe(200);
    for (const body of [{ name: "" }, { name: "x".repeat(101) }, {}, { name: "ok", scopes: ["write"] }]) {
      expect((await patch(body)).status, JSON.stringify(body)).toBe(400);
    }
    const other = await makeUser();
    const otherId = (await verifyApiKey(await other.key(["read"]))).keyId;
    expect((await patch({ name: "mine now" }, k, otherId)).status).toBe(404);
  });
});

const ownKey = async (owner: Awaited<ReturnType<typeof makeUser>>) => {
  const id = (await verifyApiKey(await owner.key(["read"]))).keyId;
  return id;
};

securitySuite({
  name: "POST /api/developer/keys/{keyId}/roll",
  handler: roll.POST,
  method: "POST",
  credential: "apiKey",
  family: "api",
  ownedResource: true,
  target: async (owner) => {
    const id = await ownKey(owner);
    return { path: `/api/developer/keys/${id}/roll`, params: { keyId: String(id) }, body: { graceHours: 1 } };
  },
});

securitySuite({
  name: "PATCH /api/developer/keys/{keyId}",
  handler: keyById.PATCH,
  method: "PATCH",
  credential: "apiKey",
  family: "api",
  ownedResource: true,
  target: async (owner) => {
    const id = await ownKey(owner);
    return { path: `/api/developer/keys/${id}`, params: { keyId: String(id) }, body: { name: "renamed" } };
  },
});
