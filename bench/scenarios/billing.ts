import type { BenchScenario } from "../types";

/** Issue 3 (billing): GET /v1/usage (counters + live watch count in one query) against /api/healthz. */
export const scenarios: BenchScenario[] = [
  {
    name: "billing: usage vs healthz",
    async run(ctx) {
      const dev = await ctx.newDeveloper("pro");
      const baseline = await ctx.baselineRps();
      const usage = await ctx.load({
        title: "GET /v1/usage",
        path: "/v1/usage",
        headers: { authorization: `Bearer ${dev.key}` },
      });
      return {
        "usage req/s": usage.rps,
        "usage p50/p99 ms": `${usage.p50}/${usage.p99}`,
        "non-2xx": usage.non2xx,
        "ratio usage/healthz": +(usage.rps / baseline).toFixed(2),
      };
    },
  },
];
