import { inngest } from "./client";
import { pruneWeatherSnapshots } from "@/lib/weather/prune-snapshots";

/** Hourly weather snapshot retention (docs/weather.md): prune in batches until nothing is due. */
export const weatherSnapshotPrune = inngest.createFunction(
  { id: "weather-snapshot-prune", triggers: [{ cron: "41 * * * *" }], concurrency: { limit: 1 } },
  async ({ step }) => {
    let total = 0;
    for (let i = 0; i < 100; i++) {
      const n = await step.run(`prune-batch-${i}`, () => pruneWeatherSnapshots());
      total += n;
      if (n === 0) break;
    }
    return { pruned: total };
  },
);
