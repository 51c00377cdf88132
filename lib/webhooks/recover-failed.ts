import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Plan } from "@/drizzle/schema";
import { getDb, type Db } from "@/lib/db/client";
import { CHANNELS, notifyExpr } from "@/lib/db/notify";
import { queryOne, queryRows } from "@/lib/db/sql";
import { ApiError } from "@/lib/http/errors";
import { announce } from "@/lib/events/emit-event";
import { ownedEndpoint } from "./endpoints";
import { webhookRetentionDays } from "./retention";
import { chainDelayMs, chainScheduleMs } from "@/lib/events/retry-schedule";

const instant = z.iso.datetime({ offset: true, message: "must be an ISO 8601 date-time, e.g. 2026-05-01T00:00:00Z" });

export const RecoverInput = z
  .strictObject({
    since: instant.meta({
      description: "Start of the window (inclusive): chains that ended failed at or after this time",
    }),
    until: instant.optional().meta({ description: "End of the window (exclusive); default now" }),
  })
  .refine((b) => b.until === undefined || Date.parse(b.until) > Date.parse(b.since), {
    message: "until must be after since",
    path: ["until"],
  })
  // A window that starts later than now holds nothing yet: a typo (a year, a zone), not a request.
  .refine((b) => Date.parse(b.since) <= Date.now(), { message: "since must not be in the future", path: ["since"] });
export type RecoverInput = z.output<typeof RecoverInput>;

export interface RecoverResult {
  /** The endpoint the events are re-sent to (a disabled endpoint's newest active clone). */
  webhook_id: string;
  /** Endpoints whose failed chains were included: the receiving one and those it was cloned from. */
  from_webhook_ids: string[];
  since: string;
  until: string;
  /** Events re-enqueued as new delivery chains. */
  count: number;
}

/**
 * "Recover failed messages" (Svix; issue 29): re-enqueues to this endpoint every event whose
 * delivery chain to it ended failed (gave up) in [since, until), each as ONE new chain with the
 * full retry schedule and the same event id (so webhook-id and X-Service-Event-Id stay the
 * event's), recovered_from naming the failed chain. Skipped: events this endpoint has since
 * received (a delivered chain of any kind) and events with a chain to it still pending (a
 * retry, or an earlier recovery in flight): so a second recover of the same window while the
 * first's chains are pending re-enqueues nothing again. A per-endpoint transaction lock makes two
 * concurrent recovers of one endpoint see each other. `since` reaches back at most the plan's
 * retention (older events are pruned): an earlier one is moved up to it, and the answer says so.
 *
 * A disabled endpoint is never re-enabled (spec); it is cloned (clone-endpoint, `cloned_from`).
 * Recover on a clone also re-sends what failed on the endpoints it was cloned from, including the
 * chains cut short by the disable; recover on a disabled endpoint runs into its newest active clone
 * (issue 43 item 5), and without one answers 409 naming the clone call.
 */
export async function recoverFailed(
  account: { accountId: string; plan: Plan },
  webhookId: string,
  input: RecoverInput,
  now: Date = new Date(),
): Promise<RecoverResult> {
  const named = await ownedEndpoint(account.accountId, webhookId);
  const db = await getDb();
  const endpoint = named.status === "active" ? named : await newestActiveClone(db, account.accountId, named.id);
  if (!endpoint) {
    throw new ApiError(
      "conflict",
      `This webhook endpoint is disabled and receives nothing. Clone it (POST /v1/webhooks/${named.id}/clone), then recover: what failed here is re-sent to the clone.`,
      { details: { webhook_id: named.id, status: named.status } },
    );
  }
  // Older events are pruned (lib/webhooks/retention.ts): the window starts at most the retention back.
  const earliest = new Date(now.getTime() - webhookRetentionDays(account.plan) * 86_400_000);
  const since = new Date(Math.max(Date.parse(input.since), earliest.getTime()));
  const until = input.until ? new Date(input.until) : now;
  const schedule = chainScheduleMs();
  const due = new Date(now.getTime() + chainDelayMs(schedule, 1)).toISOString();
  const { ids, from } = await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${"webhook-recover:" + endpoint.id}))`);
    const lineage = await queryRows<{ id: string }>(tx, lineageOf(account.accountId, endpoint.id));
    const sources = `{${lineage.map((l) => l.id).join(",")}}`;
    const rows = await queryRows<{ id: string }>(
      tx,
      sql`WITH failed AS (
            SELECT DISTINCT ON (d.event_id) d.event_id, d.event_created_at, d.id AS failed_id, d.watch_id
            FROM webhook_deliveries d JOIN webhook_endpoints src ON src.id = d.endpoint_id
            WHERE d.endpoint_id = ANY(${sources}::uuid[]) AND d.kind = 'endpoint'
              -- On this endpoint a failed chain gave up; on a disabled one it failed in any way: gave
              -- up, or was cut short (cancelled, or still pending and about to be) by the disable.
              AND (d.status = 'giving_up' OR (src.status = 'disabled' AND d.status IN ('cancelled', 'pending')))
              AND coalesce(d.completed_at, src.disabled_at) >= ${since.toISOString()}::timestamptz
              AND coalesce(d.completed_at, src.disabled_at) < ${until.toISOString()}::timestamptz
              -- The event itself must be within the retention (a chain may end days after its event).
              AND d.event_created_at >= ${earliest.toISOString()}::timestamptz
              AND NOT EXISTS (SELECT 1 FROM webhook_deliveries o WHERE o.event_id = d.event_id
                                AND ((o.endpoint_id = ANY(${sources}::uuid[]) AND o.status = 'delivered')
                                  OR (o.endpoint_id = ${endpoint.id}::uuid AND o.status = 'pending')))
            ORDER BY d.event_id, d.completed_at DESC NULLS LAST
          ), chains AS (
            INSERT INTO webhook_deliveries (event_id, event_created_at, account_id, endpoint_id, watch_id, kind, url, max_attempts, retry_schedule_ms,
              next_attempt_at, scheduled_at, recovered_from)
            SELECT f.event_id, f.event_created_at, ${account.accountId}::uuid, ${endpoint.id}::uuid, f.watch_id, 'endpoint', ${endpoint.url}, ${schedule.length}::int,
                   ${`{${schedule.join(",")}}`}::int[], ${due}::timestamptz, ${due}::timestamptz, f.failed_id
            FROM failed f
            RETURNING id
          ), wake AS (
            SELECT ${notifyExpr(CHANNELS.work, "webhook-delivery")} FROM (SELECT 1 FROM chains LIMIT 1) c
          )
          SELECT id FROM chains, (SELECT count(*) FROM wake) w`,
    );
    return { ids: rows.map((r) => r.id), from: lineage.map((l) => l.id) };
  });
  if (ids.length) await announce(ids);
  return {
    webhook_id: endpoint.id,
    from_webhook_ids: from,
    since: since.toISOString(),
    until: until.toISOString(),
    count: ids.length,
  };
}

/** The endpoint and those it was cloned from, nearest first (the account's own; a bounded walk). */
function lineageOf(accountId: string, endpointId: string) {
  return sql`WITH RECURSIVE lineage(id, cloned_from, depth) AS (
      SELECT id, cloned_from, 0 FROM webhook_endpoints WHERE id = ${endpointId}::uuid AND account_id = ${accountId}::uuid
      UNION ALL
      SELECT e.id, e.cloned_from, l.depth + 1 FROM webhook_endpoints e JOIN lineage l ON e.id = l.cloned_from
      WHERE e.account_id = ${accountId}::uuid AND l.depth < 20
    ) SELECT id FROM lineage ORDER BY depth`;
}

/** The newest active endpoint cloned (directly or through other clones) from a disabled one. */
async function newestActiveClone(db: Db, accountId: string, endpointId: string) {
  const row = await queryOne<{ id: string; url: string; status: "active" }>(
    db,
    sql`WITH RECURSIVE clones(id, depth) AS (
          SELECT id, 1 FROM webhook_endpoints WHERE cloned_from = ${endpointId}::uuid AND account_id = ${accountId}::uuid
          UNION ALL
          SELECT e.id, c.depth + 1 FROM webhook_endpoints e JOIN clones c ON e.cloned_from = c.id
          WHERE e.account_id = ${accountId}::uuid AND c.depth < 20
        )
        SELECT e.id, e.url, e.status FROM webhook_endpoints e JOIN clones c ON c.id = e.id
        WHERE e.status = 'active' ORDER BY e.created_at DESC LIMIT 1`,
  );
  return row;
}
