import type { BenchScenario } from "../types";

/**
 * Issue 4 (webhooks): 10,000 events delivered by the local runner to a real
 * HTTPS receiver on loopback. Runs in the admin CLI process, which drives the
 * domain functions directly in a throw-away database beside the bench one
 * (the app server's runner must not claim those deliveries). Target >= 200/s.
 */
export const scenarios: BenchScenario[] = [
  {
    name: "webhooks: delivery throughput (local mode)",
    async run(ctx) {
      const r = await ctx.admin("bench-webhook-delivery", { events: 10_000 });
      return {
        events: r.events,
        "deliveries/s": r["deliveries/s"],
        "lag p50/p99 ms (flat out)": `${r["lag p50 ms"]}/${r["lag p99 ms"]}`,
        "lag p50/p99 ms (paced 200/s)": `${r["paced 200/s lag p50 ms"]}/${r["paced 200/s lag p99 ms"]}`,
        lost: r.lost,
        "target >= 200/s": r["deliveries/s"] >= 200 && r.lost === 0 ? "met" : "NOT met",
        "emit events/s": r["emit events/s"],
        database: r.database,
      };
    },
  },
];
