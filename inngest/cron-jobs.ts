import type { InngestFunction } from "inngest";
import { inngest } from "@/lib/jobs/inngest-client";
import { JOBS, type JobSpec } from "@/lib/registry/job-table";
import { cronOf } from "@/lib/jobs/schedule";

const MAX_BATCHES = 100;

/** The Inngest function of one cron job of the table: batches until nothing is due (each batch a step). */
export function cronFunction(job: JobSpec): InngestFunction.Any {
  if (job.trigger.kind !== "cron") throw new Error(`${job.name} is not a cron job`);
  return inngest.createFunction(
    { id: job.name, triggers: [{ cron: cronOf(job.trigger.cadence) }], concurrency: { limit: job.concurrency } },
    async ({ step }) => {
      let total = 0;
      for (let i = 0; i < MAX_BATCHES; i++) {
        const n = await step.run(`batch-${i}`, () => job.run());
        total += n;
        if (n === 0) break;
      }
      return { handled: total };
    },
  );
}

/** Every cron job the table marks `generated` (one file for all of them: they differ only in data). */
export const cronJobFunctions: InngestFunction.Any[] = JOBS.filter((j) => j.inngest.kind === "generated").map(
  cronFunction,
);
