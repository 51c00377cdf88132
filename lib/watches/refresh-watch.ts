import { getDb } from "@/lib/db/client";
import { claimWatchNow, type WatchClaim } from "./claim-watches";
import type { RefreshOutcome } from "./record-refresh";
import { refreshClaims } from "./refresh-claims";

export type { RefreshOutcome } from "./record-refresh";

/**
 * One refresh of one watch (admin refresh, sandbox "fire", Inngest's per-watch step). The same
 * path as the batch (refresh-claims.ts), for a batch of one. Idempotent and safe under
 * concurrency: the work runs only under a claim token (given by the scheduler, or taken here
 * for an on-demand refresh), and the result is written with a conditional UPDATE on that token
 * and status = 'active': a cancelled/paused watch or a lost claim writes and emits nothing.
 */
export async function refreshWatch(
  watchId: string,
  opts: { claim?: WatchClaim; now?: () => Date } = {},
): Promise<RefreshOutcome> {
  const clock = opts.now ?? (() => new Date());
  const claim = opts.claim ?? (await claimWatchNow(await getDb(), watchId, clock()));
  if (!claim) return { outcome: "skipped", reason: "not_claimable" };
  const out = await refreshClaims([claim], { now: clock });
  return out.get(claim.id) ?? { outcome: "skipped", reason: "claim_lost" };
}
