import type { BenchScenario } from "../types";

/** Issue 4 (watches): reading a watch (full read shape, 1 unit) and listing, against /api/healthz. */
export const scenarios: BenchScenario[] = [
  {
    name: "watches: read and list",
    async run(ctx) {
      const dev = await ctx.newDeveloper("pro");
      const headers = { authorization: `Bearer ${dev.key}`, "content-type": "application/json" };
      const start = new Date(Date.now() + 48 * 3600_000);
      const ids: string[] = [];
      for (let i = 0; i < 20; i++) {
        const res = await fetch(`${ctx.baseUrl}/v1/weather/watch`, {
          method: "POST",
          headers,
          body: JSON.stringify({
            latitude: 38.7 + i * 0.01,
            longitude: -9.1,
            activity_type: "walking_tour",
            starts_at: start.toISOString(),
            ends_at: new Date(start.getTime() + 4 * 3600_000).toISOString(),
            webhook_url: "https://hooks.example.com/bench",
          }),
        });
        if (res.status !== 201) throw new Error(`create watch: ${res.status} ${await res.text()}`);
        ids.push(((await res.json()) as { data: { watch_id: string } }).data.watch_id);
      }
      const baseline = await ctx.baselineRps();
      const read = await ctx.load({
        title: "GET /v1/weather/watch/{id}",
        path: `/v1/weather/watch/${ids[0]}`,
        headers,
        requests: ids.map((id) => ({ method: "GET", path: `/v1/weather/watch/${id}`, headers })),
      });
      const list = await ctx.load({ title: "GET /v1/weather/watch", path: "/v1/weather/watch?limit=20", headers });
      return {
        "read req/s": read.rps,
        "read p50/p99 ms": `${read.p50}/${read.p99}`,
        "list req/s": list.rps,
        "list p50/p99 ms": `${list.p50}/${list.p99}`,
        "non-2xx": read.non2xx + list.non2xx,
        "ratio read/healthz": +(read.rps / baseline).toFixed(2),
      };
    },
  },
];
