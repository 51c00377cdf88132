import { parisTimelineItems } from "@/lib/weather/testing/timeline-items";
import type { BenchScenario } from "../types";

/**
 * Weather core, simulated provider, warm cache, 64 connections: current, forecast, a 100-item
 * timeline over 10 cells, a route; a cold burst of 50 requests for one cell must make exactly
 * one upstream call (counted as the snapshots stored for the cell: every upstream fetch stores one).
 */
function timelineBody(): string {
  return JSON.stringify({ items: parisTimelineItems() });
}

async function warm(url: string, init: RequestInit) {
  const r = await fetch(url, init);
  if (!r.ok) throw new Error(`warm-up failed: HTTP ${r.status} ${await r.text()}`);
}

export const scenarios: BenchScenario[] = [
  {
    name: "weather: current, forecast, timeline, route (warm)",
    async run(ctx) {
      const dev = await ctx.newDeveloper("pro");
      const auth = { authorization: `Bearer ${dev.key}` };
      const json = { ...auth, "content-type": "application/json" };
      const current = "/v1/weather/current?lat=48.8566&lng=2.3522";
      const forecast = "/v1/weather/forecast?lat=48.8566&lng=2.3522&days=7";
      const timeline = timelineBody();
      const route = JSON.stringify({
        origin: { lat: 48.8566, lng: 2.3522 },
        destination: { lat: 49.4431, lng: 1.0993 },
        transport_mode: "car",
      });
      await warm(ctx.baseUrl + current, { headers: auth });
      await warm(ctx.baseUrl + forecast, { headers: auth });
      await warm(ctx.baseUrl + "/v1/weather/timeline", { method: "POST", headers: json, body: timeline });
      await warm(ctx.baseUrl + "/v1/weather/route", { method: "POST", headers: json, body: route });
      await ctx.load({ title: "GET /v1/weather/current (warm)", path: current, headers: auth, target: 0.9 });
      await ctx.load({ title: "GET /v1/weather/forecast (warm)", path: forecast, headers: auth });
      const t = await ctx.load({
        title: "POST /v1/weather/timeline 100 items/10 cells",
        path: "/v1/weather/timeline",
        method: "POST",
        headers: json,
        body: timeline,
        target: 0.35,
      });
      await ctx.load({
        title: "POST /v1/weather/route (warm)",
        path: "/v1/weather/route",
        method: "POST",
        headers: json,
        body: route,
      });
      return { "timeline items/s": Math.round(t.rps * 100) };
    },
  },
  {
    name: "weather: cold burst, 50 requests for one cell",
    async run(ctx) {
      const dev = await ctx.newDeveloper("pro");
      // A cell nobody has asked for in this database (random point in the Atlantic).
      const lat = +(10 + Math.random() * 20).toFixed(4);
      const lng = +(-40 + Math.random() * 10).toFixed(4);
      const res = await Promise.all(
        Array.from({ length: 50 }, () =>
          fetch(`${ctx.baseUrl}/v1/weather/current?lat=${lat}&lng=${lng}`, {
            headers: { authorization: `Bearer ${dev.key}` },
          }),
        ),
      );
      const statuses = res.map((r) => r.headers.get("x-cache-status") ?? String(r.status));
      const ids = new Set(res.map((r) => r.headers.get("x-weather-snapshot-id")));
      await Promise.all(res.map((r) => r.arrayBuffer()));
      const stats = await ctx.admin("weather-cache-stats", { lat, lng, provider: "simulated" });
      ctx.check(
        "cold burst: one upstream call for 50 concurrent requests",
        stats.snapshots === 1 && res.every((r) => r.ok),
        `${stats.snapshots} snapshot(s), ${res.filter((r) => r.ok).length}/50 ok`,
      );
      return {
        "distinct snapshot ids": ids.size,
        "MISS/HIT": `${statuses.filter((s) => s === "MISS").length}/${statuses.filter((s) => s === "HIT").length}`,
      };
    },
  },
];
