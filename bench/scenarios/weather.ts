import type { BenchScenario } from "../types";

/**
 * Issue 3 (weather core), simulated provider, warm cache, 64 connections:
 * current vs /api/healthz; a 100-item timeline over 10 cells; a cold burst of 50
 * requests for one cell, which must make exactly one upstream call (counted as the
 * snapshots stored for the cell: every upstream fetch stores one).
 */
const hour = 3_600_000;

function timelineBody(): string {
  const base = Math.floor(Date.now() / hour) * hour;
  const items = Array.from({ length: 100 }, (_, i) => ({
    id: `i${i}`,
    // 10 cells ~ 20 km apart around Paris; each cell carries 10 items.
    lat: 48.0 + (i % 10) * 0.2,
    lng: 2.35,
    start: new Date(base + (2 + (i % 24)) * hour).toISOString(),
    end: new Date(base + (3 + (i % 24)) * hour).toISOString(),
    activity_type: ["walking_tour", "museum", "beach", "dining", "cycling"][i % 5],
  }));
  return JSON.stringify({ items });
}

export const scenarios: BenchScenario[] = [
  {
    name: "weather: current (warm) vs healthz",
    async run(ctx) {
      const dev = await ctx.newDeveloper("pro");
      const auth = { authorization: `Bearer ${dev.key}` };
      const path = "/v1/weather/current?lat=48.8566&lng=2.3522";
      const warm = await fetch(ctx.baseUrl + path, { headers: auth });
      if (!warm.ok) throw new Error(`warm-up failed: HTTP ${warm.status} ${await warm.text()}`);
      const baseline = await ctx.baselineRps();
      const r = await ctx.load({ title: "GET /v1/weather/current", path, headers: auth });
      return {
        "current req/s": r.rps,
        "current p50/p99 ms": `${r.p50}/${r.p99}`,
        "non-2xx": r.non2xx,
        "ratio current/healthz (>= 0.70)": +(r.rps / baseline).toFixed(2),
      };
    },
  },
  {
    name: "weather: timeline 100 items over 10 cells",
    async run(ctx) {
      const dev = await ctx.newDeveloper("pro");
      const headers = { authorization: `Bearer ${dev.key}`, "content-type": "application/json" };
      const body = timelineBody();
      const warm = await fetch(ctx.baseUrl + "/v1/weather/timeline", { method: "POST", headers, body });
      if (!warm.ok) throw new Error(`warm-up failed: HTTP ${warm.status} ${await warm.text()}`);
      const baseline = await ctx.baselineRps();
      const r = await ctx.load({ title: "POST /v1/weather/timeline (100 items)", path: "/v1/weather/timeline", method: "POST", headers, body });
      return {
        "timeline req/s": r.rps,
        "timeline items/s": Math.round(r.rps * 100),
        "timeline p50/p99 ms": `${r.p50}/${r.p99}`,
        "non-2xx": r.non2xx,
        "ratio timeline/healthz (>= 0.20)": +(r.rps / baseline).toFixed(2),
      };
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
        Array.from({ length: 50 }, () => fetch(`${ctx.baseUrl}/v1/weather/current?lat=${lat}&lng=${lng}`, { headers: { authorization: `Bearer ${dev.key}` } })),
      );
      const statuses = res.map((r) => r.headers.get("x-cache-status") ?? String(r.status));
      const ids = new Set(res.map((r) => r.headers.get("x-weather-snapshot-id")));
      await Promise.all(res.map((r) => r.arrayBuffer()));
      const stats = await ctx.admin("weather-cache-stats", { lat, lng, provider: "simulated" });
      return {
        "requests ok": res.filter((r) => r.ok).length,
        "upstream calls (snapshots stored, must be 1)": stats.snapshots,
        "distinct snapshot ids": ids.size,
        "MISS/HIT": `${statuses.filter((s) => s === "MISS").length}/${statuses.filter((s) => s === "HIT").length}`,
      };
    },
  },
];
