import type { BenchScenario } from "../types";

/**
 * Framework floor (constant route, no helper, no db), /api/healthz (route helper + one query,
 * measured first by the runner as the baseline) and /v1/weather/health (key verification + envelope).
 */
export const scenarios: BenchScenario[] = [
  {
    name: "platform: floor, weather health",
    async run(ctx) {
      const dev = await ctx.newDeveloper("pro");
      await ctx.load({ title: "GET /api/floor (framework, no db)", path: "/api/floor" });
      await ctx.load({
        title: "GET /v1/weather/health",
        path: "/v1/weather/health",
        headers: { authorization: `Bearer ${dev.key}` },
        target: 0.9,
      });
      return {};
    },
  },
];
