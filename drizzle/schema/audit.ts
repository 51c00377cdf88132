import { sql } from "drizzle-orm";
import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";

/**
 * The account's audit log (docs/audit.md): every state-changing action and every secret reveal,
 * with who (actor), with which credential, from where (IP), which request, on what (target) and a
 * summary of the change. Never a secret. Append-only: a trigger refuses UPDATE (migration 0031);
 * rows leave only by the retention job (1 year), which drops whole monthly partitions (migration 0032).
 */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: uuid("id")
      .notNull()
      .default(sql`gen_random_uuid()`),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** "<resource>.<verb>", e.g. api_key.created, webhook_secret.revealed. */
    action: text("action").notNull(),
    /** Who: "user:<user id>", "api_key:<key id>" (a key acts for the account, not a person) or "cli:<operator>". */
    actor: text("actor").notNull(),
    /** With what: "session", "api_key:<id>", "access_token:<id>" or "cli". */
    credential: text("credential").notNull().default(""),
    /** The client address as the edge reported it (X-Forwarded-For's first hop), when known. */
    ip: text("ip"),
    /** On what: "<resource>:<id>". */
    target: text("target").notNull(),
    requestId: text("request_id").notNull(),
    /** The summary of the change: field names and non-secret values. */
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.createdAt] }),
    index("audit_events_account_idx").on(t.accountId, t.createdAt, t.id),
    index("audit_events_account_action_idx").on(t.accountId, t.action, t.createdAt),
    index("audit_events_account_actor_idx").on(t.accountId, t.actor, t.createdAt),
    index("audit_events_account_target_idx").on(t.accountId, t.target, t.createdAt),
    index("audit_events_created_idx").on(t.createdAt),
  ],
);
