import { z } from "zod";
import { runDueWork } from "@/lib/jobs/local-runner";
import { localTasks } from "@/lib/jobs/tasks";
import { command } from "./types";

export const jobCommands = {
  "run-due-work": command({
    summary: "One pass of every background task (watch refresh/expiry/accrual, webhook deliveries), printing counts per task",
    flags: z.object({}),
    async run() {
      const counts = await runDueWork(localTasks());
      return { counts };
    },
  }),
};
