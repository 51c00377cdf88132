import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";

/**
 * Idempotency keys (issue 29, Stripe semantics): one row per (account, credential, operation, key). The first
 * request inserts it `in_progress` (INSERT … ON CONFLICT DO NOTHING: first writer wins across
 * instances) and stores its response when done; the same key and body replays that response for
 * 24 h. lib/http/idempotency.ts.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /**
     * The credential that made the request, "type:id" (api_key:12, session:<user id>, access_token:3,
     * visa_key:4): a stored response is replayed only to it (issue 43). Rows from before the column
     * carry "legacy" and are replayed to nobody (they expire within 24 h).
     */
    principal: text("principal").notNull(),
    /** The operation: method and path template, e.g. "POST /v1/weather/watch". */
    operation: text("operation").notNull(),
    key: text("key").notNull(),
    /** SHA-256 of the request's path parameters and body (a different body is 422 idempotency_key_reused). */
    requestHash: text("request_hash").notNull(),
    status: text("status", { enum: ["in_progress", "done"] })
      .notNull()
      .default("in_progress"),
    /** The owner of an in-progress row; a row whose lock lapsed (crashed instance) may be taken over. */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    responseStatus: integer("response_status"),
    responseHeaders: jsonb("response_headers").$type<Record<string, string>>(),
    responseBody: text("response_body"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.principal, t.operation, t.key] }),
    index("idempotency_keys_expires_idx").on(t.expiresAt),
  ],
);
