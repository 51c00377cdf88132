import { z } from "zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-db";
import { getDb, openPostgres, setDbHandle } from "@/lib/db/client";
import { resetEnvCache } from "@/lib/env";
import { call } from "@/lib/http/testing/call-route";
import { takeLogs } from "@/lib/testing/log-capture";
import { makeUser } from "@/lib/testing/fixtures";
import { apiKey, none } from "@/lib/auth/strategies";
import { serveMetrics } from "@/lib/platform/serve-metrics";
import { installMetricSources } from "@/lib/registry/metric-sources";
import { defineRoute } from "@/lib/registry/route";
import { contract } from "./route";

// As app/metrics does before the first scrape.
installMetricSources();

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  delete process.env.METRICS_TOKEN;
  resetEnvCache();
  await t.close();
});

const whoami = defineRoute(
  contract({
    method: "GET",
    path: "/test/things/{id}",
    summary: "whoami",
    tags: ["test"],
    family: "api",
    auth: apiKey("read"),
    responses: { 200: { description: "ok", schema: z.object({ ok: z.boolean() }) } },
  }),
  async () => ({ data: { ok: true } }),
);
const badQuery = defineRoute(
  contract({
    method: "GET",
    path: "/test/bad-query",
    summary: "bad",
    tags: ["test"],
    family: "api",
    auth: none(),
    responses: { 200: { description: "ok", schema: z.object({}) } },
  }),
  async () => {
    await (await getDb()).execute(sql`SELECT * FROM no_such_table WHERE note = ${"param-value-never-logged"}`);
    return { data: {} };
  },
);

describe("access log", () => {
  it("one JSON line per request: time, request id, method, route template, status, latency, account id; no key, no query", async () => {
    const u = await makeUser();
    const key = await u.key(["read"]);
    const res = await call(whoami, {
      path: "/test/things/abc?lat=48.85&secret=xyz",
      params: { id: "abc" },
      bearer: key,
    });
    expect(res.status).toBe(200);
    const [line] = takeLogs("request");
    const entry = JSON.parse(line.line);
    expect(line.level).toBe("info");
    expect(entry).toMatchObject({
      request_id: res.headers.get("x-request-id"),
      method: "GET",
      route: "/test/things/{id}",
      status: 200,
      account_id: u.accountId,
    });
    expect(typeof entry.latency_ms).toBe("number");
    expect(Date.parse(entry.time)).not.toBeNaN();
    expect(line.line).not.toContain(key);
    expect(line.line).not.toContain("xyz");
    expect(line.line).not.toContain("48.85");

    const anon = await call(whoami, { path: "/test/things/abc", params: { id: "abc" } });
    expect(anon.status).toBe(401);
    expect(JSON.parse(takeLogs("request")[0].line)).toMatchObject({ status: 401, account_id: null });
  });
});

describe("500s and an unreachable database", () => {
  it("a 500's log line names the database error (code and first message line), never the query parameters", async () => {
    const res = await call(badQuery, { path: "/test/bad-query" });
    expect(res.status).toBe(500);
    const [logged] = takeLogs("unhandled error");
    const entry = JSON.parse(logged.line);
    expect(entry.request_id).toBe(res.headers.get("x-request-id"));
    expect(entry.cause.code).toBe("42P01");
    expect(entry.cause.message).toMatch(/no_such_table/);
    expect(logged.line).not.toContain("param-value-never-logged");
    takeLogs("request");
  });

  it("a database that refuses connections is a 503 service_unavailable in the envelope, not a 500", async () => {
    const dead = await openPostgres("postgres://postgres@127.0.0.1:1/nowhere", { max: 1 });
    setDbHandle(dead);
    try {
      const res = await call(badQuery, { path: "/test/bad-query" });
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ error: { code: "service_unavailable" } });
      expect(res.headers.get("retry-after")).toBe("1");
      const [warned] = takeLogs("database unavailable");
      expect(JSON.parse(warned.line).cause.code).toBe("ECONNREFUSED");
      expect(takeLogs("unhandled error")).toEqual([]);
    } finally {
      await dead.close();
      // Back to this file's database (t.close() closes the real handle).
      setDbHandle({ db: t.db, driver: t.driver, close: async () => {}, listen: async () => async () => {} });
    }
  });
});

describe("/metrics", () => {
  it("404 while METRICS_TOKEN is unset, 401 without the token, Prometheus text with request counts by route template with it", async () => {
    delete process.env.METRICS_TOKEN;
    resetEnvCache();
    expect((await serveMetrics(new Request("http://localhost/metrics"))).status).toBe(404);
    process.env.METRICS_TOKEN = "operator-token-0123456789";
    resetEnvCache();
    const denied = await serveMetrics(
      new Request("http://localhost/metrics", { headers: { authorization: "Bearer wrong" } }),
    );
    expect(denied.status).toBe(401);
    await call(whoami, { path: "/test/things/x", params: { id: "x" } });
    const ok = await serveMetrics(
      new Request("http://localhost/metrics", { headers: { authorization: "Bearer operator-token-0123456789" } }),
    );
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toMatch(/^text\/plain/);
    const text = await ok.text();
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/test\/things\/\{id\}",status="401"\} \d+/);
    expect(text).toContain("http_request_duration_seconds_bucket");
    expect(text).toMatch(/webhook_deliveries_due \d+/);
    expect(text).toMatch(/webhook_oldest_due_delivery_age_seconds \d+/);
    // promtool's rule: `_total` is for counters only (prom-client's default gauges broke it).
    const types = [...text.matchAll(/^# TYPE (\S+) (\S+)$/gm)].map((m) => ({ name: m[1], type: m[2] }));
    expect(types.length).toBeGreaterThan(10);
    expect(types.filter((t) => t.name.endsWith("_total") && t.type !== "counter")).toEqual([]);
    expect(text).toMatch(/nodejs_active_resources\{type="\w+"\} \d+/);
    takeLogs("request");
  });
});
