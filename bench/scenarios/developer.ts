import type { BenchScenario } from "../types";

/** Developer credentials: listing keys with an API key. */
export const scenarios: BenchScenario[] = [
  {
    name: "developer: keys list",
    async run(ctx) {
      const dev = await ctx.newDeveloper("pro");
      await ctx.load({
        title: "GET /api/developer/keys",
        path: "/api/developer/keys",
        headers: { authorization: `Bearer ${dev.key}` },
      });
      return {};
    },
  },
];
