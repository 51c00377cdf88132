import { sql } from "drizzle-orm";
import { getDb, onDatabaseChange, type DbOrTx } from "@/lib/db/client";
import { queryOne } from "@/lib/db/sql";
import type { AccountInfo } from "@/lib/http/types";
import { log } from "@/lib/log";
import { sendQuotaEmailsSoon } from "@/lib/mail/quota-emails";
import { emitEvent } from "@/lib/events/emit-event";
import type { BillingPeriod } from "./period";
import { LIMIT_KEYS, type Dimension } from "./plans";
import { thresholdsReached, type QuotaThreshold } from "./quota-thresholds";

export interface QuotaLevel {
  dimension: Dimension;
  used: number;
  limit: number;
}

// Keys this process knows are recorded (or being recorded): the hot path asks memory, not the
// database; each instance makes at most one insert attempt per key. Bounded: cleared when large.
const known = new Map<string, Promise<void>>();
onDatabaseChange(() => known.clear());
const KNOWN_MAX = 50_000;

function keyOf(accountId: string, d: Dimension, t: QuotaThreshold, periodKey: string): string {
  return `${accountId}|${d}|${t}|${periodKey}`;
}

/**
 * After a kept reservation (or a refusal): records and emits the alert of every threshold the
 * levels are at or past that this process has not seen yet for the period. Never throws (an
 * alert never fails the call that triggered it); a failed emit is retried by the next call.
 */
export async function alertQuotaThresholds(
  accountId: string,
  account: AccountInfo,
  period: BillingPeriod,
  levels: QuotaLevel[],
): Promise<void> {
  const pending: Promise<void>[] = [];
  for (const l of levels) {
    for (const t of thresholdsReached(l.used, l.limit)) {
      const key = keyOf(accountId, l.dimension, t, period.key);
      let p = known.get(key);
      if (!p) {
        if (known.size >= KNOWN_MAX) known.clear();
        p = getDb()
          .then((db) => recordQuotaAlert(db, { accountId, account, period, threshold: t, ...l }))
          .then(
            // Committed: the owners/admins are emailed now (the quota-emails job catches any miss).
            (eventId) => {
              if (eventId) sendQuotaEmailsSoon();
            },
            (err) => {
              known.delete(key);
              log.warn("quota alert not recorded; the next call retries", {
                error: err,
                dimension: l.dimension,
                threshold: t,
              });
            },
          );
        known.set(key, p);
      }
      pending.push(p);
    }
  }
  if (pending.length) await Promise.all(pending);
}

export interface QuotaAlertInput extends QuotaLevel {
  accountId: string;
  account: AccountInfo;
  period: BillingPeriod;
  threshold: QuotaThreshold;
}

/**
 * The exactly-once step: the (account, dimension, threshold, period) row is inserted with
 * ON CONFLICT DO NOTHING, and only the inserter emits the event, in the same transaction (a
 * racing inserter waits on the key and then finds it taken). Pass an open transaction to make
 * the alert part of it (watch creation). Returns the event id when this call emitted it.
 */
export async function recordQuotaAlert(db: DbOrTx, a: QuotaAlertInput): Promise<string | undefined> {
  const run = async (tx: DbOrTx) => {
    const claimed = await queryOne<{ ok: number }>(
      tx,
      sql`INSERT INTO quota_alerts (account_id, dimension, threshold, period)
          VALUES (${a.accountId}::uuid, ${a.dimension}, ${a.threshold}::int, ${a.period.key}::date)
          ON CONFLICT DO NOTHING RETURNING 1 AS ok`,
    );
    if (!claimed) return undefined;
    const ev = await emitEvent(
      { accountId: a.accountId, type: "billing.quota_threshold_reached", data: alertData(a) },
      tx,
    );
    await tx.execute(
      sql`UPDATE quota_alerts SET event_id = ${ev.eventId}::uuid
          WHERE account_id = ${a.accountId}::uuid AND dimension = ${a.dimension} AND threshold = ${a.threshold}::int AND period = ${a.period.key}::date`,
    );
    return ev.eventId;
  };
  // A transaction handle has no nested `transaction` requirement here: run in it directly.
  return "rollback" in db ? run(db) : db.transaction((tx) => run(tx));
}

/** The event's data (documented in lib/webhooks/event-docs.ts). */
function alertData(a: QuotaAlertInput): Record<string, unknown> {
  return {
    dimension: a.dimension,
    limit_name: LIMIT_KEYS[a.dimension],
    threshold_percent: a.threshold,
    limit: a.limit,
    used: a.used,
    plan: a.account.plan,
    environment: a.account.environment,
    period: { start: a.period.start.toISOString(), end: a.period.end.toISOString() },
    resets_at: a.dimension === "active_watches" ? null : a.period.end.toISOString(),
  };
}
