import { z } from "zod";
import { localTasks, runDueWork } from "@/lib/jobs/local-runner";
import { JOBS } from "@/lib/registry/job-table";
import { command } from "./types";

export const jobCommands = {
  "run-due-work": command({
    summary: "One pass of every background job in the job table (cron jobs included), printing counts per job",
    flags: z.object({}),
    async run() {
      const counts = await runDueWork(localTasks({ jobs: JOBS, cronDueNow: true }));
      return { counts };
    },
  }),
};
