import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { encode } from "next-auth/jwt";
import { authSecret } from "@/lib/auth/auth-secret";
import { sessionOrApiKey } from "@/lib/auth/strategies";
import { getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/sql";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-db";
import { contract } from "@/lib/http/route";
import { defineRoute } from "@/lib/registry/route";
import { call } from "@/lib/http/testing/call-route";
import { makeUser } from "@/lib/testing/fixtures";
import { takeLogs } from "@/lib/testing/log-capture";
import { securitySuite } from "@/lib/testing/security-suite";
import { flushRequestLog } from "./request-log";
import { pruneRequestLog } from "./list-requests";
import { routeModule } from "@/lib/testing/route-registry";

const requestsRoute = await routeModule("/v1/requests");
const webhooks = await routeModule("/v1/webhooks");
const webhook = await routeModule("/v1/webhooks/{webhook_id}");

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await flushRequestLog();
  await t.close();
});

const boom = defineRoute(
  contract({
    method: "GET",
    path: "/test/requests/boom",
    summary: "boom",
    tags: ["test"],
    family: "weather",
    auth: sessionOrApiKey("read"),
    responses: {},
  }),
  async () => {
    throw new Error("kaput");
  },
);

const list = async (key: string, qs = "") => {
  await flushRequestLog();
  return call(requestsRoute.GET, { path: `/v1/requests${qs}`, bearer: key });
};

describe("request log", () => {
  it("records 2xx, 4xx and 5xx calls with the response's request id, path template, credential prefix and error code", async () => {
    const u = await makeUser();
    const key = await u.key(["read", "weather:webhooks"]);
    const ok = await call(webhooks.GET, { path: "/v1/webhooks", bearer: key });
    const missing = "7d0c0a43-3f0f-4b36-9a55-2d0d3b7b2c11";
    const notFound = await call(webhook.GET, {
      path: `/v1/webhooks/${missing}`,
      params: { webhook_id: missing },
      bearer: key,
    });
    const bad = await call(webhooks.POST, {
      method: "POST",
      path: "/v1/webhooks",
      bearer: key,
      body: { url: "http://x" },
    });
    const failed = await call(boom, { path: "/test/requests/boom", bearer: key });
    expect(takeLogs("unhandled error")).toHaveLength(1);
    expect([ok.status, notFound.status, bad.status, failed.status]).toEqual([200, 404, 400, 500]);

    const res = await list(key);
    expect(res.status).toBe(200);
    const rows = res.body.data.requests as Array<Record<string, any>>;
    const byId = (r: { headers: Headers }) => rows.find((x) => x.request_id === r.headers.get("x-request-id"));
    expect(byId(ok)).toMatchObject({
      method: "GET",
      path: "/v1/webhooks",
      status: 200,
      error_code: null,
      billing_units: 0,
      credential: { type: "api_key", prefix: key.slice(0, 12) },
    });
    expect(byId(notFound)).toMatchObject({ path: "/v1/webhooks/{webhook_id}", status: 404, error_code: "not_found" });
    expect(byId(bad)).toMatchObject({ method: "POST", status: 400, error_code: "bad_request" });
    expect(byId(failed)).toMatchObject({ path: "/test/requests/boom", status: 500, error_code: "internal_error" });
    for (const r of rows) expect(r.latency_ms).toBeGreaterThanOrEqual(0);
    // Neither the key nor a body is stored.
    const raw = await (await getDb()).execute(sql`SELECT * FROM request_log WHERE account_id = ${u.accountId}::uuid`);
    expect(JSON.stringify(raw)).not.toContain(key);
    expect(JSON.stringify(raw)).not.toContain("http://x");

    const lookup = await list(key, `?request_id=${failed.headers.get("x-request-id")}`);
    expect(lookup.body.data.requests).toHaveLength(1);
    expect(lookup.body.data.requests[0].status).toBe(500);
    expect((await list(key, "?status=4xx")).body.data.requests.map((r: { status: number }) => r.status).sort()).toEqual(
      [400, 404],
    );
    expect((await list(key, "?status=500")).body.data.requests).toHaveLength(1);
    expect((await list(key, "?path=/v1/webhooks/")).body.data.requests.map((r: { path: string }) => r.path)).toEqual([
      "/v1/webhooks/{webhook_id}",
    ]);
  });

  it("is per account, pages with a cursor, refuses bad filters, and logs billed units of metered calls", async () => {
    const a = await makeUser();
    const b = await makeUser();
    const keyA = await a.key(["read", "weather:webhooks"]);
    const keyB = await b.key(["read"]);
    for (let i = 0; i < 5; i++) await call(webhooks.GET, { path: "/v1/webhooks", bearer: keyA });
    const pageIds: string[] = [];
    let cursor: string | null = null;
    do {
      const r: { body: any } = await list(keyA, `?path=/v1/webhooks&limit=2${cursor ? `&cursor=${cursor}` : ""}`);
      pageIds.push(...r.body.data.requests.map((x: { request_id: string }) => x.request_id));
      cursor = r.body.data.next_cursor;
    } while (cursor);
    expect(new Set(pageIds).size).toBe(5);
    expect((await list(keyB, "?path=/v1/webhooks")).body.data.requests).toEqual([]);
    for (const qs of ["?status=600", "?status=4x", "?request_id=abc", "?cursor=zzz", "?limit=0", "?nope=1"]) {
      const r = await list(keyA, qs);
      expect(r.status, qs).toBe(400);
      expect(r.body.error.code).toBe("bad_request");
    }
    // The portal session is logged too.
    const cookie = `next-auth.session-token=${await encode({ token: { sub: a.userId }, secret: authSecret() })}`;
    const viaSession = await call(webhooks.GET, { path: "/v1/webhooks", headers: { cookie } });
    const rows = (await list(keyA, `?request_id=${viaSession.headers.get("x-request-id")}`)).body.data.requests;
    expect(rows[0].credential).toEqual({ type: "session", id: null, prefix: null });
  });

  it("stores each buffered request's fields as recorded: time to the millisecond, ids, units, and rows in order", async () => {
    const u = await makeUser();
    const key = await u.key(["read", "weather:webhooks"]);
    const [keyRow] = await queryRows<{ id: unknown }>(
      await getDb(),
      sql`SELECT id FROM api_keys WHERE account_id = ${u.accountId}::uuid`,
    );
    const before = Date.now();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++)
      ids.push((await call(webhooks.GET, { path: "/v1/webhooks", bearer: key })).headers.get("x-request-id")!);
    const after = Date.now();
    await flushRequestLog();
    const rows = await queryRows<Record<string, any>>(
      await getDb(),
      sql`SELECT request_id, account_id, (extract(epoch FROM at) * 1000)::float8 AS at_ms, method, path, status, latency_ms, credential_type, credential_id,
                 billing_units, error_code FROM request_log WHERE account_id = ${u.accountId}::uuid ORDER BY id`,
    );
    expect(rows.map((r) => r.request_id)).toEqual(ids);
    for (const r of rows) {
      expect(r).toMatchObject({
        account_id: u.accountId,
        method: "GET",
        path: "/v1/webhooks",
        status: 200,
        credential_type: "api_key",
        billing_units: 0,
        error_code: null,
      });
      expect(r.credential_id).toBe(String(keyRow.id));
      expect(Number(r.at_ms)).toBeGreaterThanOrEqual(before);
      expect(Number(r.at_ms)).toBeLessThanOrEqual(after);
      expect(Number.isInteger(Number(r.at_ms))).toBe(true);
    }
  });

  it("prunes rows older than 7 days and keeps newer ones", async () => {
    const u = await makeUser();
    const key = await u.key(["read"]);
    const db = await getDb();
    await db.execute(sql`INSERT INTO request_log (request_id, account_id, at, method, path, status, latency_ms, credential_type)
      VALUES (gen_random_uuid(), ${u.accountId}::uuid, now() - interval '8 days', 'GET', '/old', 200, 1, 'api_key'),
             (gen_random_uuid(), ${u.accountId}::uuid, now() - interval '6 days', 'GET', '/recent', 200, 1, 'api_key')`);
    expect(await pruneRequestLog()).toBeGreaterThanOrEqual(1);
    const paths = (await list(key, "?path=/")).body.data.requests.map((r: { path: string }) => r.path);
    expect(paths).toContain("/recent");
    expect(paths).not.toContain("/old");
  });
});

securitySuite({
  name: "GET /v1/requests",
  handler: requestsRoute.GET,
  method: "GET",
  credential: "apiKey",
  scopes: ["read"],
  wrongScope: "weather:read",
  family: "weather",
  target: async () => ({ path: "/v1/requests" }),
});
