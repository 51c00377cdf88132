import type { BenchScenario } from "../types";

/**
 * Webhooks: endpoint list and attempts list over the API; then 10,000 events delivered by the
 * local runner to a real HTTPS receiver on loopback, in the admin CLI process, which drives the
 * domain functions directly in a throw-away database beside the bench one (the app server's
 * runner must not claim those deliveries).
 */
export const scenarios: BenchScenario[] = [
  {
    name: "webhooks: list, attempts",
    async run(ctx) {
      const dev = await ctx.newDeveloper("pro");
      const headers = { authorization: `Bearer ${dev.key}`, "content-type": "application/json" };
      const res = await fetch(`${ctx.baseUrl}/v1/webhooks`, {
        method: "POST",
        headers,
        body: JSON.stringify({ url: "https://hooks.example.com/bench", events: ["weather.change_detected"] }),
      });
      if (res.status !== 201) throw new Error(`create webhook: ${res.status} ${await res.text()}`);
      const id = ((await res.json()) as { data: { id?: string; webhook_id?: string } }).data;
      const webhookId = id.webhook_id ?? id.id;
      await ctx.load({ title: "GET /v1/webhooks", path: "/v1/webhooks", headers });
      await ctx.load({ title: "GET /v1/webhooks/{id}/attempts", path: `/v1/webhooks/${webhookId}/attempts`, headers });
      return {};
    },
  },
  {
    name: "webhooks: delivery throughput (local mode)",
    async run(ctx) {
      const r = await ctx.admin("bench-webhook-delivery", { events: 10_000 });
      ctx.record({
        title: "webhook delivery, local runner, loopback HTTPS",
        rps: r["deliveries/s"],
        p50: r["lag p50 ms"],
        p99: r["lag p99 ms"],
        non2xx: 0,
        errors: r.lost,
        requests: r.events,
        note: `deliveries/s; latency = lag; lost ${r.lost}`,
      });
      ctx.record({
        title: "webhook delivery, backlog drain (runner only)",
        rps: r["backlog deliveries/s"],
        p50: 0,
        p99: 0,
        non2xx: 0,
        errors: 0,
        requests: r["backlog events"],
        note: "deliveries/s of a backlog enqueued before the runner starts (flat out, emission bounds the row above)",
      });
      ctx.record({
        title: "delivery lag paced at 200/s",
        rps: 200,
        p50: r["paced 200/s lag p50 ms"],
        p99: r["paced 200/s lag p99 ms"],
        non2xx: 0,
        errors: 0,
        requests: 0,
        note: "target p99 <= 100 ms",
      });
      const withStd = Number(r["backlog deliveries/s, Standard Webhooks headers (mean of 2)"]);
      const withoutStd = Number(r["backlog deliveries/s, without Standard Webhooks headers"]);
      ctx.record({
        title: "webhook delivery backlog, without Standard Webhooks headers",
        rps: withoutStd,
        p50: 0,
        p99: 0,
        non2xx: 0,
        errors: 0,
        requests: r["backlog events"],
        note: `same run; with the headers ${withStd}/s (mean of the runs before and after); signing ${r["Standard Webhooks signing us/delivery"]} us/delivery`,
      });
      ctx.check("webhook delivery: nothing lost", r.lost === 0, `${r.events} events, ${r.lost} lost`);
      return { "emit events/s": r["emit events/s"], database: r.database };
    },
  },
];
