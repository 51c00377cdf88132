import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { queryOne, queryRows } from "@/lib/db/sql";

/**
 * Everything one "Fire my watches now" caused (issue 42 item 5), read back from the database after
 * the refreshes: the events the fired watches emitted (change events included, not only the
 * refresh), their deliveries by state, and the proposals the weather planner raised on the trips
 * those watches follow. `since` is the database's clock when the fire began.
 */
export interface FireReport {
  /** The instant the report reads from: the account's latest live injection, or the click when later. */
  since: string;
  events: Array<{ event_id: string; type: string; watch_id: string; deliveries: number; delivered: number }>;
  proposals: Array<{ proposal_id: string; trip_id: number; subject_event_id: number | null; status: string }>;
}

export async function databaseNow(db: DbOrTx): Promise<string> {
  return (await queryOne<{ now: string }>(db, sql`SELECT clock_timestamp()::text AS now`))!.now;
}

/**
 * Where the report starts: an injection makes the account's watches due at once, so the runner
 * may have refreshed them (change events out, the planner's proposal raised) before the click,
 * leaving the fire itself only a plain refresh to emit. What the injected weather caused is what
 * the rows say since the account's latest live injection; with none, since the click.
 */
export async function fireReportSince(db: DbOrTx, accountId: string, fireStart: string): Promise<string> {
  const row = await queryOne<{ since: string }>(
    db,
    sql`SELECT LEAST(${fireStart}::timestamptz, max(created_at))::text AS since FROM weather_simulations
        WHERE account_id = ${accountId}::uuid AND ends_at > ${fireStart}::timestamptz`,
  );
  return row?.since ?? fireStart;
}

export async function readFireReport(
  db: DbOrTx,
  accountId: string,
  watchIds: string[],
  since: string,
): Promise<FireReport> {
  if (watchIds.length === 0) return { since: new Date(since).toISOString(), events: [], proposals: [] };
  const ids = sql.join(
    watchIds.map((w) => sql`${w}::uuid`),
    sql`, `,
  );
  const events = await queryRows<{
    event_id: string;
    type: string;
    watch_id: string;
    deliveries: number;
    delivered: number;
  }>(
    db,
    sql`SELECT e.id::text AS event_id, e.type, e.watch_id::text AS watch_id,
               count(d.id)::int AS deliveries, count(d.id) FILTER (WHERE d.status = 'delivered')::int AS delivered
        FROM webhook_events e
        LEFT JOIN webhook_deliveries d ON d.event_id = e.id AND d.event_created_at = e.created_at
        WHERE e.account_id = ${accountId}::uuid AND e.watch_id IN (${ids}) AND e.created_at >= ${since}::timestamptz
        GROUP BY e.id, e.type, e.watch_id, e.created_at
        ORDER BY e.created_at, e.id`,
  );
  const proposals = await queryRows<{
    proposal_id: string;
    trip_id: number;
    subject_event_id: number | null;
    status: string;
  }>(
    db,
    sql`SELECT p.id::text AS proposal_id, p.trip_id, p.subject_event_id, p.status
        FROM trip_proposals p
        WHERE p.trip_id IN (SELECT trip_id FROM watches WHERE id IN (${ids}) AND trip_id IS NOT NULL)
          AND p.actor_agent_id = 'skycast-weather-planner' AND p.created_at >= ${since}::timestamptz
        ORDER BY p.created_at, p.id`,
  );
  return {
    since: new Date(since).toISOString(),
    events: events.map((e) => ({ ...e, deliveries: Number(e.deliveries), delivered: Number(e.delivered) })),
    proposals: proposals.map((p) => ({
      ...p,
      trip_id: Number(p.trip_id),
      subject_event_id: p.subject_event_id === null ? null : Number(p.subject_event_id),
    })),
  };
}
