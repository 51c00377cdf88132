import { sql } from "drizzle-orm";
import { webhookDeliveries, type DeliveryKind } from "@/drizzle/schema";
import { type WebhookEventType } from "./event-types";
import { getDb, type DbOrTx } from "@/lib/db/client";
import { queryOne } from "@/lib/db/sql";
import { CHANNELS, notifyExpr, wake } from "@/lib/db/notify";
import { workLeaseMs } from "@/lib/jobs/lease-heartbeat";
import { inngestEnabled } from "@/lib/jobs/mode";
import { log } from "@/lib/log";
import { chainDelayMs, chainScheduleMs } from "./retry-schedule";

export interface EmitEventInput {
  /** Optional id to use for the event (e.g. the watch change event's UUID, so X-Service-Event-Id matches it). */
  eventId?: string;
  accountId: string;
  type: WebhookEventType;
  /** The event's `data` member (JSON-serialisable). */
  data: Record<string, unknown>;
  /** A watch's own webhook_url: delivered there too, signed with the account's watch signing secret. */
  watchTarget?: { url: string; watchId: string };
  /** The watch that produced the event when it has no watchTarget (a watch delivering through a registered endpoint). */
  watchId?: string;
  /** Internal: leave this endpoint out (the endpoint whose failure produced the event). */
  excludeEndpointId?: string;
}

export interface EmittedEvent {
  eventId: string;
  createdAt: Date;
  deliveryIds: string[];
}

/** Inngest event that starts one delivery loop. */
export const DELIVERY_SCHEDULED_EVENT = "webhooks/delivery.scheduled";

/**
 * Records an event and creates one delivery chain per target: every active
 * endpoint of the account subscribed to the type, plus the watch's webhook_url
 * when given. Pass an open transaction to make the event part of a larger
 * change (it is then delivered only if that transaction commits).
 */
export async function emitEvent(input: EmitEventInput, db?: DbOrTx): Promise<EmittedEvent> {
  // Inside a caller's transaction the NOTIFY rides in the statement (delivered on
  // its commit); on its own the statement commits without one and the local
  // runners are woken by the coalesced `wake` (lib/db/notify.ts: a NOTIFY in
  // every emitting transaction serialised their commits at ~450/s).
  const emitted = await record(input, db ?? (await getDb()), db !== undefined);
  if (emitted.deliveryIds.length) {
    if (db === undefined) void wake(CHANNELS.work, DELIVERY_JOB);
    await announce(emitted.deliveryIds);
  }
  return emitted;
}

/** The job (lib/registry/job-table.ts) a NOTIFY on the work channel wakes. */
const DELIVERY_JOB = "webhook-delivery";

/**
 * One statement (atomic on its own, one round trip): insert the event, pick
 * the subscribed active endpoints, insert a chain per target.
 */
async function record(input: EmitEventInput, d: DbOrTx, notifyInStatement: boolean): Promise<EmittedEvent> {
  const schedule = chainScheduleMs();
  const due = new Date(Date.now() + chainDelayMs(schedule, 1)).toISOString();
  const watchUrl = input.watchTarget?.url ?? null;
  const watchId = input.watchTarget?.watchId ?? input.watchId ?? null;
  const row = await queryOne<{ id: string; created_at: Date | string; delivery_ids: string[] | string | null }>(
    d,
    sql`WITH ev AS (
          INSERT INTO webhook_events (id, account_id, type, data, watch_id)
          VALUES (coalesce(${input.eventId ?? null}::uuid, gen_random_uuid()), ${input.accountId}::uuid, ${input.type},
                  ${JSON.stringify(input.data)}::jsonb, ${watchId}::uuid)
          RETURNING id, created_at
        ), targets AS (
          SELECT 'endpoint'::text AS kind, e.url, e.id AS endpoint_id FROM webhook_endpoints e
          WHERE e.account_id = ${input.accountId}::uuid AND e.status = 'active' AND e.events @> ARRAY[${input.type}]::text[]
            AND e.id IS DISTINCT FROM ${input.excludeEndpointId ?? null}::uuid
          UNION ALL
          SELECT 'watch', ${watchUrl}::text, NULL::uuid WHERE ${watchUrl}::text IS NOT NULL
        ), chains AS (
          INSERT INTO webhook_deliveries (event_id, event_created_at, account_id, endpoint_id, watch_id, kind, url, max_attempts, retry_schedule_ms,
            next_attempt_at, scheduled_at)
          SELECT ev.id, ev.created_at, ${input.accountId}::uuid, t.endpoint_id, ${watchId}::uuid, t.kind, t.url, ${schedule.length}::int,
                 ${`{${schedule.join(",")}}`}::int[], ${due}::timestamptz, ${due}::timestamptz
          FROM ev CROSS JOIN targets t
          RETURNING id
        ), wake AS (
          -- Wakes the local runners (delivered on commit; a hint only, the poll is the fallback).
          SELECT ${notifyExpr(CHANNELS.work, DELIVERY_JOB)} FROM (SELECT 1 FROM chains LIMIT 1) c WHERE ${notifyInStatement}::boolean
        )
        SELECT ev.id, ev.created_at, (SELECT array_agg(id) FROM chains) AS delivery_ids, (SELECT count(*) FROM wake) AS woke FROM ev`,
  );
  if (!row) throw new Error("emitEvent: the event insert returned nothing");
  return { eventId: row.id, createdAt: new Date(row.created_at), deliveryIds: pgArray(row.delivery_ids) };
}

/** uuid[] arrives as an array (postgres-js) or as its text form `{a,b}` (some drivers). */
function pgArray(v: string[] | string | null): string[] {
  if (v === null) return [];
  if (Array.isArray(v)) return v;
  return v
    .replace(/^\{|\}$/g, "")
    .split(",")
    .filter(Boolean);
}

/**
 * Inserts delivery chains due per the first entry of the retry schedule, each storing its own schedule.
 * A test send or a redelivery (one attempt, made inline by the request) is due only one work lease
 * from now: until then it is the request's to attempt (claimForInlineAttempt), and a runner polling meanwhile leaves it alone
 * (it took one between the commit and the inline claim, and the portal said "queued" for a delivery
 * the runner had already made). If the request never attempts it, the runner does after the hold.
 */
export async function createDeliveries(
  d: DbOrTx,
  event: { id: string; createdAt: Date },
  accountId: string,
  targets: Array<{ kind: DeliveryKind; url: string; endpointId: string | null; watchId: string | null }>,
): Promise<string[]> {
  const schedule = chainScheduleMs();
  // The event's exact created_at (microseconds; a JS Date keeps milliseconds), read within a
  // millisecond of it so only its own day's partition is probed.
  const eventCreatedAt = sql`(SELECT created_at FROM webhook_events WHERE id = ${event.id}::uuid
    AND created_at >= ${new Date(event.createdAt.getTime() - 1).toISOString()}::timestamptz
    AND created_at <= ${new Date(event.createdAt.getTime() + 1).toISOString()}::timestamptz)`;
  const rows = targets.map((t) => {
    const single = t.kind === "manual" || t.kind === "test";
    const now = Date.now();
    const due = new Date(now + (single ? 0 : chainDelayMs(schedule, 1)));
    return {
      eventId: event.id,
      eventCreatedAt,
      accountId,
      endpointId: t.endpointId,
      watchId: t.watchId,
      kind: t.kind,
      url: t.url,
      maxAttempts: single ? 1 : schedule.length,
      retryScheduleMs: single ? [0] : schedule,
      nextAttemptAt: single ? new Date(now + workLeaseMs()) : due,
      scheduledAt: due,
    };
  });
  const inserted = await d.insert(webhookDeliveries).values(rows).returning({ id: webhookDeliveries.id });
  return inserted.map((r) => r.id);
}

/**
 * In Inngest mode each chain gets its own delivery loop. A lost send (or one
 * made before the caller's transaction commits) is recovered by the sweeper.
 */
export async function announce(deliveryIds: string[]): Promise<void> {
  if (!inngestEnabled()) return;
  try {
    const { inngest } = await import("@/lib/jobs/inngest-client");
    await inngest.send(deliveryIds.map((id) => ({ name: DELIVERY_SCHEDULED_EVENT, data: { delivery_id: id } })));
  } catch (err) {
    log.warn("inngest send failed; the sweeper will pick the deliveries up", { error: err, count: deliveryIds.length });
  }
}
