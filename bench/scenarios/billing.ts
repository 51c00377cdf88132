import type { BenchScenario } from "../types";

/**
 * Usage reads, and the quota invariant under load: a free-plan key (1,000 requests a month,
 * not internal) fired 1,100 concurrent calls gets exactly what fits, and the counter never
 * passes the cap.
 */
export const scenarios: BenchScenario[] = [
  {
    name: "billing: usage, daily usage, quota cap",
    async run(ctx) {
      const dev = await ctx.newDeveloper("pro");
      const headers = { authorization: `Bearer ${dev.key}` };
      await ctx.load({ title: "GET /v1/usage", path: "/v1/usage", headers, target: 0.85 });
      await ctx.load({ title: "GET /v1/usage/daily", path: "/v1/usage/daily", headers });

      const free = await ctx.newDeveloper("free", { internal: false });
      const auth = { authorization: `Bearer ${free.key}` };
      const statuses: number[] = [];
      const queue = Array.from({ length: 1_100 }, (_, i) => i);
      await Promise.all(
        Array.from({ length: 64 }, async () => {
          while (queue.pop() !== undefined) {
            const r = await fetch(`${ctx.baseUrl}/v1/weather/current?lat=48.85&lng=2.35`, { headers: auth });
            await r.arrayBuffer();
            statuses.push(r.status);
          }
        }),
      );
      const usage = (await (await fetch(`${ctx.baseUrl}/v1/usage`, { headers: auth })).json()).data.usage.requests;
      const ok = statuses.filter((s) => s === 200).length;
      const limited = statuses.filter((s) => s === 429).length;
      ctx.check(
        "quota: free plan, 1,100 concurrent calls",
        ok === usage.limit && usage.used === usage.limit && ok + limited === 1_100,
        `${ok} ok, ${limited} 429, used ${usage.used} of ${usage.limit}`,
      );
      return {};
    },
  },
];
