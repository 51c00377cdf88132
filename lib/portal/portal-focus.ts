import { sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import type { PortalFocus } from "./portal-paths";

export { FOCUS_COOKIE, type PortalFocus } from "./portal-paths";

/**
 * Which portal a person sees (issue 42 item 2). "trips" is the traveller's portal (their trips, the
 * weather, proposals to review); "developer" is the whole console. A person is trip-focused when
 * they are only a trip member: on at least one trip someone else created, and the session's account holds nothing a developer builds (API keys, access tokens,
 * visa keys, webhook endpoints, watches other than trip watches) and has no other member. The
 * moment they build anything the console comes back on its own; the "Open the developer console"
 * button stores a preference cookie (a view choice, not a permission: the API decides what a role
 * may do, and a trip-focused person may still call every route their role allows).
 */
/** Reads the rule above in one statement (each part is an indexed EXISTS). */
export async function readPortalFocus(
  userId: string,
  accountId: string,
  preference: string | undefined,
): Promise<PortalFocus> {
  if (preference === "developer") return "developer";
  const db = await getDb();
  const rows = await db.execute<{ trip_only: boolean }>(sql`
    SELECT
      EXISTS (SELECT 1 FROM trip_members m JOIN trips t ON t.id = m.trip_id
              WHERE m.user_id = ${userId}::uuid AND t.created_by IS DISTINCT FROM ${userId}::uuid)
      AND NOT EXISTS (SELECT 1 FROM api_keys WHERE account_id = ${accountId}::uuid)
      AND NOT EXISTS (SELECT 1 FROM access_tokens WHERE user_id = ${userId}::uuid)
      AND NOT EXISTS (SELECT 1 FROM visa_keys WHERE account_id = ${accountId}::uuid)
      AND NOT EXISTS (SELECT 1 FROM webhook_endpoints WHERE account_id = ${accountId}::uuid)
      AND NOT EXISTS (SELECT 1 FROM watches WHERE account_id = ${accountId}::uuid AND trip_id IS NULL)
      AND (SELECT count(*) FROM account_members WHERE account_id = ${accountId}::uuid) <= 1
      AS trip_only`);
  const list = Array.isArray(rows) ? rows : (rows as { rows: { trip_only: boolean }[] }).rows;
  return list[0]?.trip_only ? "trips" : "developer";
}
