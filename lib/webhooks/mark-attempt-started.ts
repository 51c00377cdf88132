import { sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import type { ClaimedDelivery } from "./claim-deliveries";

/*
 * Just before an attempt's POST goes out, its chain is marked `attempt_started_at` (lease-guarded),
 * so a worker killed mid-attempt leaves a trace: the claim that takes the chain back records that
 * attempt as failed, "worker lost" (claim-deliveries.ts), and the attempts log shows the request
 * the receiver may have seen. Chains claimed but still waiting in the pool are not marked, so a
 * crash records nothing for them (the receiver saw nothing).
 *
 * Marks are group-committed like successes (record-success-batch.ts): attempts starting while a
 * mark statement is in flight are marked together by the next one, so at load this costs one
 * small UPDATE per batch of starts, and at low load one round trip before the POST.
 */
interface Waiter {
  id: string;
  leaseId: string;
  resolve: () => void;
  reject: (err: unknown) => void;
}

let queue: Waiter[] = [];
let running = false;

/** Resolves once the chain is marked as having an attempt in flight. */
export function markAttemptStarted(claim: Pick<ClaimedDelivery, "id" | "leaseId">): Promise<void> {
  return new Promise((resolve, reject) => {
    queue.push({ id: claim.id, leaseId: claim.leaseId, resolve, reject });
    if (!running) void drain();
  });
}

async function drain(): Promise<void> {
  running = true;
  try {
    while (queue.length > 0) {
      const batch = queue;
      queue = [];
      try {
        const db = await getDb();
        // Rows locked in id order, like the success group commit (no deadlock between the two).
        await db.execute(sql`WITH mine AS (
            SELECT d.id FROM webhook_deliveries d
            JOIN unnest(${`{${batch.map((w) => w.id).join(",")}}`}::uuid[], ${`{${batch.map((w) => w.leaseId).join(",")}}`}::uuid[]) AS h(id, lease_id)
              ON d.id = h.id AND d.lease_id = h.lease_id
            WHERE d.status = 'pending'
            ORDER BY d.id
            FOR UPDATE OF d
          )
          UPDATE webhook_deliveries d SET attempt_started_at = now() FROM mine WHERE d.id = mine.id`);
        for (const w of batch) w.resolve();
      } catch (err) {
        for (const w of batch) w.reject(err);
      }
    }
  } finally {
    running = false;
  }
}
