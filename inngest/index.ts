import type { InngestFunction } from "inngest";
import { watchRefreshScheduler } from "./watch-refresh-scheduler";
import { watchRefresh } from "./watch-refresh";
import { webhookDelivery } from "./webhook-delivery";
import { webhookDeliverySweeper } from "./webhook-delivery-sweeper";
import { cronJobFunctions } from "./cron-jobs";

/**
 * Every Inngest function, served at /api/inngest: the cron jobs generated from
 * the job table (lib/registry/job-table.ts) plus the event-driven ones it names.
 */
export const functions: InngestFunction.Any[] = [
  ...cronJobFunctions,
  watchRefreshScheduler,
  watchRefresh,
  webhookDelivery,
  webhookDeliverySweeper,
];
