import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import {
  watchAlertNotices,
  watches,
  type WatchAlert,
  type WatchRiskRecord,
  type WatchSnapshotRecord,
} from "@/drizzle/schema";
import type { Db, Tx } from "@/lib/db/client";
import { log } from "@/lib/log";
import { failureBackoffMs, jitterPhase, MAX_REFRESH_FAILURES, nextCheckAfter } from "./cadence";
import { alertKeys, crossedDeltas, isSevere, newSevereAlerts } from "./change-rules";
import type { WatchClaim } from "./claim-watches";
import { recordWatchEvent } from "./emit-watch-event";
import type { WindowWeather } from "./window-weather";
import type { PlannerCall } from "./trip/planner-hook";

export type WatchRow = typeof watches.$inferSelect;

export type RefreshOutcome =
  /** planner: trip watches' calls to the weather planner after the refresh (issue 33). */
  | { outcome: "refreshed"; events: string[]; snapshotId: string | null; planner?: PlannerCall[] }
  | { outcome: "failed_attempt"; failureCount: number }
  | { outcome: "watch_failed" }
  /** The provider's upstream budget refused the cell's fetch: checked again when it allows, no failure counted. */
  | { outcome: "deferred"; reason: "upstream_budget"; nextCheckAt: string }
  | { outcome: "skipped"; reason: "not_claimable" | "claim_lost" };

/**
 * Writes one refresh result under the claim token (conditional UPDATE on the token and
 * status = 'active': a cancelled/paused watch or a lost claim writes and emits nothing), with
 * the events it causes, in the caller's transaction (the batch writes several watches in one).
 */
export async function recordSuccess(
  tx: Tx,
  w: WatchRow,
  claim: WatchClaim,
  weather: WindowWeather,
  now: Date,
): Promise<RefreshOutcome> {
  const snapshot: WatchSnapshotRecord = {
    snapshot_id: weather.snapshotId,
    forecast_type: "hourly",
    valid_from: weather.validFrom.toISOString(),
    valid_to: weather.validTo.toISOString(),
    fetched_at: weather.fetchedAt.toISOString(),
    provider: weather.provider,
    metrics: weather.metrics,
    alerts: weather.alerts,
  };
  const risk: WatchRiskRecord = { risk_assessment_id: randomUUID(), ...weather.risk };
  const prev = w.latestSnapshot;
  const changes = prev
    ? crossedDeltas(
        w.changeRules,
        { metrics: prev.metrics, riskLevel: w.lastRiskLevel },
        { metrics: snapshot.metrics, riskLevel: risk.level },
      )
    : [];
  const candidates = new Set(newSevereAlerts(w.changeRules, prev?.alerts ?? [], snapshot.alerts));

  const [updated] = await tx
    .update(watches)
    .set({
      latestSnapshot: snapshot,
      latestRisk: risk,
      lastRiskLevel: risk.level,
      lastCheckedAt: now,
      failureCount: 0,
      lastError: null,
      nextCheckAt: nextCheckAfter(now, w.startsAt, w.endsAt, w.id),
      claimToken: null,
      claimedUntil: null,
      updatedAt: now,
    })
    .where(and(eq(watches.id, w.id), eq(watches.claimToken, claim.claimToken), eq(watches.status, "active")))
    .returning({ id: watches.id });
  if (!updated) return { outcome: "skipped", reason: "claim_lost" } as const;
  // Events are built from `w`: the watch's identity, target, place and window did not change above.

  const common = {
    snapshot_id: snapshot.snapshot_id,
    metrics: snapshot.metrics,
    risk: { level: risk.level, previous_level: w.lastRiskLevel },
  };
  const events: string[] = [];
  // Every severe alert's keys are recorded on every refresh (an update's new identifier joins the
  // alert's), so a later message is known even when it arrives after a gap or from another source.
  for (const alert of w.changeRules.detect_severe_alerts ? snapshot.alerts.filter(isSevere) : []) {
    const first = await firstNotice(tx, w.id, alert);
    if (!first || !candidates.has(alert)) continue;
    await recordWatchEvent(tx, w, "weather.severe_alert_added", { ...common, alert }, snapshot.snapshot_id);
    events.push("weather.severe_alert_added");
  }
  if (changes.length > 0) {
    await recordWatchEvent(
      tx,
      w,
      "weather.change_detected",
      { ...common, previous_snapshot_id: prev?.snapshot_id ?? null, previous_metrics: prev?.metrics ?? null, changes },
      snapshot.snapshot_id,
    );
    events.push("weather.change_detected");
  }
  if (events.length === 0) {
    await recordWatchEvent(
      tx,
      w,
      "weather.snapshot_refreshed",
      { ...common, previous_snapshot_id: prev?.snapshot_id ?? null },
      snapshot.snapshot_id,
    );
    events.push("weather.snapshot_refreshed");
  }
  return { outcome: "refreshed", events, snapshotId: snapshot.snapshot_id } as const;
}

/**
 * Records every key of a severe alert for the watch; true when none was known (a new alert, to
 * announce). Keys of an update join those of the alert it updates, so later messages stay known.
 */
async function firstNotice(tx: Tx, watchId: string, alert: WatchAlert): Promise<boolean> {
  const keys = alertKeys(alert);
  const inserted = await tx
    .insert(watchAlertNotices)
    .values(keys.map((alertKey) => ({ watchId, alertKey })))
    .onConflictDoNothing()
    .returning({ key: watchAlertNotices.alertKey });
  return inserted.length === keys.length;
}

/** A provider failure: counted; the watch fails (weather.watch_failed) at MAX_REFRESH_FAILURES, else backs off. */
export async function recordFailure(
  db: Db,
  w: WatchRow,
  claim: WatchClaim,
  err: unknown,
  now: Date,
): Promise<RefreshOutcome> {
  const message = err instanceof Error ? err.message : String(err);
  log.warn("watch refresh failed", { watch_id: w.id, error: message });
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(watches)
      .set({
        failureCount: sql`${watches.failureCount} + 1`,
        lastError: message.slice(0, 500),
        lastCheckedAt: now,
        claimToken: null,
        claimedUntil: null,
        updatedAt: now,
      })
      .where(and(eq(watches.id, w.id), eq(watches.claimToken, claim.claimToken), eq(watches.status, "active")))
      .returning();
    if (!updated) return { outcome: "skipped", reason: "claim_lost" } as const;
    if (updated.failureCount >= MAX_REFRESH_FAILURES) {
      const [failed] = await tx
        .update(watches)
        .set({ status: "failed", nextCheckAt: null })
        .where(eq(watches.id, w.id))
        .returning();
      await recordWatchEvent(tx, failed, "weather.watch_failed", {
        failure_count: failed.failureCount,
        last_error: failed.lastError,
        failed_at: now.toISOString(),
      });
      return { outcome: "watch_failed" } as const;
    }
    const next = new Date(
      Math.min(now.getTime() + failureBackoffMs(updated.failureCount, now, w.startsAt), w.endsAt.getTime()),
    );
    await tx.update(watches).set({ nextCheckAt: next }).where(eq(watches.id, w.id));
    return { outcome: "failed_attempt", failureCount: updated.failureCount } as const;
  });
}

/**
 * The upstream budget refused the fetch: nothing is wrong with the watch, so no failure is
 * counted and no event sent; the claim is released and the watch is due again when the budget's
 * window turns (spread by its jitter phase over the next 10 % of that wait, at least 5 s).
 */
export async function recordDeferral(
  db: Db,
  w: WatchRow,
  claim: WatchClaim,
  retryAfterS: number,
  now: Date,
): Promise<RefreshOutcome> {
  const waitMs = retryAfterS * 1000;
  const at = new Date(
    Math.min(now.getTime() + waitMs + Math.max(5000, jitterPhase(w.id) * 0.1 * waitMs), w.endsAt.getTime()),
  );
  const [updated] = await db
    .update(watches)
    .set({ nextCheckAt: at, claimToken: null, claimedUntil: null, updatedAt: now })
    .where(and(eq(watches.id, w.id), eq(watches.claimToken, claim.claimToken), eq(watches.status, "active")))
    .returning({ id: watches.id });
  if (!updated) return { outcome: "skipped", reason: "claim_lost" };
  return { outcome: "deferred", reason: "upstream_budget", nextCheckAt: at.toISOString() };
}
