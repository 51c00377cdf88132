import { getDb } from "@/lib/db/client";
import { claimDueWatches } from "./claim-watches";
import { refreshClaims } from "./refresh-claims";

/** Watches claimed per batch: large enough to group many watches per cell, small enough to finish well within the claim lease. */
export const REFRESH_BATCH = 200;

/** Claims a batch of due watches and refreshes them grouped by cell; returns how many were claimed. */
export async function refreshDueWatches(opts: { limit?: number } = {}): Promise<number> {
  const claims = await claimDueWatches(await getDb(), opts.limit ?? REFRESH_BATCH);
  await refreshClaims(claims);
  return claims.length;
}
