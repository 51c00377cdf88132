import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { accounts } from "./accounts";

export const WATCH_STATUSES = ["active", "paused", "expired", "failed", "cancelled"] as const;
export type WatchStatus = (typeof WATCH_STATUSES)[number];
export const WATCH_TARGET_TYPES = ["place", "timeline_item", "route_window", "trip"] as const;
export type WatchTargetType = (typeof WATCH_TARGET_TYPES)[number];

/** change_rules after defaults are merged in (spec "Watch"). */
export interface WatchChangeRules {
  precipitation_probability_delta: number;
  temperature_c_delta: number;
  wind_kph_delta: number;
  uv_index_delta: number;
  detect_severe_alerts: boolean;
  detect_risk_level_change: boolean;
}

/** Window metrics computed on each refresh; compared against change_rules. */
export interface WatchMetrics {
  precipitation_probability: number | null;
  precipitation_intensity_mm_h: number | null;
  temperature_c: number | null;
  feels_like_c: number | null;
  wind_speed_kph: number | null;
  wind_gust_kph: number | null;
  uv_index: number | null;
  visibility_km: number | null;
}

export interface WatchAlert {
  id: string;
  event: string;
  severity: string;
  starts: string | null;
  ends: string | null;
  source: string | null;
  /** Issue 31 (absent on older rows): the warning areas, CAP identifier and the identifiers it updates. */
  area?: string | null;
  cap_identifier?: string | null;
  references?: string[];
}

/** latest_snapshot as stored (freshness_band is derived on read from fetched_at). */
export interface WatchSnapshotRecord {
  snapshot_id: string;
  forecast_type: string;
  valid_from: string | null;
  valid_to: string | null;
  fetched_at: string;
  provider: string;
  metrics: WatchMetrics;
  alerts: WatchAlert[];
}

export interface WatchRiskRecord {
  risk_assessment_id: string;
  level: string;
  recommendation: string | null;
  reasons: Array<{ code: string; level: string; message: string }>;
}

/** One followed event of a trip watch as of its latest refresh (issue 33). */
export interface TripWatchEventRecord {
  event_id: number;
  type: string;
  title: string;
  starts_at: string;
  ends_at: string | null;
  activity_type: string;
  outdoor: boolean;
  place: { lat: number; lng: number; name: string | null };
  forecast_available: boolean;
  snapshot_id: string | null;
  metrics: WatchMetrics | null;
  alerts: WatchAlert[];
  risk: {
    level: string;
    recommendation: string | null;
    reasons: Array<{ code: string; level: string; message: string }>;
  } | null;
}

/** A trip watch's own state: what it follows and each followed event's latest risk. */
export interface TripWatchState {
  trip_id: number;
  /** Level at which an outdoor event makes the weather planner propose: watch or warning. */
  planner_threshold: "watch" | "warning";
  /** The trip revision the events were read at (null before the first refresh). */
  revision: number | null;
  checked_at: string | null;
  events: TripWatchEventRecord[];
}

/** A developer account's watch on a place / timeline item / route window / trip. */
export const watches = pgTable(
  "watches",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    status: text("status", { enum: WATCH_STATUSES }).notNull().default("active"),
    targetType: text("target_type", { enum: WATCH_TARGET_TYPES }).notNull(),
    targetRef: jsonb("target_ref").$type<Record<string, unknown>>().notNull(),
    latitude: doublePrecision("latitude").notNull(),
    longitude: doublePrecision("longitude").notNull(),
    placeType: text("place_type").notNull(),
    activityType: text("activity_type").notNull(),
    transportMode: text("transport_mode"),
    outdoor: boolean("outdoor").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    /** Where the watch's events go on their own (signed with the watch signing secret); null when webhookEndpointId is set. */
    webhookUrl: text("webhook_url"),
    /**
     * Issue 29: the registered endpoint the watch delivers through instead of a URL (its secret,
     * rotation, throttle, auto-disable and subscriptions apply). No FK: the webhooks area owns that table.
     */
    webhookEndpointId: uuid("webhook_endpoint_id"),
    changeRules: jsonb("change_rules").$type<WatchChangeRules>().notNull(),
    /** When the next refresh is due; null once the watch is terminal or paused. */
    nextCheckAt: timestamp("next_check_at", { withTimezone: true }),
    lastCheckedAt: timestamp("last_checked_at", { withTimezone: true }),
    lastRiskLevel: text("last_risk_level"),
    /** Consecutive failed refreshes; reset on success. */
    failureCount: integer("failure_count").notNull().default(0),
    lastError: text("last_error"),
    /** Refresh claim: one refresher at a time (token checked when the result is written). */
    claimToken: uuid("claim_token"),
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    latestSnapshot: jsonb("latest_snapshot").$type<WatchSnapshotRecord>(),
    latestRisk: jsonb("latest_risk").$type<WatchRiskRecord>(),
    /** Last UTC day billed by daily accrual (bookkeeping; watch_billing_days is the idempotency key). */
    lastAccruedOn: date("last_accrued_on"),
    pausedAt: timestamp("paused_at", { withTimezone: true }),
    expiredAt: timestamp("expired_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * The watch's list item as JSON text (the list response's shape), written by the
     * watches_list_item trigger on every insert and update (migration 0016): a list page is
     * a concatenation of stored text. Never written by the application.
     */
    listItem: text("list_item"),
    /** Trip watches (target_type = trip): the trip followed (no FK: the trips area owns that table). */
    tripId: integer("trip_id"),
    /** Trip watches: planner threshold and per-event latest risk (read as `trip`). */
    tripState: jsonb("trip_state").$type<TripWatchState>(),
  },
  (t) => [
    index("watches_account_created_idx").on(t.accountId, t.createdAt, t.id),
    index("watches_due_idx")
      .on(t.nextCheckAt)
      .where(sql`status = 'active'`),
    index("watches_active_account_idx")
      .on(t.accountId)
      .where(sql`status = 'active'`),
    // The expiry sweep runs every pass: live watches by end time.
    index("watches_live_ends_idx")
      .on(t.endsAt)
      .where(sql`status IN ('active', 'paused')`),
    index("watches_trip_idx")
      .on(t.tripId, t.accountId)
      .where(sql`trip_id IS NOT NULL`),
    check("watches_delivery_target", sql`(webhook_url IS NULL) <> (webhook_endpoint_id IS NULL)`),
  ],
);

export const WATCH_EVENT_TYPES = [
  "weather.change_detected",
  "weather.severe_alert_added",
  "weather.snapshot_refreshed",
  "weather.watch_expired",
  "weather.watch_failed",
] as const;
export type WatchEventType = (typeof WATCH_EVENT_TYPES)[number];

/** Every event a watch produced; the id is the event id sent as X-Service-Event-Id. */
export const watchEvents = pgTable(
  "watch_events",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    watchId: uuid("watch_id")
      .notNull()
      .references(() => watches.id, { onDelete: "cascade" }),
    accountId: uuid("account_id").notNull(),
    type: text("type", { enum: WATCH_EVENT_TYPES }).notNull(),
    snapshotId: text("snapshot_id"),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("watch_events_watch_created_idx").on(t.watchId, t.createdAt)],
);

/** One row per billed (watch, UTC day): the primary key makes accrual idempotent. */
export const watchBillingDays = pgTable(
  "watch_billing_days",
  {
    watchId: uuid("watch_id")
      .notNull()
      .references(() => watches.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
    accountId: uuid("account_id").notNull(),
    units: integer("units").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.watchId, t.day] })],
);

/**
 * Issue 31: every key (CAP identifier, and the identifiers it updates) of every severe alert a
 * watch has announced. weather.severe_alert_added fires only for an alert none of whose keys is
 * here, and the insert (ON CONFLICT DO NOTHING, same transaction as the event) makes it once per
 * alert per watch whatever the number of refreshes, updates or sources.
 */
export const watchAlertNotices = pgTable(
  "watch_alert_notices",
  {
    watchId: uuid("watch_id")
      .notNull()
      .references(() => watches.id, { onDelete: "cascade" }),
    alertKey: text("alert_key").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.watchId, t.alertKey] })],
);
