import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Plan } from "@/drizzle/schema";
import { getDb } from "@/lib/db/client";
import { CHANNELS, notifyExpr } from "@/lib/db/notify";
import { queryRows } from "@/lib/db/sql";
import { ApiError } from "@/lib/http/errors";
import { announce } from "./emit-event";
import { ownedEndpoint } from "./endpoints";
import { webhookRetentionDays } from "./retention";
import { chainDelayMs, chainScheduleMs } from "./retry-schedule";

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
  });
export type RecoverInput = z.output<typeof RecoverInput>;

export interface RecoverResult {
  webhook_id: string;
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
 */
export async function recoverFailed(
  account: { accountId: string; plan: Plan },
  webhookId: string,
  input: RecoverInput,
  now: Date = new Date(),
): Promise<RecoverResult> {
  const endpoint = await ownedEndpoint(account.accountId, webhookId);
  if (endpoint.status !== "active") {
    throw new ApiError(
      "conflict",
      "This webhook endpoint is disabled and receives nothing; create a new endpoint (or clone this one) and recover there.",
      {
        details: { webhook_id: endpoint.id, status: endpoint.status },
      },
    );
  }
  // Older events are pruned (lib/webhooks/retention.ts): the window starts at most the retention back.
  const earliest = new Date(now.getTime() - webhookRetentionDays(account.plan) * 86_400_000);
  const since = new Date(Math.max(Date.parse(input.since), earliest.getTime()));
  const until = input.until ? new Date(input.until) : now;
  const schedule = chainScheduleMs();
  const due = new Date(now.getTime() + chainDelayMs(schedule, 1)).toISOString();
  const db = await getDb();
  const ids = await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${"webhook-recover:" + endpoint.id}))`);
    const rows = await queryRows<{ id: string }>(
      tx,
      sql`WITH failed AS (
            SELECT DISTINCT ON (d.event_id) d.event_id, d.event_created_at, d.id AS failed_id, d.watch_id
            FROM webhook_deliveries d
            WHERE d.endpoint_id = ${endpoint.id}::uuid AND d.kind = 'endpoint' AND d.status = 'giving_up'
              AND d.completed_at >= ${since.toISOString()}::timestamptz AND d.completed_at < ${until.toISOString()}::timestamptz
              -- The event itself must be within the retention (a chain may end days after its event).
              AND d.event_created_at >= ${earliest.toISOString()}::timestamptz
              AND NOT EXISTS (SELECT 1 FROM webhook_deliveries o WHERE o.event_id = d.event_id AND o.endpoint_id = d.endpoint_id
                                AND o.status IN ('pending', 'delivered'))
            ORDER BY d.event_id, d.completed_at DESC
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
    return rows.map((r) => r.id);
  });
  if (ids.length) await announce(ids);
  return { webhook_id: endpoint.id, since: since.toISOString(), until: until.toISOString(), count: ids.length };
}
