import { expireWatches } from "@/lib/watches/expire-watches";
import { refreshDueWatches } from "@/lib/watches/run-due-watches";
import { accrueWatchBilling, utcDay } from "@/lib/watches/accrue-watch-billing";
import { attemptDueDeliveries } from "@/lib/webhooks/attempt-delivery";
import { repairStrandedChains } from "@/lib/webhooks/repair-stranded";
import { pruneOpLog } from "@/lib/trips/ops/prune-op-log";
import { pruneWeatherSnapshots } from "@/lib/weather/io";
import { pruneVisaUsageWindows } from "@/lib/visa/prune-usage-windows";
import { pruneRequestLog } from "@/lib/requests/list-requests";
import { pruneWebhookHistory } from "@/lib/webhooks/retention";
import { pruneIdempotencyKeys } from "@/lib/http/idempotency";
import { pruneAuditEvents } from "@/lib/audit/prune-audit-events";
import { ensureLogPartitions } from "@/lib/db/log-partitions";
import { sendDueQuotaEmails } from "@/lib/mail/quota-emails";
import { pruneMailAndAuthTokens } from "@/lib/mail/prune-mail-auth";
import { pruneOAuthCodesAndTokens } from "@/lib/oauth/prune-oauth";
import { sendDueNotificationEmails } from "@/lib/notifications/send-notification-emails";
import type { JobSpec } from "@/lib/jobs/job-spec";

export type { JobSpec };

/** Accrual settles yesterday first (a watch window that ended after the last run), then today. */
async function accrueYesterdayThenToday(): Promise<number> {
  const now = new Date();
  const n = await accrueWatchBilling(utcDay(new Date(now.getTime() - 86_400_000)));
  return n > 0 ? n : accrueWatchBilling(utcDay(now));
}

async function repairChains(): Promise<number> {
  const r = await repairStrandedChains();
  return r.rescheduled + r.ended;
}

/** Every background job, declared once; the local runner and Inngest are generated from it. */
export const JOBS: readonly JobSpec[] = [
  {
    name: "watch-expiry",
    summary: "Retire watches past their end (weather.watch_expired)",
    trigger: { kind: "cron", cadence: { every: "minute" } },
    run: () => expireWatches(),
    concurrency: 1,
    lease: "conditional UPDATE on status = 'active' per watch",
    inngest: { kind: "generated" },
  },
  {
    name: "watch-refresh",
    summary:
      "Refresh due watches, grouped by cell (one snapshot per cell and provider update interval; change detection)",
    trigger: { kind: "queue", wakeOnNotify: false },
    run: () => refreshDueWatches(),
    // Two batches in flight per instance: one claims and reads while the other writes.
    concurrency: 2,
    lease: "claim token with a lease (FOR UPDATE SKIP LOCKED)",
    inngest: { kind: "event-driven", functionIds: ["watch-refresh-scheduler", "watch-refresh"] },
  },
  {
    name: "watch-billing-accrual",
    summary: "Bill each in-window watch once per UTC day",
    trigger: { kind: "cron", cadence: { every: "minute" } },
    run: accrueYesterdayThenToday,
    concurrency: 1,
    lease: "unique (watch, day) charge row",
    inngest: { kind: "generated" },
  },
  {
    name: "webhook-delivery",
    summary: "Attempt due webhook deliveries",
    trigger: { kind: "queue", wakeOnNotify: true },
    run: () => attemptDueDeliveries(),
    concurrency: 1,
    lease: "per-chain lease_id + next_attempt_at (FOR UPDATE SKIP LOCKED); lease-guarded record",
    inngest: { kind: "event-driven", functionIds: ["webhook-delivery"] },
  },
  {
    name: "webhook-delivery-sweeper",
    summary: "Repair stranded delivery chains (and, on Inngest, re-announce overdue ones)",
    trigger: { kind: "cron", cadence: { every: "minute" } },
    run: repairChains,
    concurrency: 1,
    lease: "FOR UPDATE SKIP LOCKED + status = 'pending' guard",
    inngest: { kind: "event-driven", functionIds: ["webhook-delivery-sweeper"] },
  },
  {
    name: "trip-op-log-prune",
    summary: "Op-log retention (docs/trips.md)",
    trigger: { kind: "cron", cadence: { every: "day", hour: 3, minute: 17 } },
    run: () => pruneOpLog(),
    concurrency: 1,
    lease: "batched DELETE (idempotent)",
    inngest: { kind: "generated" },
  },
  {
    name: "weather-snapshot-prune",
    summary: "Weather snapshot retention (docs/weather.md)",
    trigger: { kind: "cron", cadence: { every: "hour", minute: 41 } },
    run: () => pruneWeatherSnapshots(),
    concurrency: 1,
    lease: "batched DELETE (idempotent)",
    inngest: { kind: "generated" },
  },
  {
    name: "visa-usage-window-prune",
    summary: "Visa usage-window retention (docs/visa.md)",
    trigger: { kind: "cron", cadence: { every: "hour", minute: 23 } },
    run: () => pruneVisaUsageWindows(),
    concurrency: 1,
    lease: "batched DELETE (idempotent)",
    inngest: { kind: "generated" },
  },
  {
    name: "log-partitions",
    summary:
      "Create the log tables' partitions ahead: request log and webhook attempts today..+7 days, audit log this month..+3 (docs/operations.md)",
    trigger: { kind: "cron", cadence: { every: "hour", minute: 3 } },
    run: () => ensureLogPartitions(),
    concurrency: 1,
    lease: "advisory lock per partition name + exists check (idempotent)",
    inngest: { kind: "generated" },
  },
  {
    name: "request-log-prune",
    summary: "Request log retention, 7 days: drops expired daily partitions (docs/requests.md)",
    trigger: { kind: "cron", cadence: { every: "hour", minute: 7 } },
    run: () => pruneRequestLog(),
    concurrency: 1,
    lease: "DROP TABLE IF EXISTS per partition; batched DELETE in DEFAULT (idempotent)",
    inngest: { kind: "generated" },
  },
  {
    name: "audit-log-prune",
    summary: "Audit log retention: 365 days, by monthly partition (docs/audit.md)",
    trigger: { kind: "cron", cadence: { every: "hour", minute: 43 } },
    run: () => pruneAuditEvents(),
    concurrency: 1,
    lease: "DROP TABLE IF EXISTS per monthly partition; batched DELETE in DEFAULT (idempotent)",
    inngest: { kind: "generated" },
  },
  {
    name: "webhook-history-prune",
    summary: "Webhook event, delivery and attempt retention: free 7 days, paid 30 (docs/webhooks.md)",
    trigger: { kind: "cron", cadence: { every: "hour", minute: 37 } },
    run: () => pruneWebhookHistory(),
    concurrency: 1,
    lease:
      "DROP TABLE IF EXISTS per attempts partition; per events partition a batched DELETE of its terminal deliveries, then DETACH + DROP (a day with a pending chain is kept); batched DELETE in DEFAULT (idempotent)",
    inngest: { kind: "generated" },
  },
  {
    name: "idempotency-key-prune",
    summary: "Idempotency keys past their 24 h (docs/idempotency.md)",
    trigger: { kind: "cron", cadence: { every: "hour", minute: 47 } },
    run: () => pruneIdempotencyKeys(),
    concurrency: 1,
    lease: "batched DELETE (idempotent)",
    inngest: { kind: "generated" },
  },
  {
    name: "quota-emails",
    summary: "Email the owners/admins of each 80 %/100 % quota alert, once per threshold per period (README, Mail)",
    trigger: { kind: "cron", cadence: { every: "minute" } },
    run: () => sendDueQuotaEmails(),
    concurrency: 1,
    lease: "claim: UPDATE quota_alerts SET emailed_at … FOR UPDATE SKIP LOCKED (reset on a failed send)",
    inngest: { kind: "generated" },
  },
  {
    name: "notification-emails",
    summary:
      "Mail trip members' due notifications: immediate ones, those held by quiet hours, one daily digest each (docs/notifications.md)",
    trigger: { kind: "cron", cadence: { every: "minute" } },
    run: () => sendDueNotificationEmails(),
    concurrency: 1,
    lease: "claim: UPDATE notifications SET mailed_at … FOR UPDATE SKIP LOCKED (reset on a failed send)",
    inngest: { kind: "generated" },
  },
  {
    name: "mail-auth-prune",
    summary:
      "Auth rate windows (1 day), used or expired email links (7 days), outbox mail (7 days), OAuth codes and refresh tokens (1 day past expiry)",
    trigger: { kind: "cron", cadence: { every: "hour", minute: 53 } },
    run: async () => (await pruneMailAndAuthTokens()) + (await pruneOAuthCodesAndTokens()),
    concurrency: 1,
    lease: "batched DELETE (idempotent)",
    inngest: { kind: "generated" },
  },
];

export function job(name: string): JobSpec {
  const j = JOBS.find((x) => x.name === name);
  if (!j) throw new Error(`unknown job ${name}`);
  return j;
}
