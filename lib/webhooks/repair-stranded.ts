import { sql } from "drizzle-orm";
import type { DeliveryKind } from "@/drizzle/schema";
import { getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/sql";
import { reportExhausted } from "./record-attempt";

export interface RepairResult {
  /** Pending chains that had no due attempt and were given one (due now). */
  rescheduled: number;
  /** Pending chains with no attempts left that were ended (giving_up + weather.webhook_delivery_failed). */
  ended: number;
}

interface EndedRow {
  id: string;
  account_id: string;
  event_id: string;
  endpoint_id: string | null;
  watch_id: string | null;
  kind: DeliveryKind;
  url: string;
  attempts_made: number;
  event_type: string;
}

/**
 * Repairs chains that would otherwise stay `pending` forever: a chain with no
 * next attempt although attempts remain gets one due now; a chain with no
 * attempts left (and no live lease) is ended as `giving_up` with
 * `weather.webhook_delivery_failed`, exactly once (the UPDATE is guarded on
 * `status = 'pending'` and rows are taken FOR UPDATE SKIP LOCKED).
 * Idempotent and safe on many instances. Overdue chains that do have a due
 * time need no repair in local mode (any runner claims them); Inngest mode
 * re-announces them (sweep-overdue.ts).
 */
export async function repairStrandedChains(limit = 200): Promise<RepairResult> {
  const db = await getDb();
  const rescheduled = await queryRows<{ id: string }>(
    db,
    sql`WITH stranded AS (
          SELECT id FROM webhook_deliveries
          WHERE status = 'pending' AND next_attempt_at IS NULL AND attempts_made < max_attempts
          LIMIT ${limit} FOR UPDATE SKIP LOCKED
        )
        UPDATE webhook_deliveries d SET next_attempt_at = now(), scheduled_at = now(), lease_id = NULL
        FROM stranded WHERE d.id = stranded.id AND d.status = 'pending' AND d.next_attempt_at IS NULL
        RETURNING d.id`,
  );

  const ended = await db.transaction(async (tx) => {
    const rows = await queryRows<EndedRow>(
      tx,
      sql`WITH spent AS (
            SELECT id FROM webhook_deliveries
            WHERE status = 'pending' AND attempts_made >= max_attempts
              AND (next_attempt_at IS NULL OR next_attempt_at <= now())
            LIMIT ${limit} FOR UPDATE SKIP LOCKED
          )
          UPDATE webhook_deliveries d SET status = 'giving_up', next_attempt_at = NULL, lease_id = NULL, completed_at = now()
          FROM spent, webhook_events e
          WHERE d.id = spent.id AND e.id = d.event_id AND e.created_at = d.event_created_at AND d.status = 'pending'
          RETURNING d.id, d.account_id, d.event_id, d.endpoint_id, d.watch_id, d.kind, d.url, d.attempts_made, e.type AS event_type`,
    );
    for (const r of rows) {
      await reportExhausted(
        tx,
        {
          id: r.id,
          accountId: r.account_id,
          eventId: r.event_id,
          endpointId: r.endpoint_id,
          watchId: r.watch_id,
          kind: r.kind,
          url: r.url,
        },
        r.event_type,
        Number(r.attempts_made),
      );
    }
    return rows.length;
  });
  return { rescheduled: rescheduled.length, ended };
}
