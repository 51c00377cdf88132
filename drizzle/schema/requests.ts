import { sql } from "drizzle-orm";
import { bigserial, index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * The request log: one row per API request, written in batches off the hot
 * path (lib/requests/request-log.ts), kept 7 days. No bodies, no secrets: the
 * credential is named by its kind and id (its display prefix is joined on read).
 * No foreign keys, so a batch insert never waits on other tables' locks.
 *
 * Partitioned by day on `at` (migration 0032, lib/db/log-partitions.ts): retention drops whole
 * partitions. drizzle has no PARTITION BY; the primary key includes the partition key, as Postgres requires.
 */
export const requestLog = pgTable(
  "request_log",
  {
    id: bigserial("id", { mode: "number" }).notNull(),
    requestId: uuid("request_id").notNull(),
    /** Null when no account could be attributed (e.g. an unknown key). */
    accountId: uuid("account_id"),
    at: timestamp("at", { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    method: text("method").notNull(),
    /** The route's path template, e.g. /v1/weather/watch/{watch_id}. */
    path: text("path").notNull(),
    status: integer("status").notNull(),
    latencyMs: integer("latency_ms").notNull(),
    /** api_key | access_token | session | visa_key | none */
    credentialType: text("credential_type").notNull(),
    /** Id of the key/token (never its value); null for sessions and none. */
    credentialId: text("credential_id"),
    billingUnits: integer("billing_units").notNull().default(0),
    errorCode: text("error_code"),
    /**
     * The error envelope's message, written with the row (migration 0028): our own text, never a
     * body; capped at 300 characters. Null for a success.
     */
    errorMessage: text("error_message"),
    /** api | portal | playground: who made the call (lib/requests/request-source.ts). */
    source: text("source").notNull().default("api"),
    /** The MCP tool that made this call through /api/mcp (null for direct REST calls). */
    tool: text("tool"),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.at] }),
    // Listing, time range and cursor paging: (at, id) is the page order.
    index("request_log_account_at_idx").on(t.accountId, t.at, t.id),
    index("request_log_request_id_idx").on(t.requestId),
    index("request_log_at_idx").on(t.at),
    // The credential filter of GET /v1/requests and the per-key usage chart. The status follows the credential
    // so that a key or token with a status (token + 4xx) reads only its matches, not every row of the token
    // (migration 0048, decision 0172); the time range is then checked inside the index.
    index("request_log_credential_status_at_idx").on(t.accountId, t.credentialType, t.credentialId, t.status, t.at),
    // The status filter: an exact status reads only its own rows, a class is a range of it (list-requests.ts;
    // migration 0047 replaced an index on the class, which made status=429 read every 4xx row).
    index("request_log_status_at_idx").on(t.accountId, t.status, t.at),
    // The path-prefix filter (LIKE 'prefix%' needs pattern ops unless the collation is C).
    index("request_log_path_idx").on(t.accountId, t.path.op("text_pattern_ops"), t.at),
    // The source filter: a bitmap scan ANDs it with the others when they match rarely (list-requests.ts).
    index("request_log_source_at_idx").on(t.accountId, t.source, t.at),
  ],
);
