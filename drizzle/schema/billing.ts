import { bigint, date, index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";

/**
 * Monthly quota counters: one row per (account, UTC month) with one column per
 * metered dimension, so a call that needs several dimensions (a timeline call
 * takes `requests` and `timeline_items`) reserves all of them in ONE atomic
 * conditional upsert (lib/billing/reserve-quota.ts). `active_watches` is not a
 * counter: it is the live count of active watches.
 */
export const usageCounters = pgTable(
  "usage_counters",
  {
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** First day of the UTC month (YYYY-MM-01). */
    period: date("period", { mode: "string" }).notNull(),
    requests: integer("requests").notNull().default(0),
    timelineItems: integer("timeline_items").notNull().default(0),
    routeCalls: integer("route_calls").notNull().default(0),
    /** Billing units charged this month (calls and watch-day accrual); not a capped dimension. */
    billingUnits: bigint("billing_units", { mode: "number" }).notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.period] })],
);

/** Billing units per (account, UTC day, endpoint), for the portal's usage chart. */
export const usageDaily = pgTable(
  "usage_daily",
  {
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    /** Endpoint label, e.g. weather.timeline, or weather.watch_days for accrual. */
    endpoint: text("endpoint").notNull(),
    units: bigint("units", { mode: "number" }).notNull().default(0),
    /** Billed calls (or accrued watch-days) behind the units. */
    calls: integer("calls").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.day, t.endpoint] }),
    index("usage_daily_account_day_idx").on(t.accountId, t.day),
  ],
);

/**
 * Quota alerts sent (issue 29): one row per (account, dimension, threshold, period), inserted with
 * ON CONFLICT DO NOTHING in the same statement that emits billing.quota_threshold_reached, so
 * exactly one event exists per key however many requests and instances race past the threshold.
 */
export const quotaAlerts = pgTable(
  "quota_alerts",
  {
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    dimension: text("dimension").notNull(),
    /** Percent of the limit: 80 or 100. */
    threshold: integer("threshold").notNull(),
    /** The billing period (YYYY-MM-01). */
    period: date("period", { mode: "string" }).notNull(),
    eventId: uuid("event_id"),
    /** Issue 30: when the owners/admins were emailed (claimed before sending; reset on failure). */
    emailedAt: timestamp("emailed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.dimension, t.threshold, t.period] })],
);
