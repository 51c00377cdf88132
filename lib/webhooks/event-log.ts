import { sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { WEBHOOK_EVENT_TYPES } from "@/lib/events/event-types";
import type { WebhookEventType } from "@/lib/events/event-types";
import { getDb, type DbOrTx } from "@/lib/db/client";
import { queryOne, queryRows } from "@/lib/db/sql";
import { decodeCursor, encodeCursor } from "@/lib/http/cursor";
import { notFound } from "@/lib/http/errors";
import { webhookVisibleSince } from "./retention";
import { eventEnvelope } from "./signing";

/** An event's delivery state over all its targets. */
export const EVENT_DELIVERY_STATES = ["no_targets", "pending", "delivered", "failed"] as const;

export const ListEventsQuery = z.strictObject({
  limit: z.coerce
    .number({ message: "must be an integer" })
    .int("must be an integer")
    .min(1, "must be at least 1")
    .max(200, "must be at most 200")
    .default(50),
  type: z.enum(WEBHOOK_EVENT_TYPES, { message: `must be one of ${WEBHOOK_EVENT_TYPES.join(", ")}` }).optional(),
  status: z.enum(EVENT_DELIVERY_STATES, { message: `must be one of ${EVENT_DELIVERY_STATES.join(", ")}` }).optional(),
  since: z.iso
    .datetime({ offset: true, message: "must be an ISO 8601 date-time, e.g. 2026-05-01T00:00:00Z" })
    .optional(),
  watch_id: z.uuid({ message: "must be a watch id (a UUID)" }).optional(),
  cursor: z.string().max(300, "must be at most 300 characters").optional(),
});
export type ListEventsFilters = z.output<typeof ListEventsQuery>;
export const EventIdParams = z.object({ event_id: z.uuid() });

/**
 * failed: some target's chain gave up and no later delivery to it succeeded;
 * pending: a chain is still running; delivered: every target got it.
 */
const DELIVERY_STATE = sql`(SELECT CASE
    WHEN count(*) = 0 THEN 'no_targets'
    WHEN bool_or(d.status = 'pending') THEN 'pending'
    WHEN bool_and(d.status = 'delivered' OR EXISTS (
      SELECT 1 FROM webhook_deliveries d2 WHERE d2.event_id = d.event_id AND d2.status = 'delivered'
        AND d2.url = d.url AND d2.created_at > d.created_at)) THEN 'delivered'
    ELSE 'failed' END
  FROM webhook_deliveries d WHERE d.event_id = e.id AND d.status <> 'cancelled')`;

interface EventRow {
  id: string;
  type: WebhookEventType;
  data: Record<string, unknown>;
  watch_id: string | null;
  created_at: Date | string;
  at_text: string;
  delivery_state: (typeof EVENT_DELIVERY_STATES)[number];
  targets: number;
}

function presentEventSummary(e: EventRow) {
  return {
    event_id: e.id,
    type: e.type,
    created_at: new Date(e.created_at).toISOString(),
    watch_id: e.watch_id,
    test: e.data?.test === true,
    delivery_state: e.delivery_state,
    targets: Number(e.targets),
  };
}

/**
 * The account's events, newest first; every event is stored once, whether or not it had a target.
 * Only those within the account's own plan retention (older ones are stored until the longest).
 */
export async function listEvents(accountId: string, f: ListEventsFilters) {
  const visible = webhookVisibleSince(accountId);
  const conds: SQL[] = [sql`e.account_id = ${accountId}::uuid`, sql`e.created_at >= ${visible}`];
  if (f.type) conds.push(sql`e.type = ${f.type}`);
  if (f.since) conds.push(sql`e.created_at >= ${f.since}::timestamptz`);
  if (f.status) conds.push(sql`${DELIVERY_STATE} = ${f.status}`);
  if (f.watch_id) conds.push(sql`e.watch_id = ${f.watch_id}::uuid`);
  const c = f.cursor ? decodeCursor(f.cursor) : undefined;
  // The plain bound on created_at lets the planner skip newer daily partitions.
  if (c)
    conds.push(
      sql`e.created_at <= ${c.at}::timestamptz AND (e.created_at, e.id) < (${c.at}::timestamptz, ${c.id}::uuid)`,
    );
  const select = sql`SELECT e.id, e.type, e.data, e.watch_id, e.created_at, e.created_at::text AS at_text, ${DELIVERY_STATE} AS delivery_state,
          (SELECT count(DISTINCT d.url) FROM webhook_deliveries d WHERE d.event_id = e.id) AS targets`;
  const order = sql`ORDER BY e.created_at DESC, e.id DESC LIMIT ${f.limit + 1}`;
  let query = sql`${select} FROM webhook_events e WHERE ${sql.join(conds, sql` AND `)} ${order}`;
  if (f.status === "failed" || f.status === "pending") {
    // Rare states: walking every event newest first and computing its state took ~300 ms to find
    // 50 failed ones among 1M events. Every failed (pending) event has a given-up (pending) chain:
    // the account's such chains (webhook_deliveries_account_status_event_idx), newest event first,
    // drive the scan, and each candidate is one probe of its day's primary key (LATERAL … LIMIT 1
    // keeps the planner from hashing all the account's events), where its exact state is checked.
    const chain = f.status === "failed" ? "giving_up" : "pending";
    const dconds: SQL[] = [sql`d.account_id = ${accountId}::uuid`, sql`d.status = ${chain}`];
    if (f.since) dconds.push(sql`d.event_created_at >= ${f.since}::timestamptz`);
    if (c) dconds.push(sql`(d.event_created_at, d.event_id) < (${c.at}::timestamptz, ${c.id}::uuid)`);
    query = sql`${select}
      FROM (SELECT DISTINCT d.event_created_at, d.event_id FROM webhook_deliveries d WHERE ${sql.join(dconds, sql` AND `)}
            ORDER BY d.event_created_at DESC, d.event_id DESC) cand
      CROSS JOIN LATERAL (SELECT e.* FROM webhook_events e
        WHERE e.id = cand.event_id AND e.created_at = cand.event_created_at AND ${sql.join(conds, sql` AND `)} LIMIT 1) e
      ORDER BY cand.event_created_at DESC, cand.event_id DESC LIMIT ${f.limit + 1}`;
  }
  const db = await getDb();
  const rows =
    f.status === "delivered" || f.status === "no_targets"
      ? await dayByDay(
          db,
          visible,
          c?.at,
          (window, limit) =>
            sql`${select} FROM webhook_events e WHERE ${sql.join([...conds, ...window], sql` AND `)} ORDER BY e.created_at DESC, e.id DESC LIMIT ${limit}`,
          f.limit + 1,
        )
      : await queryRows<EventRow>(db, query);
  const page = rows.slice(0, f.limit);
  const more = rows.length > f.limit;
  const last = page[page.length - 1];
  return {
    events: page.map(presentEventSummary),
    has_more: more,
    next_cursor: more && last ? encodeCursor({ at: last.at_text, id: last.id }) : null,
  };
}

const DAY_MS = 86_400_000;

/**
 * A filter no index serves (the computed delivery state), newest first, one day's partition at a
 * time: ordered across all partitions, Postgres merges them (MergeAppend; with a DEFAULT partition
 * it cannot simply append them in order) and must find a first match in EVERY day before it
 * returns one: status=delivered took 790 ms at 1M events when only recent days had deliveries.
 * Walking the days newest first stops at the day that fills the page (up to the plan's retention).
 */
async function dayByDay(
  db: DbOrTx,
  visible: SQL,
  cursorAt: string | undefined,
  query: (window: SQL[], limit: number) => SQL,
  want: number,
): Promise<EventRow[]> {
  const span = await queryOne<{ lo: number; top: number }>(
    db,
    sql`SELECT (extract(epoch FROM ${visible}) * 1000)::float8 AS lo,
               (extract(epoch FROM coalesce(${cursorAt ?? null}::timestamptz, now())) * 1000)::float8 AS top`,
  );
  const floor = Number(span!.lo);
  let from = Math.floor(Number(span!.top) / DAY_MS) * DAY_MS;
  let to: number | null = null; // the newest window is open-ended (anything later, DEFAULT included)
  const out: EventRow[] = [];
  for (;;) {
    const window = [sql`e.created_at >= ${new Date(from).toISOString()}::timestamptz`];
    if (to !== null) window.push(sql`e.created_at < ${new Date(to).toISOString()}::timestamptz`);
    out.push(...(await queryRows<EventRow>(db, query(window, want - out.length))));
    if (out.length >= want || from <= floor) return out;
    to = from;
    from -= DAY_MS;
  }
}

interface DeliveryRow {
  id: string;
  kind: string;
  endpoint_id: string | null;
  watch_id: string | null;
  url: string;
  status: string;
  attempts_made: number;
  max_attempts: number;
  next_attempt_at: Date | string | null;
  created_at: Date | string;
  last_attempt_id: string | null;
  last_response_status: number | null;
  last_error_message: string | null;
  last_attempted_at: Date | string | null;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/**
 * One event: the exact payload every delivery signs and sends (the same
 * function builds both), and one summary per delivery chain (targets are
 * endpoints and the watch's webhook_url; redeliveries are chains of their own).
 */
export async function getEvent(accountId: string, eventId: string) {
  const db = await getDb();
  const e = await queryOne<{
    id: string;
    type: WebhookEventType;
    data: Record<string, unknown>;
    watch_id: string | null;
    created_at: Date | string;
  }>(
    db,
    sql`SELECT id, type, data, watch_id, created_at FROM webhook_events
        WHERE id = ${eventId}::uuid AND account_id = ${accountId}::uuid AND created_at >= ${webhookVisibleSince(accountId)}`,
  );
  if (!e) throw notFound("Event");
  const deliveries = await queryRows<DeliveryRow>(
    db,
    sql`SELECT d.id, d.kind, d.endpoint_id, d.watch_id, d.url, d.status, d.attempts_made, d.max_attempts, d.next_attempt_at, d.created_at,
          la.id AS last_attempt_id, la.response_status AS last_response_status, la.error_message AS last_error_message, la.attempted_at AS last_attempted_at
        FROM webhook_deliveries d
        LEFT JOIN LATERAL (SELECT id, response_status, error_message, attempted_at FROM webhook_attempts a
                           WHERE a.delivery_id = d.id ORDER BY attempt_number DESC LIMIT 1) la ON true
        WHERE d.event_id = ${eventId}::uuid AND d.account_id = ${accountId}::uuid
        ORDER BY d.created_at, d.id`,
  );
  const createdAt = new Date(e.created_at);
  const payload = eventEnvelope({ id: e.id, type: e.type, createdAt, data: e.data });
  return {
    event_id: e.id,
    type: e.type,
    created_at: createdAt.toISOString(),
    watch_id: e.watch_id,
    test: e.data?.test === true,
    payload,
    data: e.data,
    deliveries: deliveries.map((d) => ({
      delivery_id: d.id,
      target: d.endpoint_id ? ("webhook_endpoint" as const) : ("watch_webhook_url" as const),
      kind: d.kind as "endpoint" | "watch" | "manual" | "test",
      webhook_id: d.endpoint_id,
      watch_id: d.watch_id,
      url: d.url,
      status: d.status as "pending" | "delivered" | "giving_up" | "cancelled",
      attempts_made: d.attempts_made,
      max_attempts: d.max_attempts,
      next_attempt_at: d.status === "pending" ? iso(d.next_attempt_at) : null,
      created_at: iso(d.created_at)!,
      last_attempt: d.last_attempt_id
        ? {
            attempt_id: d.last_attempt_id,
            response_status: d.last_response_status!,
            error_message: d.last_error_message,
            attempted_at: iso(d.last_attempted_at)!,
          }
        : null,
    })),
  };
}
