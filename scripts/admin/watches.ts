import { z } from "zod";
import { refreshWatch } from "@/lib/watches/refresh-watch";
import { expireWatches } from "@/lib/watches/expire-watches";
import { refreshDueWatches } from "@/lib/watches/run-due-watches";
import { accrueWatchBilling, utcDay } from "@/lib/watches/accrue-watch-billing";
import { command } from "./types";

export const watchCommands = {
  "refresh-watch": command({
    summary: "Refresh one active watch now (snapshot, metrics, risk, change events): --id WATCH_ID",
    flags: z.object({ id: z.string().uuid() }),
    async run(f) {
      const r = await refreshWatch(f.id);
      return { watch_id: f.id, ...r };
    },
  }),
  "refresh-due-watches": command({
    summary: "One pass of due watch work: expire ended watches, refresh due ones: [--limit N]",
    flags: z.object({ limit: z.coerce.number().int().positive().default(200) }),
    async run(f) {
      const expired = await expireWatches({ limit: f.limit });
      const refreshed = await refreshDueWatches({ limit: f.limit });
      return { expired, refreshed };
    },
  }),
  "accrue-watch-billing": command({
    summary: "Bill 1 unit per active watch for a UTC day (idempotent): [--day YYYY-MM-DD] (default today)",
    flags: z.object({
      day: z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/)
        .optional(),
    }),
    async run(f) {
      const day = f.day ?? utcDay(new Date());
      let billed = 0;
      for (;;) {
        const n = await accrueWatchBilling(day); // one batch per call
        if (n === 0) break;
        billed += n;
      }
      return { day, billed };
    },
  }),
};
