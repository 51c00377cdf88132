import { sql } from "drizzle-orm";
import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";

/** Security-relevant actions (secret reveals and rotations): who, what, when, which request. Never a secret. */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    action: text("action").notNull(),
    /** e.g. "session:<user id>" or "api_key:<key id>". */
    actor: text("actor").notNull(),
    target: text("target").notNull(),
    requestId: text("request_id").notNull(),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("audit_events_account_idx").on(t.accountId, t.createdAt)],
);
