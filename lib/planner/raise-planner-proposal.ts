import { isDeepStrictEqual } from "node:util";
import { and, eq, lte, sql } from "drizzle-orm";
import { tripProposals, type TripProposalRow } from "@/drizzle/schema";
import { getDb, type Tx } from "@/lib/db/client";
import { queryOne } from "@/lib/db/sql";
import { ApiError } from "@/lib/http/errors";
import { tripNow } from "@/lib/trips/clock";
import { geoOf, withLegacyGeo } from "@/lib/trips/events/resolve-event-geo";
import { PROPOSAL_MAX_TTL_DAYS } from "@/lib/trips/proposals/proposal-schemas";
import { readTripSnapshot } from "@/lib/trips/events/read-trip-snapshot";
import { getSnapshot } from "@/lib/weather/io";
import type { AccountEnvironmentName } from "@/lib/weather/core";
import { planEvent } from "./plan-event";
import { plannerBuffersOf, plannerEventOf } from "./from-trip-rows";
import type { PlanOption } from "./types";

/** The built-in planning agent's id on its proposals. */
export const PLANNER_AGENT_ID = "skycast-weather-planner";
/** Advisory-lock namespace: one raiser at a time per event (the second id is the event's). */
const LOCK_NAMESPACE = 33_004;
const ATTEMPTS = 3;

export type RaiseAction = "created" | "replaced" | "unchanged" | "none";

/** The stored form of an option (the proposal contract's ProposalOption). */
const stored = (o: PlanOption) => ({
  id: o.id,
  score: o.score,
  label: o.label,
  reason: o.reason,
  changes: o.changes,
  forecast: o.forecast,
  // What was checked and whether a booking must change (issue 38 item 7): a reviewer sees why it is safe.
  needs_rebooking: o.needs_rebooking,
  rebooking_reason: o.rebooking_reason,
  checks: o.checks,
});
/** "Same options": the same concrete changes in the same order (numbers of a refreshed forecast do not count). */
const signature = (options: Array<{ id: string; changes?: unknown }>) =>
  options.map((o) => ({ id: o.id, changes: o.changes ?? [] }));

/**
 * Runs the weather planner for one event and keeps AT MOST ONE open planner proposal for it:
 * created when there is none, replaced (the old one marked superseded) when the forecast or the
 * trip gives different options, left alone when the options are the same, and retired when the
 * event no longer needs (or no longer allows) a change. It expires when the event starts.
 * Concurrent callers for one event serialise on an advisory lock; a unique index backs it.
 * The caller (a trip watch's refresh) decides that the event is at its trip's threshold.
 */
export async function raisePlannerProposal(args: {
  tripId: number;
  eventId: number;
  now?: Date;
}): Promise<{ action: RaiseAction; proposalId: string | null }> {
  const now = args.now ?? tripNow();
  const db = await getDb();
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const snap = await readTripSnapshot(db, args.tripId, null);
    if (!snap) return { action: "none", proposalId: null };
    const rows = await withLegacyGeo(snap.events, snap.trip.timeZone);
    const row = rows.find((r) => r.id === args.eventId);
    const geo = row ? geoOf(row) : null;
    let options: PlanOption[] = [];
    if (row && geo && row.startAt > now) {
      const { environment, locale } = await ownerAccount(args.tripId);
      const { snapshot } = await getSnapshot({
        lat: geo.lat,
        lng: geo.lng,
        environment,
        use: "forecast",
        priority: "background",
      });
      const plan = planEvent({
        event: plannerEventOf(row),
        others: rows.filter((r) => r.id !== row.id).map(plannerEventOf),
        forecast: snapshot.forecast,
        place: { lat: geo.lat, lng: geo.lng, snapshotId: snapshot.id },
        now,
        tripDates: { start: snap.trip.startDate, end: snap.trip.endDate, zone: snap.trip.timeZone },
        buffers: plannerBuffersOf(snap.trip),
        threshold: "watch",
        // The owner's language (users.locale, negotiated like the weather API's `language`): a stored
        // proposal has no request to take it from (docs/decisions/0111).
        lang: locale ?? undefined,
      });
      options = plan.options;
    }
    const expiresAt = row
      ? new Date(Math.min(row.startAt.getTime(), now.getTime() + PROPOSAL_MAX_TTL_DAYS * 86_400_000))
      : now;
    const out = await db.transaction((tx) =>
      keepOne(tx, { ...args, now, revision: snap.trip.revision, options, expiresAt }),
    );
    if (out) return out;
  }
  throw new ApiError("conflict", "The trip kept changing while the planner ran; the next refresh will try again.");
}

async function ownerAccount(tripId: number): Promise<{ environment: AccountEnvironmentName; locale: string | null }> {
  const row = await queryOne<{ environment: AccountEnvironmentName; locale: string | null }>(
    await getDb(),
    sql`SELECT a.environment, u.locale FROM trip_members m JOIN users u ON u.id = m.user_id JOIN accounts a ON a.id = u.account_id
        WHERE m.trip_id = ${tripId} AND m.role = 'owner' ORDER BY m.created_at LIMIT 1`,
  );
  return { environment: row?.environment ?? "production", locale: row?.locale ?? null };
}

interface KeepOne {
  tripId: number;
  eventId: number;
  now: Date;
  revision: number;
  options: PlanOption[];
  expiresAt: Date;
}

/** Under the event's lock: undefined when the trip moved on since it was planned (plan again). */
async function keepOne(tx: Tx, k: KeepOne): Promise<{ action: RaiseAction; proposalId: string | null } | undefined> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCK_NAMESPACE}, ${k.eventId})`);
  const trip = await queryOne<{ revision: number }>(tx, sql`SELECT revision FROM trips WHERE id = ${k.tripId}`);
  if (!trip) return { action: "none", proposalId: null };
  if (Number(trip.revision) !== k.revision) return undefined;
  const p = tripProposals;
  const mine = and(
    eq(p.tripId, k.tripId),
    eq(p.subjectEventId, k.eventId),
    eq(p.actorAgentId, PLANNER_AGENT_ID),
    eq(p.status, "pending"),
  );
  // A lapsed one is stored as expired, so that the open-proposal index only ever holds open ones.
  await tx
    .update(p)
    .set({ status: "expired" })
    .where(and(mine, lte(p.expiresAt, k.now)));
  const [open] = await tx.select().from(p).where(mine).limit(1);
  if (k.options.length === 0) {
    if (open) await retire(tx, open, null);
    return { action: "none", proposalId: null };
  }
  const options = k.options.map(stored);
  if (
    open &&
    open.baseRevision === k.revision &&
    isDeepStrictEqual(signature(open.options as typeof options), signature(options))
  ) {
    return { action: "unchanged", proposalId: open.id };
  }
  if (open) await retire(tx, open, null);
  const [created] = await tx
    .insert(p)
    .values({
      tripId: k.tripId,
      actorAgentId: PLANNER_AGENT_ID,
      entities: [],
      options,
      baseRevision: k.revision,
      subjectEventId: k.eventId,
      createdBy: null,
      createdAt: k.now,
      expiresAt: k.expiresAt,
    })
    .returning({ id: p.id });
  if (open) await tx.update(p).set({ supersededBy: created.id }).where(eq(p.id, open.id));
  return { action: open ? "replaced" : "created", proposalId: created.id };
}

async function retire(tx: Tx, open: TripProposalRow, by: string | null): Promise<void> {
  await tx.update(tripProposals).set({ status: "superseded", supersededBy: by }).where(eq(tripProposals.id, open.id));
}
