import { and, eq, inArray } from "drizzle-orm";
import { watches, type WatchStatus } from "@/drizzle/schema";
import { getDb } from "@/lib/db/client";
import { ApiError } from "@/lib/http/errors";
import type { WatchOwner } from "./insert-watch";
import { assertActiveWatchCapacity } from "@/lib/billing/active-watches";
import { findOwnedWatch } from "./read-watches";

function result(w: { id: string; status: WatchStatus; expiredAt: Date | null }) {
  return { watch_id: w.id, status: w.status, expired_at: w.expiredAt?.toISOString() ?? null };
}

/**
 * Cancel: active or paused -> cancelled, expired_at = now, next_check_at cleared,
 * claim dropped so an in-flight refresh cannot write its result. Cancelling an
 * already-cancelled watch returns it unchanged (idempotent); expired/failed 409.
 */
export async function cancelWatch(accountId: string, watchId: string, now = new Date()) {
  const db = await getDb();
  const [w] = await db
    .update(watches)
    .set({
      status: "cancelled",
      expiredAt: now,
      nextCheckAt: null,
      claimToken: null,
      claimedUntil: null,
      updatedAt: now,
    })
    .where(
      and(eq(watches.id, watchId), eq(watches.accountId, accountId), inArray(watches.status, ["active", "paused"])),
    )
    .returning();
  if (w) return result(w);
  const existing = await findOwnedWatch(db, accountId, watchId);
  if (existing.status === "cancelled") return result(existing);
  throw new ApiError("conflict", `Watch is already ${existing.status} and cannot be cancelled.`, {
    details: { status: existing.status },
  });
}

/** Pause: active -> paused; refreshes and billing accrual stop. Idempotent on a paused watch. */
export async function pauseWatch(accountId: string, watchId: string, now = new Date()) {
  const db = await getDb();
  const [w] = await db
    .update(watches)
    .set({ status: "paused", pausedAt: now, nextCheckAt: null, claimToken: null, claimedUntil: null, updatedAt: now })
    .where(and(eq(watches.id, watchId), eq(watches.accountId, accountId), eq(watches.status, "active")))
    .returning();
  if (w) return result(w);
  const existing = await findOwnedWatch(db, accountId, watchId);
  if (existing.status === "paused") return result(existing);
  throw new ApiError("conflict", `Only an active watch can be paused; this one is ${existing.status}.`, {
    details: { status: existing.status },
  });
}

/**
 * Resume: paused -> active with a refresh due now. Counts against active_watches
 * again, so the quota check runs in the same transaction. A window that has
 * ended cannot be resumed (the expiry sweep retires it).
 */
export async function resumeWatch(owner: WatchOwner, watchId: string, now = new Date()) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const existing = await findOwnedWatch(tx, owner.accountId, watchId);
    if (existing.status === "active") return result(existing);
    if (existing.status !== "paused") {
      throw new ApiError("conflict", `Only a paused watch can be resumed; this one is ${existing.status}.`, {
        details: { status: existing.status },
      });
    }
    if (existing.endsAt.getTime() <= now.getTime()) {
      throw new ApiError("conflict", "The watch window has ended; it cannot be resumed.", {
        details: { ends_at: existing.endsAt.toISOString() },
      });
    }
    await assertActiveWatchCapacity(tx, owner.account, { isInternal: owner.isInternal });
    const [w] = await tx
      .update(watches)
      .set({ status: "active", pausedAt: null, nextCheckAt: now, failureCount: 0, updatedAt: now })
      .where(and(eq(watches.id, watchId), eq(watches.status, "paused")))
      .returning();
    if (!w) throw new ApiError("conflict", "The watch changed while resuming; retry.");
    return result(w);
  });
}
