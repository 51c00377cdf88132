import type { InngestFunction } from "inngest";
import { watchRefreshScheduler } from "./watch-refresh-scheduler";
import { watchRefresh } from "./watch-refresh";
import { watchBillingAccrual } from "./watch-billing-accrual";
import { webhookDelivery } from "./webhook-delivery";
import { webhookDeliverySweeper } from "./webhook-delivery-sweeper";
import { tripOpLogPrune } from "./trip-op-log-prune";
import { weatherSnapshotPrune } from "./weather-snapshot-prune";
import { visaUsageWindowPrune } from "./visa-usage-window-prune";
import { requestLogPrune } from "./request-log-prune";

/** Every Inngest function, served at /api/inngest. Each function file adds one line. */
export const functions: InngestFunction.Any[] = [watchRefreshScheduler, watchRefresh, watchBillingAccrual, webhookDelivery, webhookDeliverySweeper, tripOpLogPrune, weatherSnapshotPrune, visaUsageWindowPrune, requestLogPrune];
