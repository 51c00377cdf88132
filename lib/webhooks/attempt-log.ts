import { sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/sql";
import { decodeCursor, encodeCursor } from "@/lib/http/cursor";
import { webhookVisibleSince } from "./retention";

/**
 * Attempt statuses as read: a failed attempt reads `retrying` only while it is
 * the latest attempt of a chain that is still pending; once another attempt
 * followed or the chain ended it reads `failed` (a superseded attempt), so old
 * rows never claim a retry that will not come.
 */
export const ATTEMPT_READ_STATUSES = ["delivered", "retrying", "failed", "giving_up"] as const;
export type AttemptReadStatus = (typeof ATTEMPT_READ_STATUSES)[number];

const IsoDateTime = z.iso.datetime({
  offset: true,
  message: "must be an ISO 8601 date-time, e.g. 2026-05-01T00:00:00Z",
});

export const AttemptFiltersQuery = z.strictObject({
  limit: z.coerce
    .number({ message: "must be an integer" })
    .int("must be an integer")
    .min(1, "must be at least 1")
    .max(200, "must be at most 200")
    .default(50),
  status: z.enum(ATTEMPT_READ_STATUSES, { message: `must be one of ${ATTEMPT_READ_STATUSES.join(", ")}` }).optional(),
  event_id: z.uuid({ message: "must be a UUID" }).optional(),
  since: IsoDateTime.optional().meta({ description: "Only attempts made at or after this instant." }),
  cursor: z
    .string()
    .max(300, "must be at most 300 characters")
    .optional()
    .meta({ description: "next_cursor of the previous page" }),
});
export type AttemptFilters = z.output<typeof AttemptFiltersQuery>;

interface AttemptRow {
  id: string;
  delivery_id: string;
  event_id: string;
  event_type: string;
  endpoint_id: string | null;
  watch_id: string | null;
  kind: string;
  url: string;
  attempt_number: number;
  read_status: AttemptReadStatus;
  chain_status: string;
  response_status: number;
  response_time_ms: number;
  response_body_excerpt: string;
  error_message: string | null;
  request_signature: string;
  request_timestamp: number;
  request_body: string | null;
  request_headers: Record<string, string> | null;
  response_headers: Record<string, string> | null;
  scheduled_at: Date | string;
  attempted_at: Date | string;
  completed_at: Date | string;
  next_retry_at: Date | string | null;
  at_text: string;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** The effective status (see ATTEMPT_READ_STATUSES), computed where the chain row is at hand. */
const READ_STATUS = sql`CASE WHEN a.status = 'retrying' AND (d.status <> 'pending' OR a.attempt_number < d.attempts_made) THEN 'failed' ELSE a.status END`;

/**
 * READ_STATUS = x spelled out per x on the stored status (webhook_attempts_endpoint_status_idx
 * serves it): an opaque CASE makes the planner misjudge how many rows match (1M rows: it hashed
 * every chain and sorted, 58 ms, instead of walking the index newest first).
 */
const READ_STATUS_IS: Record<AttemptReadStatus, SQL> = {
  delivered: sql`a.status = 'delivered'`,
  giving_up: sql`a.status = 'giving_up'`,
  retrying: sql`a.status = 'retrying' AND d.status = 'pending' AND a.attempt_number >= d.attempts_made`,
  failed: sql`a.status = 'retrying' AND (d.status <> 'pending' OR a.attempt_number < d.attempts_made)`,
};

export type AttemptTarget = { endpointId: string } | { watchId: string };

/** Attempts of one endpoint's or one watch's deliveries, newest first, filtered, keyset-paginated. */
export async function listAttemptLog(accountId: string, target: AttemptTarget, f: AttemptFilters) {
  // Attempts older than the account's own retention are hidden (stored until the longest retention).
  const conds: SQL[] = [
    sql`a.account_id = ${accountId}::uuid`,
    sql`a.attempted_at >= ${webhookVisibleSince(accountId)}`,
  ];
  if ("endpointId" in target) conds.push(sql`a.endpoint_id = ${target.endpointId}::uuid`);
  // A watch's own deliveries (and their redeliveries) are the chains without an endpoint.
  else conds.push(sql`d.watch_id = ${target.watchId}::uuid AND d.endpoint_id IS NULL`);
  if (f.event_id) conds.push(sql`a.event_id = ${f.event_id}::uuid`);
  if (f.since) conds.push(sql`a.attempted_at >= ${f.since}::timestamptz`);
  if (f.status) conds.push(READ_STATUS_IS[f.status]);
  if (f.cursor) {
    const c = decodeCursor(f.cursor);
    // The plain bound on attempted_at lets the planner skip newer daily partitions.
    conds.push(
      sql`a.attempted_at <= ${c.at}::timestamptz AND (a.attempted_at, a.id) < (${c.at}::timestamptz, ${c.id}::uuid)`,
    );
  }
  const rows = await queryRows<AttemptRow>(
    await getDb(),
    sql`SELECT a.*, d.kind, d.url, d.watch_id, d.status AS chain_status, ${READ_STATUS} AS read_status, a.attempted_at::text AS at_text
        FROM webhook_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id
        WHERE ${sql.join(conds, sql` AND `)}
        ORDER BY a.attempted_at DESC, a.id DESC
        LIMIT ${f.limit + 1}`,
  );
  const page = rows.slice(0, f.limit);
  const more = rows.length > f.limit;
  const last = page[page.length - 1];
  return {
    attempts: page.map(presentAttemptDetail),
    has_more: more,
    next_cursor: more && last ? encodeCursor({ at: last.at_text, id: last.id }) : null,
  };
}

/** An attempt with what was sent and received (the secret is never part of either). */
function presentAttemptDetail(a: AttemptRow) {
  return {
    attempt_id: a.id,
    event_id: a.event_id,
    event_type: a.event_type,
    attempt_number: a.attempt_number,
    status: a.read_status,
    response_status: a.response_status,
    response_time_ms: a.response_time_ms,
    response_body_excerpt: a.response_body_excerpt,
    error_message: a.error_message,
    request_signature: a.request_signature,
    request_timestamp: a.request_timestamp,
    scheduled_at: iso(a.scheduled_at)!,
    attempted_at: iso(a.attempted_at)!,
    completed_at: iso(a.completed_at)!,
    next_retry_at: a.read_status === "retrying" ? iso(a.next_retry_at) : null,
    delivery_id: a.delivery_id,
    delivery_kind: a.kind as "endpoint" | "watch" | "manual" | "test",
    chain_status: a.chain_status as "pending" | "delivered" | "giving_up" | "cancelled",
    webhook_id: a.endpoint_id,
    watch_id: a.watch_id,
    url: a.url,
    request_body: a.request_body,
    request_headers: a.request_headers,
    response_headers: a.response_headers,
  };
}
export type AttemptDetail = ReturnType<typeof presentAttemptDetail>;
