import { and, asc, eq, gt } from "drizzle-orm";
import { watches } from "@/drizzle/schema";
import { getDb } from "@/lib/db/client";
import { ApiError } from "@/lib/http/errors";
import type { AccountInfo } from "@/lib/http/types";
import { refreshWatch } from "./refresh-watch";

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
    throw new ApiError("forbidden", "Firing watches on demand is available to sandbox accounts only; production watches follow their schedule.");
  }
  const db = await getDb();
  const rows = await db
    .select({ id: watches.id })
    .from(watches)
    .where(and(eq(watches.accountId, account.id), eq(watches.status, "active"), gt(watches.endsAt, now)))
    .orderBy(asc(watches.createdAt), asc(watches.id))
    .limit(FIRE_WATCHES_LIMIT);
  const results = [];
  for (const r of rows) {
    const out = await refreshWatch(r.id);
    results.push({
      watch_id: r.id,
      outcome: out.outcome,
      events: out.outcome === "refreshed" ? out.events : out.outcome === "watch_failed" ? ["weather.watch_failed"] : [],
    });
  }
  return { fired: results.filter((r) => r.events.length > 0).length, watches: results };
}
