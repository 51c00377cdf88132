import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-db";
import { CHANNELS, listen } from "@/lib/db/notify";
import { queryRows } from "@/lib/db/sql";
import { call } from "@/lib/http/testing/call-route";
import { makeUser } from "@/lib/testing/fixtures";
import { verifyApiKey } from "./verify-api-key";
import { sha256Hex } from "./secrets";
import { securitySuite } from "@/lib/testing/security-suite";
import { openApiDocument } from "@/lib/registry/openapi-document";
import { routeModule } from "@/lib/testing/route-registry";

const keys = await routeModule("/api/developer/keys");
const keyById = await routeModule("/api/developer/keys/{keyId}");
const health = await routeModule("/v1/weather/health");

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t.close());

describe("developer API keys", () => {
  it("creates a key once, lists it by prefix only, and stores only its hash", async () => {
    const u = await makeUser();
    const admin = await u.key(["read", "write", "delete", "weather:read"]);
    const created = await call(keys.POST, {
      method: "POST",
      path: "/api/developer/keys",
      bearer: admin,
      body: { name: "ci", scopes: ["read"] },
    });
    expect(created.status).toBe(201);
    expect(created.body.key).toMatch(/^svc_[0-9A-Za-z]{32}$/);
    expect(Object.keys(created.body).sort()).toEqual(["createdAt", "expiresAt", "id", "key", "name", "scopes"]);

    const list = await call(keys.GET, { path: "/api/developer/keys", bearer: admin });
    expect(list.status).toBe(200);
    const mine = list.body.find((k: { id: number }) => k.id === created.body.id);
    expect(mine).toMatchObject({ name: "ci", scopes: ["read"], expiresAt: null });
    expect(created.body.key.startsWith(mine.keyPrefix)).toBe(true);
    expect(JSON.stringify(list.body)).not.toContain(created.body.key);

    const rows = await queryRows<{ key_hash: string; key_prefix: string }>(
      t.db,
      sql`select key_hash, key_prefix from api_keys`,
    );
    for (const r of rows) expect(r.key_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(created.body.key);
  });

  it("revocation is effective on the very next request", async () => {
    const u = await makeUser();
    const k = await u.key(["weather:read"]);
    const ok = await call(health.GET, { path: "/v1/weather/health", bearer: k });
    expect(ok.status).toBe(200);
    const id = (await verifyApiKey(k)).keyId;
    const del = await call(keyById.DELETE, {
      method: "DELETE",
      path: `/api/developer/keys/${id}`,
      params: { keyId: String(id) },
      bearer: k,
    });
    expect(del.status).toBe(204);
    expect(del.text).toBe("");
    const after = await call(health.GET, { path: "/v1/weather/health", bearer: k });
    expect(after.status).toBe(401);
    expect(after.body.error.code).toBe("unauthorized");
    expect(after.body.error.message).toMatch(/revoked/);
  });

  it("rejects unknown scopes and past expiries with field-level details", async () => {
    const u = await makeUser();
    const k = await u.key(["read"]);
    const bad = await call(keys.POST, {
      method: "POST",
      path: "/api/developer/keys",
      bearer: k,
      body: { name: "x", scopes: ["root"] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.issues[0].path).toBe("scopes.0");
    const past = await call(keys.POST, {
      method: "POST",
      path: "/api/developer/keys",
      bearer: k,
      body: { name: "x", scopes: ["read"], expiresAt: "2020-01-01T00:00:00Z" },
    });
    expect(past.status).toBe(400);
    expect(past.body.error.message).toMatch(/future/);
  });

  it("a key cannot mint a key with scopes it does not hold", async () => {
    const u = await makeUser();
    const k = await u.key(["read"]);
    const res = await call(keys.POST, {
      method: "POST",
      path: "/api/developer/keys",
      bearer: k,
      body: { name: "x", scopes: ["read", "delete"] },
    });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe("insufficient_scope");
    // The machine-readable description is authoritative: it must list this 403.
    const doc = openApiDocument() as unknown as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    expect(doc.paths["/api/developer/keys"].post.responses["403"]).toBeDefined();
  });

  it("a key past its expiresAt is refused on the next request", async () => {
    const u = await makeUser();
    const k = await u.key(["weather:read"], { expiresAt: new Date(Date.now() + 3_600_000).toISOString() });
    expect((await call(health.GET, { path: "/v1/weather/health", bearer: k })).status).toBe(200);
    // Move the expiry into the past rather than waiting for it. A write behind the API's
    // back reaches the credential cache through the trigger's NOTIFY: wait for it to arrive
    // (our listener shares the cache's LISTEN connection and runs after it).
    let arrived!: () => void;
    const notified = new Promise<void>((r) => (arrived = r));
    const stop = await listen(CHANNELS.credentials, () => arrived());
    await t.db.execute(
      sql`update api_keys set expires_at = now() - interval '1 second' where key_hash = ${sha256Hex(k)}`,
    );
    await notified;
    await stop();
    const res = await call(health.GET, { path: "/v1/weather/health", bearer: k });
    expect(res.status).toBe(401);
    expect(res.body.error.message).toMatch(/expired/);
  });

  it("another user's key id is 404", async () => {
    const a = await makeUser();
    const b = await makeUser();
    const ka = await a.key(["read"]);
    const kb = await b.key(["read"]);
    const id = (await verifyApiKey(ka)).keyId;
    const res = await call(keyById.DELETE, {
      method: "DELETE",
      path: `/api/developer/keys/${id}`,
      params: { keyId: String(id) },
      bearer: kb,
    });
    expect(res.status).toBe(404);
  });

  it("an id beyond the integer range is 404, not a database 500", async () => {
    const key = await (await makeUser()).key(["read"]);
    const res = await call(keyById.DELETE, {
      method: "DELETE",
      path: "/api/developer/keys/99999999999",
      params: { keyId: "99999999999" },
      bearer: key,
    });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe("not_found");
  });
});

securitySuite({
  name: "GET /api/developer/keys",
  handler: keys.GET,
  method: "GET",
  credential: "apiKey",
  family: "api",
  target: async () => ({ path: "/api/developer/keys" }),
});

securitySuite({
  name: "DELETE /api/developer/keys/{keyId}",
  handler: keyById.DELETE,
  method: "DELETE",
  credential: "apiKey",
  family: "api",
  ownedResource: true,
  target: async (owner) => {
    const id = (await verifyApiKey(await owner.key(["read"]))).keyId;
    return { path: `/api/developer/keys/${id}`, params: { keyId: String(id) } };
  },
});

securitySuite({
  name: "GET /v1/weather/health",
  handler: health.GET,
  method: "GET",
  credential: "apiKey",
  scopes: ["weather:read"],
  family: "weather",
  target: async () => ({ path: "/v1/weather/health" }),
});

describe("no privilege escalation through credential management", () => {
  it("a key may revoke only keys whose scopes it holds", async () => {
    const u = await makeUser();
    const narrow = await u.key(["read"]);
    const broad = await u.key(["read", "write", "delete"]);
    const broadId = (await verifyApiKey(broad)).keyId;
    const res = await call(keyById.DELETE, {
      method: "DELETE",
      path: `/api/developer/keys/${broadId}`,
      params: { keyId: String(broadId) },
      bearer: narrow,
    });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe("insufficient_scope");
    expect((await call(health.GET, { path: "/v1/weather/health", bearer: broad })).status).toBe(403); // still valid (403 = scope, not 401)
    const narrowId = (await verifyApiKey(narrow)).keyId;
    const own = await call(keyById.DELETE, {
      method: "DELETE",
      path: `/api/developer/keys/${narrowId}`,
      params: { keyId: String(narrowId) },
      bearer: broad,
    });
    expect(own.status).toBe(204);
  });

  it("creating a trip access token with a key needs the write scope", async () => {
    const tokens = await routeModule("/api/developer/tokens");
    const u = await makeUser();
    const readOnly = await call(tokens.POST, {
      method: "POST",
      path: "/api/developer/tokens",
      bearer: await u.key(["read"]),
      body: { name: "agent" },
    });
    expect(readOnly.status).toBe(403);
    expect(readOnly.body.error.details.missing_scopes).toEqual(["write"]);
    const ok = await call(tokens.POST, {
      method: "POST",
      path: "/api/developer/tokens",
      bearer: await u.key(["write"]),
      body: { name: "agent" },
    });
    expect(ok.status).toBe(201);
  });
});
