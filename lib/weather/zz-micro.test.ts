import { afterAll, beforeAll, it, expect } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-db";
import { call } from "@/lib/http/testing";
import { makeUser } from "@/lib/testing/fixtures";
import * as healthz from "@/app/api/healthz/route";
import * as current from "@/app/v1/weather/current/route";
import * as timeline from "@/app/v1/weather/timeline/route";
import * as health from "@/app/v1/weather/health/route";
import { getSnapshot } from "@/lib/weather";
import { getCurrentWeather } from "@/lib/weather/get-current";
import { analyseTimeline } from "@/lib/weather/analyse-timeline";

let t: TestDatabase;
beforeAll(async () => { t = await createTestDatabase({ poolSize: 20 }); });
afterAll(async () => t.close());

async function rps(fn: () => Promise<unknown>, ms = 4000, conc = 64) {
  let n = 0; const end = Date.now() + ms;
  await Promise.all(Array.from({ length: conc }, async () => { while (Date.now() < end) { await fn(); n++; } }));
  return n / (ms / 1000);
}

it("micro", async () => {
  const u = await makeUser({ plan: "pro" });
  const k = await u.key(["weather:read", "weather:timeline"], { internal: true });
  const hour = 3600000; const base = Math.floor(Date.now() / hour) * hour;
  const items = Array.from({ length: 100 }, (_, i) => ({ id: `i${i}`, lat: 48 + (i % 10) * 0.2, lng: 2.35, start: new Date(base + (2 + (i % 24)) * hour).toISOString(), end: new Date(base + (3 + (i % 24)) * hour).toISOString(), activity_type: ["walking_tour", "museum", "beach", "dining", "cycling"][i % 5] }));
  expect((await call(current.GET, { path: "/v1/weather/current?lat=48.85&lng=2.35", bearer: k })).status).toBe(200);
  expect((await call(timeline.POST, { method: "POST", path: "/v1/weather/timeline", bearer: k, body: { items } })).status).toBe(200);
  const h = await rps(() => call(healthz.GET as any, { path: "/api/healthz" }));
  const wh = await rps(() => call(health.GET, { path: "/v1/weather/health", bearer: k }));
  const gs = await rps(() => getSnapshot({ lat: 48.85, lng: 2.35, environment: "production", use: "current" }));
  const gc = await rps(() => getCurrentWeather({ lat: 48.85, lng: 2.35, units: "metric" }, "production"));
  const parsed = items.map((i) => ({ ...i, start: new Date(i.start), end: new Date(i.end), timezone: "Europe/Paris" }));
  const at = await rps(() => analyseTimeline({ units: "metric", items: parsed }, "production"), 3000, 8);
  console.log(JSON.stringify({ weatherHealth: wh, getSnapshot: gs, getCurrent: gc, analyseTimeline: at }));
  const c = await rps(() => call(current.GET, { path: "/v1/weather/current?lat=48.85&lng=2.35", bearer: k }));
  const tl = await rps(() => call(timeline.POST, { method: "POST", path: "/v1/weather/timeline", bearer: k, body: { items } }));
  console.log(JSON.stringify({ healthz: h, current: c, timeline: tl, ratioCurrent: c / h, ratioTimeline: tl / h }));
});
