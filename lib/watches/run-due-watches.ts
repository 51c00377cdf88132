import { getDb } from "@/lib/db/client";
import { log } from "@/lib/log";
import { claimDueWatches } from "./claim-watches";
import { refreshWatch } from "./refresh-watch";

/** Claims a batch of due watches and refreshes each; returns how many were claimed. */
export async function refreshDueWatches(opts: { limit?: number; concurrency?: number } = {}): Promise<number> {
  const db = await getDb();
  const claims = await claimDueWatches(db, opts.limit ?? 50);
  const concurrency = Math.max(1, opts.concurrency ?? 4);
  let next = 0;
  // A small pool: provider calls are I/O-bound, one slow cell must not stall the batch.
  await Promise.all(
    Array.from({ length: Math.min(concurrency, claims.length) }, async () => {
      while (next < claims.length) {
        const claim = claims[next++];
        try {
          await refreshWatch(claim.id, { claim });
        } catch (err) {
          // One watch's unexpected error must not stop the batch; its lease lapses and it is retried.
          log.error("watch refresh crashed", { watch_id: claim.id, error: err });
        }
      }
    }),
  );
  return claims.length;
}
