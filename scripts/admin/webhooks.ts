import { z } from "zod";
import { command } from "./types";

export const webhookCommands = {
  "bench-webhook-delivery": command({
    summary:
      "Delivery benchmark: --events N (default 10000) to a loopback HTTPS receiver via the local runner, in a throw-away database; prints deliveries/s, lag p50/p99, lost",
    flags: z.object({
      events: z.coerce.number().int().positive().max(1_000_000).default(10_000),
      producers: z.coerce.number().int().positive().max(64).default(16),
    }),
    async run(f) {
      const { runDeliveryBench } = await import("@/bench/delivery/delivery-bench");
      return { ...(await runDeliveryBench({ events: f.events, producers: f.producers })) };
    },
  }),
};
