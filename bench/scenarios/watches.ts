import type { BenchScenario } from "../types";

/** Watches: reading one (full read shape, 1 unit) and listing. */
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
      await ctx.load({
        title: "GET /v1/weather/watch/{id}",
        path: `/v1/weather/watch/${ids[0]}`,
        headers,
        requests: ids.map((id) => ({ method: "GET", path: `/v1/weather/watch/${id}`, headers })),
        target: 0.8,
      });
      await ctx.load({
        title: "GET /v1/weather/watch?limit=20",
        path: "/v1/weather/watch?limit=20",
        headers,
        target: 0.8,
      });
      return {};
    },
  },
];
