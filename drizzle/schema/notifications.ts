import { sql } from "drizzle-orm";
import { index, integer, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { trips } from "./trips";

export const NOTIFICATION_MODES = ["immediate", "digest", "off"] as const;
export type NotificationMode = (typeof NOTIFICATION_MODES)[number];

export const NOTIFICATION_KINDS = ["proposal_awaits_review", "event_risk_reached"] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** How a notification reaches the member by mail, decided when it is recorded (issue 42 item 4). */
export const NOTIFICATION_DELIVERIES = ["immediate", "digest", "none"] as const;
export type NotificationDelivery = (typeof NOTIFICATION_DELIVERIES)[number];

/**
 * A person's notification settings. No row = the defaults: mail immediately, no quiet hours, UTC.
 * Quiet hours are minutes of the day in `time_zone`; start > end spans midnight; both null = none.
 */
export const notificationSettings = pgTable("notification_settings", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  mode: text("mode", { enum: NOTIFICATION_MODES }).notNull().default("immediate"),
  quietStart: smallint("quiet_start"),
  quietEnd: smallint("quiet_end"),
  timeZone: text("time_zone").notNull().default("UTC"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One member's inbox entry. Unique per (user, kind, subject_key): recording the same occurrence again
 * (a re-run job, a retried refresh) inserts nothing, so nobody is told or mailed twice.
 * Mail: `delivery` none = inbox only; otherwise sent by the notification-emails job once
 * `deliver_after` has passed (the end of quiet hours, or the digest hour), `mailed_at` is the claim.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tripId: integer("trip_id")
      .notNull()
      .references(() => trips.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: NOTIFICATION_KINDS }).notNull(),
    subjectKey: text("subject_key").notNull(),
    proposalId: uuid("proposal_id"),
    eventId: integer("event_id"),
    title: text("title").notNull(),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp("read_at", { withTimezone: true }),
    delivery: text("delivery", { enum: NOTIFICATION_DELIVERIES }).notNull(),
    deliverAfter: timestamp("deliver_after", { withTimezone: true }),
    mailedAt: timestamp("mailed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("notifications_user_kind_subject_idx").on(t.userId, t.kind, t.subjectKey),
    index("notifications_user_created_idx").on(t.userId, t.createdAt),
    index("notifications_due_idx")
      .on(t.deliverAfter)
      .where(sql`mailed_at IS NULL AND delivery <> 'none'`),
  ],
);

export type NotificationRow = typeof notifications.$inferSelect;
export type NotificationSettingsRow = typeof notificationSettings.$inferSelect;
