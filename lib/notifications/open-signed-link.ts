import { sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { queryOne } from "@/lib/db/sql";
import { linkSignatureValid, portalHref } from "./signed-link";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Where a mailed link (/notifications/open?id&exp&sig) leads. Only a link this server signed for
 * that notification's member, not expired, counts; the person must be signed in as that member
 * (else sign-in first, and back to the same link), and then it marks the notification read and
 * opens the proposal. Anything else lands on the inbox with a reason, never an error page.
 */
export async function openSignedLink(
  q: { id?: string | null; exp?: string | null; sig?: string | null },
  sessionUserId: string | null,
  selfPath: string,
  now: Date = new Date(),
): Promise<string> {
  const exp = Number(q.exp);
  if (!q.id || !UUID.test(q.id) || !Number.isSafeInteger(exp) || !q.sig || q.sig.length > 100)
    return "/inbox?link=invalid";
  const row = await queryOne<{ user_id: string; trip_id: number; proposal_id: string | null }>(
    await getDb(),
    sql`SELECT user_id, trip_id, proposal_id FROM notifications WHERE id = ${q.id}::uuid`,
  );
  if (
    !row ||
    !linkSignatureValid({ notificationId: q.id, userId: row.user_id, proposalId: row.proposal_id, exp }, q.sig)
  )
    return "/inbox?link=invalid";
  if (exp * 1000 < now.getTime()) return "/inbox?link=expired";
  if (!sessionUserId) return `/sign-in?callbackUrl=${encodeURIComponent(selfPath)}`;
  if (sessionUserId !== row.user_id) return "/inbox?link=other-member";
  await queryOne(
    await getDb(),
    sql`UPDATE notifications SET read_at = coalesce(read_at, now()) WHERE id = ${q.id}::uuid`,
  );
  return portalHref(Number(row.trip_id), row.proposal_id);
}
