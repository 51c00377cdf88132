import type { Cadence } from "./schedule";

/**
 * One background job. Both runners are generated from the job table
 * (lib/registry/job-table.ts): the local runner (lib/jobs/local-runner.ts) and Inngest
 * (inngest/cron-jobs.ts generates the cron functions; queue jobs have their
 * own event-driven functions named in `inngest.functionIds`). A test
 * (lib/registry/job-table.test.ts) checks the two agree.
 *
 * `run` makes ONE idempotent batch and returns how many items it handled
 * (0 = nothing due); runners call it until it returns 0. Exclusivity comes
 * from the database (`lease`), never from the runner, so any number of
 * instances may run any job at once.
 */
export interface JobSpec {
  name: string;
  summary: string;
  trigger:
    | { kind: "cron"; cadence: Cadence }
    /** Work with its own due times: the local runner polls it every pass and on a NOTIFY; Inngest runs it per event. */
    | { kind: "queue"; wakeOnNotify: boolean };
  run: () => Promise<number>;
  /** Batches of this job at once in its own loop on each instance (Inngest `concurrency.limit` of cron functions). */
  concurrency: number;
  /** What keeps two instances from doing the same item twice. */
  lease: string;
  inngest: { kind: "generated" } | { kind: "event-driven"; functionIds: string[] };
}
