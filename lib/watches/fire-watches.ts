import { and, asc, eq, gt } from "drizzle-orm";
import { watches } from "@/drizzle/schema";
import { getDb } from "@/lib/db/client";
import { ApiError } from "@/lib/http/errors";
import type { AccountInfo } from "@/lib/http/types";
import { workLeaseMs } from "@/lib/jobs/lease-heartbeat";
import { databaseNow, fireReportSince, readFireReport } from "./fire-report";
import { refreshWatch, type RefreshOutcome } from "./refresh-watch";

/** At most this many watches per click (a sandbox is for trying things, not for load). */
export const FIRE_WATCHES_LIMIT = 25;

/**
 * Sandbox "fire my watches now": refreshes every active watch of the account at
 * once against the (simulated) weather, exactly as the scheduler would, so each
 * emits its event (change, severe alert or plain refresh) and the webhook gets a
 * real signed delivery within seconds instead of at the next scheduled check.
 */
export async function fireWatches(account: AccountInfo, now = new Date()) {
  if (account.environment !== "sandbox") {
    throw new ApiError(
      "forbidden",
      "Firing watches on demand is available to sandbox accounts only; production watches follow their schedule.",
    );
  }
  const db = await getDb();
  const since = await databaseNow(db);
  const rows = await db
    .select({ id: watches.id })
    .from(watches)
    .where(and(eq(watches.accountId, account.id), eq(watches.status, "active"), gt(watches.endsAt, now)))
    .orderBy(asc(watches.createdAt), asc(watches.id))
    .limit(FIRE_WATCHES_LIMIT);
  const results = [];
  for (const r of rows) {
    const out = await refreshAfterInFlight(r.id);
    results.push({
      watch_id: r.id,
      outcome: out.outcome,
      events: out.outcome === "refreshed" ? out.events : out.outcome === "watch_failed" ? ["weather.watch_failed"] : [],
    });
  }
  const caused = await readFireReport(
    db,
    account.id,
    results.map((r) => r.watch_id),
    await fireReportSince(db, account.id, since),
  );
  return { fired: results.filter((r) => r.events.length > 0).length, watches: results, caused };
}

/**
 * An injection makes the account's watches due, so the scheduler may be refreshing one at the
 * moment of the click, with weather read before it. "Now" means a refresh that starts after the
 * click: wait for the running one to record (its lease bounds the wait), then refresh again.
 */
async function refreshAfterInFlight(watchId: string): Promise<RefreshOutcome> {
  const deadline = Date.now() + 2 * workLeaseMs();
  let triedAfterRelease = false;
  for (let pause = 20; ; pause = Math.min(pause * 2, 200)) {
    const out = await refreshWatch(watchId);
    if (out.outcome !== "skipped" || out.reason !== "not_claimable" || Date.now() > deadline) return out;
    if (!(await heldByAnotherRefresher(watchId))) {
      // The other claim may have lapsed between the refresh and this look: try once more at once,
      // else this click would report a watch it never refreshed.
      if (triedAfterRelease) return out;
      triedAfterRelease = true;
      continue;
    }
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
}

/** Still active and under someone's claim (a paused, cancelled or ended watch is not worth waiting for). */
async function heldByAnotherRefresher(watchId: string): Promise<boolean> {
  const db = await getDb();
  const [w] = await db
    .select({ status: watches.status, claimedUntil: watches.claimedUntil, endsAt: watches.endsAt })
    .from(watches)
    .where(eq(watches.id, watchId));
  const now = Date.now();
  return (
    !!w &&
    w.status === "active" &&
    new Date(w.endsAt).getTime() > now &&
    !!w.claimedUntil &&
    new Date(w.claimedUntil).getTime() >= now
  );
}
