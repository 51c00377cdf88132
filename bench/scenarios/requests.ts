import type { BenchScenario, LoadResult } from "../types";

/**
 * Issue 12: request-log overhead on GET /v1/weather/current (warm). A second
 * server of the same build and database runs with REQUEST_LOG=off; loads
 * alternate A/B/A/B so drift on the shared machine hits both sides alike.
 */
export const scenarios: BenchScenario[] = [
  {
    name: "requests: request-log overhead on weather current",
    async run(ctx) {
      if (!ctx.startVariant) throw new Error("needs the Postgres pass (a second server)");
      const dev = await ctx.newDeveloper("pro");
      const headers = { authorization: `Bearer ${dev.key}` };
      const path = "/v1/weather/current?lat=48.8566&lng=2.3522";
      const warm = await fetch(ctx.baseUrl + path, { headers });
      if (!warm.ok) throw new Error(`warm-up failed: HTTP ${warm.status}`);
      const off = await ctx.startVariant({ REQUEST_LOG: "off" });
      try {
        const mean = (rs: LoadResult[]) => rs.reduce((a, r) => a + r.rps, 0) / rs.length;
        const on: LoadResult[] = [];
        const without: LoadResult[] = [];
        for (let round = 0; round < 2; round++) {
          on.push(await ctx.load({ title: "current, log on", path, headers }));
          without.push(await off.load({ title: "current, log off", path, headers }));
        }
        const last = without.at(-1)!;
        ctx.record({
          ...last,
          title: "GET /v1/weather/current, request log off (variant server)",
          rps: Math.round(mean(without)),
        });
        const a = mean(on);
        const b = mean(without);
        return {
          "with log req/s (mean of 2)": Math.round(a),
          "without log req/s (mean of 2)": Math.round(b),
          "rounds with/without": `${on.map((r) => r.rps).join(",")} / ${without.map((r) => r.rps).join(",")}`,
          "p99 with/without ms": `${on.at(-1)!.p99}/${without.at(-1)!.p99}`,
          "non-2xx": on.concat(without).reduce((n, r) => n + r.non2xx, 0),
          "overhead % (< 5)": +(((b - a) / b) * 100).toFixed(1),
          note: "on-server loads are recorded in the table too; the off figure is the variant's mean",
        };
      } finally {
        await off.stop();
      }
    },
  },
];
