import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { watches, type TripWatchState, type WatchRiskRecord, type WatchSnapshotRecord } from "@/drizzle/schema";
import type { Db, Tx } from "@/lib/db/client";
import { log } from "@/lib/log";
import {
  cellFor,
  getSnapshot,
  isBudgetDenied,
  providerIdFor,
  upstreamSettings,
  type SnapshotResult,
} from "@/lib/weather";
import { LEVEL_RANK, type RiskLevel } from "@/lib/weather/core";
import { nextCheckAfter } from "../cadence";
import type { WatchClaim } from "../claim-watches";
import { recordWatchEvent } from "../emit-watch-event";
import { recordDeferral, recordFailure, type RefreshOutcome, type WatchRow } from "../record-refresh";
import { followedEvents } from "./followed-events";
import { notifyMembersOfRefresh } from "./notify-members";
import { raiseForRiskyEvents } from "./planner-hook";
import { rateEvent, type RatedEvent } from "./rate-trip-events";
import { newTripAlerts, tripEventChanges } from "./trip-changes";

const HOUR = 3_600_000;

export interface ClaimedTripWatch {
  w: WatchRow;
  environment: "production" | "sandbox";
  claim: WatchClaim;
}

/** Trip watches of a batch, one after the other (each reads its trip and its events' cells). */
export async function refreshTripClaims(
  db: Db,
  claimed: ClaimedTripWatch[],
  clock: () => Date,
): Promise<Map<string, RefreshOutcome>> {
  const out = new Map<string, RefreshOutcome>();
  for (const c of claimed) {
    try {
      out.set(c.w.id, await refreshTripWatch(db, c, clock));
    } catch (err) {
      log.error("trip watch refresh crashed", { watch_id: c.w.id, error: err });
    }
  }
  return out;
}

/**
 * One refresh of a trip watch (issue 33): the trip's events are read afresh (so additions, moves
 * and removals are followed at once), each placed event starting inside the window is rated on its
 * cell's snapshot (one per cell, through the weather core's single flight, at background priority),
 * the result and its events are written under the claim, and then the weather planner is asked to
 * propose for each outdoor event at or above the trip's threshold.
 */
async function refreshTripWatch(db: Db, c: ClaimedTripWatch, clock: () => Date): Promise<RefreshOutcome> {
  const { w, claim } = c;
  const state = w.tripState;
  if (!state) return recordFailure(db, w, claim, new Error("trip watch without trip state"), clock());
  const followed = await followedEvents(db, state.trip_id, { startsAt: w.startsAt, endsAt: w.endsAt });
  if (!followed) return recordFailure(db, w, claim, new Error(`trip ${state.trip_id} no longer exists`), clock());

  const provider = providerIdFor(c.environment);
  const cells = new Map<string, { lat: number; lng: number }>();
  for (const e of followed.events)
    for (const p of e.places) cells.set(cellFor(p.geo.lat, p.geo.lng, provider).key, p.geo);
  const snaps = new Map<string, SnapshotResult>();
  try {
    for (const [key, at] of cells) {
      snaps.set(
        key,
        await getSnapshot({
          ...at,
          environment: c.environment,
          use: "forecast",
          maxAgeMs: upstreamSettings(provider).updateIntervalMs,
          staleWhileRevalidate: false,
          priority: "background",
        }),
      );
    }
  } catch (failure) {
    if (isBudgetDenied(failure)) {
      const retry = Number((failure.details as { retry_after_s?: number } | null)?.retry_after_s ?? 60);
      return recordDeferral(db, w, claim, retry, clock());
    }
    return recordFailure(db, w, claim, failure, clock());
  }

  const now = clock();
  const snapshotAt = (p: { lat: number; lng: number }) => snaps.get(cellFor(p.lat, p.lng, provider).key)!;
  const rated = followed.events.map((e) => rateEvent(e, snapshotAt, now)).filter((r): r is RatedEvent => r !== null);
  const next: TripWatchState = {
    ...state,
    revision: followed.trip.revision,
    checked_at: now.toISOString(),
    events: rated.map((r) => r.record),
  };
  const tripIds = new Set(followed.events.map((e) => e.row.id));
  const written = await db.transaction((tx) => writeResult(tx, c, state, next, rated, tripIds, now));
  if (written.outcome !== "refreshed") return written;
  const planner = await raiseForRiskyEvents(next, now);
  await notifyMembersOfRefresh(state, next, planner, now);
  return planner.length ? { ...written, planner } : written;
}

async function writeResult(
  tx: Tx,
  c: ClaimedTripWatch,
  prev: TripWatchState,
  next: TripWatchState,
  rated: RatedEvent[],
  stillTripEvent: Set<number>,
  now: Date,
): Promise<RefreshOutcome> {
  const { w, claim } = c;
  const hourStart = Math.floor(now.getTime() / HOUR) * HOUR;
  const first = prev.revision === null;
  const changes = tripEventChanges(
    w.changeRules,
    first ? null : prev.events,
    next.events,
    (id) => stillTripEvent.has(id),
    hourStart,
  );
  const alerts = newTripAlerts(w.changeRules, first ? null : prev.events, next.events);

  // The watch's own latest snapshot and risk: the trip's worst judged event.
  const judged = rated.filter((r) => r.record.risk && r.snapshot);
  const worst = judged.reduce<RatedEvent | null>((a, b) => (!a || rank(b) > rank(a) ? b : a), null);
  const snapshot: WatchSnapshotRecord | null = worst
    ? {
        snapshot_id: worst.snapshot!.snapshot.id,
        forecast_type: "hourly",
        valid_from: new Date(worst.snapshot!.snapshot.validFrom).toISOString(),
        valid_to: new Date(worst.snapshot!.snapshot.validTo).toISOString(),
        fetched_at: new Date(worst.snapshot!.snapshot.fetchedAt).toISOString(),
        provider: worst.snapshot!.snapshot.provider,
        metrics: worst.record.metrics!,
        alerts: worst.record.alerts,
      }
    : null;
  const risk: WatchRiskRecord | null = worst ? { risk_assessment_id: randomUUID(), ...worst.record.risk! } : null;
  const upcoming = next.events.map((e) => Date.parse(e.starts_at)).filter((t) => t >= now.getTime());
  const cadenceStart = upcoming.length ? new Date(Math.min(...upcoming)) : w.startsAt;

  const [updated] = await tx
    .update(watches)
    .set({
      tripState: next,
      latestSnapshot: snapshot,
      latestRisk: risk,
      lastRiskLevel: risk?.level ?? null,
      lastCheckedAt: now,
      failureCount: 0,
      lastError: null,
      nextCheckAt: nextCheckAfter(now, cadenceStart, w.endsAt, w.id),
      claimToken: null,
      claimedUntil: null,
      updatedAt: now,
    })
    .where(and(eq(watches.id, w.id), eq(watches.claimToken, claim.claimToken), eq(watches.status, "active")))
    .returning({ id: watches.id });
  if (!updated) return { outcome: "skipped", reason: "claim_lost" };

  const snapshotId = snapshot?.snapshot_id ?? null;
  const common = {
    trip_id: next.trip_id,
    revision: next.revision,
    snapshot_id: snapshotId,
    risk: { level: risk?.level ?? null, previous_level: w.lastRiskLevel },
  };
  const events: string[] = [];
  for (const a of alerts) {
    await recordWatchEvent(
      tx,
      w,
      "weather.severe_alert_added",
      { ...common, event_ids: a.event_ids, alert: a.alert },
      snapshotId,
    );
    events.push("weather.severe_alert_added");
  }
  if (changes.length > 0) {
    await recordWatchEvent(
      tx,
      w,
      "weather.change_detected",
      { ...common, event_ids: changes.map((ch) => ch.event_id), events: changes },
      snapshotId,
    );
    events.push("weather.change_detected");
  }
  if (events.length === 0) {
    const risks = next.events.map((e) => ({ event_id: e.event_id, risk: e.risk?.level ?? null }));
    await recordWatchEvent(
      tx,
      w,
      "weather.snapshot_refreshed",
      { ...common, event_ids: next.events.map((e) => e.event_id), events: risks },
      snapshotId,
    );
    events.push("weather.snapshot_refreshed");
  }
  return { outcome: "refreshed", events, snapshotId };
}

function rank(r: RatedEvent): number {
  return LEVEL_RANK[r.record.risk!.level as RiskLevel] ?? 0;
}
