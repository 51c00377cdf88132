import type { BenchScenario } from "../types";

/**
 * Framework floor (constant route, no helper, no db; static and behind a dynamic segment),
 * /api/healthz (route helper + one query, measured first by the runner as the baseline) and
 * /v1/weather/health (key verification + envelope).
 */
export const scenarios: BenchScenario[] = [
  {
    name: "platform: floor, weather health",
    async run(ctx) {
      const dev = await ctx.newDeveloper("pro");
      await ctx.load({ title: "GET /api/floor (framework, no db)", path: "/api/floor", paired: true });
      // The same constant behind a [segment]: what Next adds to every route with an id in its path.
      await ctx.load({
        title: "GET /api/floor/{segment} (framework, dynamic)",
        path: "/api/floor/2f6f4c3b-2a10-4c1e-9d1a-0b5c5a3e1b7d",
        paired: true,
      });
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
