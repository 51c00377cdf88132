import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { accounts, watches, type WatchRiskRecord, type WatchSnapshotRecord } from "@/drizzle/schema";
import { getDb, type Db } from "@/lib/db/client";
import { log } from "@/lib/log";
import { failureBackoffMs, MAX_REFRESH_FAILURES, nextCheckAfter } from "./cadence";
import { crossedDeltas, newSevereAlerts } from "./change-rules";
import { claimWatchNow, type WatchClaim } from "./claim-watches";
import { fetchWindowWeather, type WindowWeather } from "./window-weather";
import { recordWatchEvent } from "./emit-watch-event";

type WatchRow = typeof watches.$inferSelect;

export type RefreshOutcome =
  | { outcome: "refreshed"; events: string[]; snapshotId: string }
  | { outcome: "failed_attempt"; failureCount: number }
  | { outcome: "watch_failed" }
  | { outcome: "skipped"; reason: "not_claimable" | "claim_lost" };

/** Within 6 h of the window or inside it the cache is bypassed (the weather core single-flights per cell). */
const FORCE_REFRESH_LEAD_MS = 6 * 3600_000;

/**
 * One refresh of one watch. Idempotent and safe under concurrency: the work
 * runs only under a claim token (given by the scheduler, or taken here for an
 * on-demand refresh), and the result is written with a conditional UPDATE on
 * that token and status = 'active' — a cancelled/paused watch or a lost claim
 * writes nothing and emits nothing.
 */
export async function refreshWatch(watchId: string, opts: { claim?: WatchClaim; now?: () => Date } = {}): Promise<RefreshOutcome> {
  const clock = opts.now ?? (() => new Date());
  const db = await getDb();
  const claim = opts.claim ?? (await claimWatchNow(db, watchId, clock()));
  if (!claim) return { outcome: "skipped", reason: "not_claimable" };

  const [row] = await db
    .select({ w: watches, environment: accounts.environment })
    .from(watches)
    .innerJoin(accounts, eq(accounts.id, watches.accountId))
    .where(and(eq(watches.id, claim.id), eq(watches.claimToken, claim.claimToken), eq(watches.status, "active")))
    .limit(1);
  if (!row) return { outcome: "skipped", reason: "claim_lost" };
  const w = row.w;

  const started = clock();
  let weather: WindowWeather;
  try {
    const hourStart = new Date(Math.floor(started.getTime() / 3600_000) * 3600_000);
    weather = await fetchWindowWeather({
      lat: w.latitude,
      lng: w.longitude,
      environment: row.environment,
      start: w.startsAt > hourStart ? w.startsAt : hourStart,
      end: w.endsAt,
      activityType: w.activityType,
      transportMode: w.transportMode,
      forceRefresh: w.startsAt.getTime() - started.getTime() <= FORCE_REFRESH_LEAD_MS,
    });
  } catch (err) {
    return recordFailure(db, w, claim, err, clock());
  }
  return recordSuccess(db, w, claim, weather, clock());
}

async function recordSuccess(db: Db, w: WatchRow, claim: WatchClaim, weather: WindowWeather, now: Date): Promise<RefreshOutcome> {
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
    ? crossedDeltas(w.changeRules, { metrics: prev.metrics, riskLevel: w.lastRiskLevel }, { metrics: snapshot.metrics, riskLevel: risk.level })
    : [];
  const severe = prev ? newSevereAlerts(w.changeRules, prev.alerts, snapshot.alerts) : newSevereAlerts(w.changeRules, [], snapshot.alerts);

  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(watches)
      .set({
        latestSnapshot: snapshot,
        latestRisk: risk,
        lastRiskLevel: risk.level,
        lastCheckedAt: now,
        failureCount: 0,
        lastError: null,
        nextCheckAt: nextCheckAfter(now, w.startsAt, w.endsAt),
        claimToken: null,
        claimedUntil: null,
        updatedAt: now,
      })
      .where(and(eq(watches.id, w.id), eq(watches.claimToken, claim.claimToken), eq(watches.status, "active")))
      .returning();
    if (!updated) return { outcome: "skipped", reason: "claim_lost" } as const;

    const common = { snapshot_id: snapshot.snapshot_id, metrics: snapshot.metrics, risk: { level: risk.level, previous_level: w.lastRiskLevel } };
    const events: string[] = [];
    for (const alert of severe) {
      await recordWatchEvent(tx, updated, "weather.severe_alert_added", { ...common, alert }, snapshot.snapshot_id);
      events.push("weather.severe_alert_added");
    }
    if (changes.length > 0) {
      await recordWatchEvent(
        tx,
        updated,
        "weather.change_detected",
        { ...common, previous_snapshot_id: prev?.snapshot_id ?? null, previous_metrics: prev?.metrics ?? null, changes },
        snapshot.snapshot_id,
      );
      events.push("weather.change_detected");
    }
    if (events.length === 0) {
      await recordWatchEvent(tx, updated, "weather.snapshot_refreshed", { ...common, previous_snapshot_id: prev?.snapshot_id ?? null }, snapshot.snapshot_id);
      events.push("weather.snapshot_refreshed");
    }
    return { outcome: "refreshed", events, snapshotId: snapshot.snapshot_id } as const;
  });
}

async function recordFailure(db: Db, w: WatchRow, claim: WatchClaim, err: unknown, now: Date): Promise<RefreshOutcome> {
  const message = err instanceof Error ? err.message : String(err);
  log.warn("watch refresh failed", { watch_id: w.id, error: message });
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(watches)
      .set({ failureCount: sql`${watches.failureCount} + 1`, lastError: message.slice(0, 500), lastCheckedAt: now, claimToken: null, claimedUntil: null, updatedAt: now })
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
    const next = new Date(Math.min(now.getTime() + failureBackoffMs(updated.failureCount, now, w.startsAt), w.endsAt.getTime()));
    await tx.update(watches).set({ nextCheckAt: next }).where(eq(watches.id, w.id));
    return { outcome: "failed_attempt", failureCount: updated.failureCount } as const;
  });
}
