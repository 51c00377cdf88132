import { sql } from "drizzle-orm";
import {
  foreignKey,
  index,
  type AnyPgColumn,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { accounts } from "./accounts";

export const WEBHOOK_ENDPOINT_STATUSES = ["active", "disabled"] as const;
export const DISABLED_REASONS = [
  "disabled_by_user",
  "auto_disabled_consecutive_failures",
  "auto_disabled_giveup_window",
  "auto_disabled_gone",
] as const;
export type DisabledReason = (typeof DISABLED_REASONS)[number];

/** Registered webhook endpoints. The signing secret is AES-256-GCM encrypted (lib/crypto/encryption.ts). */
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    events: text("events").array().notNull(),
    description: text("description").notNull().default(""),
    status: text("status", { enum: WEBHOOK_ENDPOINT_STATUSES }).notNull().default("active"),
    secretEncrypted: text("secret_encrypted").notNull(),
    secretPrefix: text("secret_prefix").notNull(),
    /** The secret replaced by the last rotation, still signing deliveries until previous_secret_expires_at (grace period). */
    previousSecretEncrypted: text("previous_secret_encrypted"),
    previousSecretExpiresAt: timestamp("previous_secret_expires_at", { withTimezone: true }),
    /**
     * Failed attempts made after the latest recorded success (by attempt time, not commit order:
     * lib/webhooks/auto-disable.ts); a success attempted later resets it.
     */
    failureCount: integer("failure_count").notNull().default(0),
    /** attempted_at of the latest recorded successful attempt: failures before it are not consecutive. */
    lastSuccessAttemptedAt: timestamp("last_success_attempted_at", { withTimezone: true }),
    lastDeliveryAt: timestamp("last_delivery_at", { withTimezone: true }),
    lastSuccessAt: timestamp("last_success_at", { withTimezone: true }),
    lastFailureAt: timestamp("last_failure_at", { withTimezone: true }),
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    disabledReason: text("disabled_reason", { enum: DISABLED_REASONS }),
    /** Deliveries per second across all instances (null: unlimited); paced by webhook_endpoint_pacing. */
    rateLimitPerSecond: integer("rate_limit_per_second"),
    /** The receiver answered 429 with Retry-After: nothing is sent to it before this (not a failure). */
    pausedUntil: timestamp("paused_until", { withTimezone: true }),
    /** The endpoint this one was cloned from: a recover here also re-sends what failed there (recover-failed.ts). */
    clonedFrom: uuid("cloned_from").references((): AnyPgColumn => webhookEndpoints.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("webhook_endpoints_account_idx").on(t.accountId, t.createdAt),
    index("webhook_endpoints_cloned_from_idx")
      .on(t.clonedFrom)
      .where(sql`cloned_from IS NOT NULL`),
  ],
);

/**
 * The shared pacing state of a rate-limited endpoint (issue 29): the next free send slot of a
 * virtual-scheduling (GCRA) bucket. Each delivery takes the slot atomically, so all instances
 * together send at most rate_limit_per_second. Its own row, so pacing never waits on the
 * endpoint row's lock (held by attempt records).
 */
export const webhookEndpointPacing = pgTable("webhook_endpoint_pacing", {
  endpointId: uuid("endpoint_id")
    .primaryKey()
    .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
  nextSlotAt: timestamp("next_slot_at", { withTimezone: true }).notNull(),
});

/** One signing secret per account for watch-level webhook_url deliveries (rotatable). */
export const watchSigningSecrets = pgTable("watch_signing_secrets", {
  accountId: uuid("account_id")
    .primaryKey()
    .references(() => accounts.id, { onDelete: "cascade" }),
  secretEncrypted: text("secret_encrypted").notNull(),
  secretPrefix: text("secret_prefix").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  rotatedAt: timestamp("rotated_at", { withTimezone: true }),
});

/**
 * Every event emitted for an account (the body every delivery of it carries). Partitioned by day
 * on created_at (migration 0033, issue 32): the primary key includes it, as Postgres requires; an
 * id is still unique (gen_random_uuid, or the watch change's own UUID) and a lookup by id alone
 * probes each day's primary-key index. Retention drops whole days (lib/webhooks/retention.ts).
 */
export const webhookEvents = pgTable(
  "webhook_events",
  {
    id: uuid("id")
      .notNull()
      .default(sql`gen_random_uuid()`),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    /** Watch that produced it, when any (no FK: the watches area owns that table). */
    watchId: uuid("watch_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.createdAt] }),
    index("webhook_events_account_idx").on(t.accountId, t.createdAt),
    index("webhook_events_account_type_idx").on(t.accountId, t.type, t.createdAt),
    // A watch page lists the events its deliveries carried (GET /v1/events?watch_id=).
    index("webhook_events_account_watch_idx")
      .on(t.accountId, t.watchId, t.createdAt)
      .where(sql`watch_id IS NOT NULL`),
    index("webhook_events_created_idx").on(t.createdAt),
  ],
);

export const DELIVERY_KINDS = ["endpoint", "watch", "manual", "test"] as const;
export type DeliveryKind = (typeof DELIVERY_KINDS)[number];
export const DELIVERY_STATUSES = ["pending", "delivered", "giving_up", "cancelled"] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/**
 * A delivery chain: one event to one target, attempted per the retry schedule.
 * Postgres is the schedule (next_attempt_at); a claim takes a lease by pushing
 * next_attempt_at a short lease ahead, renewed by the worker's heartbeat while it
 * holds the chain, so a crashed worker's chain is picked up again within seconds.
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    eventId: uuid("event_id").notNull(),
    /** The event's created_at: with event_id the key of its (partitioned) row, so the FK and joins reach one day's partition. */
    eventCreatedAt: timestamp("event_created_at", { withTimezone: true }).notNull(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** Null for watch-level deliveries. */
    endpointId: uuid("endpoint_id").references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    watchId: uuid("watch_id"),
    kind: text("kind", { enum: DELIVERY_KINDS }).notNull(),
    url: text("url").notNull(),
    status: text("status", { enum: DELIVERY_STATUSES }).notNull().default("pending"),
    /** Attempts completed so far (the next one is attempts_made + 1). */
    attemptsMade: integer("attempts_made").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull(),
    /**
     * The chain's own retry schedule (ms before each attempt, one entry per
     * attempt), fixed when the chain starts so a config change never strands it.
     * Null on chains created before it existed (the sweeper repairs those).
     */
    retryScheduleMs: integer("retry_schedule_ms").array(),
    /** When the next attempt is due (or the claim lease ends). Null once terminal. */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    /** When the pending attempt was scheduled for (for the attempt record). */
    scheduledAt: timestamp("scheduled_at", { withTimezone: true }),
    leaseId: uuid("lease_id"),
    /**
     * Set (batched) just before the leased attempt's POST goes out, cleared when it is recorded: a
     * chain reclaimed after its lease lapsed with this set was cut off mid-attempt by a dead worker,
     * and that attempt is recorded as failed, "worker lost" (claim-deliveries.ts).
     */
    attemptStartedAt: timestamp("attempt_started_at", { withTimezone: true }),
    /** A send slot this chain already holds on its rate-limited endpoint (issue 29); it is sent at that time without taking another. */
    pacedSlotAt: timestamp("paced_slot_at", { withTimezone: true }),
    /** Times the receiver's 429 + Retry-After postponed this chain without using an attempt (bounded). */
    deferrals: integer("deferrals").notNull().default(0),
    /** The chain this one recovers (POST /v1/webhooks/{id}/recover): same event, a new chain. */
    recoveredFrom: uuid("recovered_from"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [
    index("webhook_deliveries_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`status = 'pending'`),
    index("webhook_deliveries_endpoint_idx").on(t.endpointId, t.status, t.completedAt),
    foreignKey({
      name: "webhook_deliveries_event_fk",
      columns: [t.eventId, t.eventCreatedAt],
      foreignColumns: [webhookEvents.id, webhookEvents.createdAt],
    }).onDelete("cascade"),
    index("webhook_deliveries_event_idx").on(t.eventId, t.eventCreatedAt),
    // Retention: the deliveries of an expiring day of events (lib/webhooks/retention.ts).
    index("webhook_deliveries_event_created_idx").on(t.eventCreatedAt),
    // The events list's status=failed|pending filter walks the account's given-up (pending) chains newest event first (event-log.ts).
    index("webhook_deliveries_account_status_event_idx").on(t.accountId, t.status, t.eventCreatedAt, t.eventId),
    index("webhook_deliveries_watch_idx")
      .on(t.watchId)
      .where(sql`watch_id IS NOT NULL`),
  ],
);

export const ATTEMPT_STATUSES = ["delivered", "retrying", "giving_up"] as const;
export type AttemptStatus = (typeof ATTEMPT_STATUSES)[number];

/**
 * Every delivery attempt, with the spec's fields. Partitioned by day on attempted_at (migration
 * 0032): the primary key and the unique (delivery, attempt number) index include it, as Postgres
 * requires; an attempt number is recorded once by the chain's guarded state change, not by the index.
 */
export const webhookAttempts = pgTable(
  "webhook_attempts",
  {
    id: uuid("id")
      .notNull()
      .default(sql`gen_random_uuid()`),
    deliveryId: uuid("delivery_id")
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: "cascade" }),
    eventId: uuid("event_id").notNull(),
    eventType: text("event_type").notNull(),
    endpointId: uuid("endpoint_id"),
    accountId: uuid("account_id").notNull(),
    attemptNumber: integer("attempt_number").notNull(),
    status: text("status", { enum: ATTEMPT_STATUSES }).notNull(),
    /** HTTP status; 0 for a network error, timeout or refused target. */
    responseStatus: integer("response_status").notNull(),
    responseTimeMs: integer("response_time_ms").notNull(),
    responseBodyExcerpt: text("response_body_excerpt").notNull().default(""),
    errorMessage: text("error_message"),
    requestSignature: text("request_signature").notNull(),
    /** X-Service-Timestamp sent (Unix seconds). */
    requestTimestamp: integer("request_timestamp").notNull(),
    scheduledAt: timestamp("scheduled_at", { withTimezone: true }).notNull(),
    attemptedAt: timestamp("attempted_at", { withTimezone: true }).notNull(),
    completedAt: timestamp("completed_at", { withTimezone: true }).notNull(),
    nextRetryAt: timestamp("next_retry_at", { withTimezone: true }),
    /** The request body exactly as sent (the signed event envelope); null on rows older than this column. */
    requestBody: text("request_body"),
    /** Request headers as sent (the signature is shown; the secret never travels). */
    requestHeaders: jsonb("request_headers").$type<Record<string, string>>(),
    /** Response headers received (bounded, see post-signed.ts). */
    responseHeaders: jsonb("response_headers").$type<Record<string, string>>(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.attemptedAt] }),
    // The attempts listing of an endpoint, newest first, with its (attempted_at, id) cursor.
    index("webhook_attempts_endpoint_idx").on(t.endpointId, t.attemptedAt, t.id),
    // failure_count is recounted from here: the failures of an endpoint after its latest success.
    index("webhook_attempts_endpoint_failed_idx")
      .on(t.endpointId, t.attemptedAt)
      .where(sql`status <> 'delivered'`),
    // The attempts listing's status filter (attempt-log.ts states the stored status).
    index("webhook_attempts_endpoint_status_idx").on(t.endpointId, t.status, t.attemptedAt, t.id),
    index("webhook_attempts_event_idx").on(t.eventId),
    index("webhook_attempts_account_idx").on(t.accountId, t.attemptedAt),
    uniqueIndex("webhook_attempts_delivery_number_idx").on(t.deliveryId, t.attemptNumber, t.attemptedAt),
  ],
);

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookEventRow = typeof webhookEvents.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
export type WebhookAttemptRow = typeof webhookAttempts.$inferSelect;
