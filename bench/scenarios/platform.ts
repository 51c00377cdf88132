import type { BenchScenario } from "../types";

/** Issue 2: /v1/weather/health (key verification + envelope) against /api/healthz. */
export const scenarios: BenchScenario[] = [
  {
    name: "platform: weather health vs healthz",
    async run(ctx) {
      const dev = await ctx.newDeveloper("pro");
      const healthz = await ctx.load({ title: "GET /api/healthz", path: "/api/healthz" });
      const health = await ctx.load({
        title: "GET /v1/weather/health",
        path: "/v1/weather/health",
        headers: { authorization: `Bearer ${dev.key}` },
      });
      return {
        "healthz req/s": healthz.rps,
        "healthz p50/p99 ms": `${healthz.p50}/${healthz.p99}`,
        "weather/health req/s": health.rps,
        "weather/health p50/p99 ms": `${health.p50}/${health.p99}`,
        "non-2xx": health.non2xx + healthz.non2xx,
        "ratio health/healthz": +(health.rps / healthz.rps).toFixed(2),
      };
    },
  },
];
