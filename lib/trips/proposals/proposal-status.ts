import { sql, type SQL } from "drizzle-orm";
import { tripProposals, type ProposalStatus, type TripProposalRow } from "@/drizzle/schema";

/**
 * Expiry is derived, never stored: a pending proposal whose expires_at is at or
 * before `now` is expired. The list filter (SQL) and accept/reject (the
 * conditional UPDATE) use these same two definitions with the same clock value.
 */
export function effectiveStatus(row: Pick<TripProposalRow, "status" | "expiresAt">, now: Date): ProposalStatus {
  return row.status === "pending" && row.expiresAt.getTime() <= now.getTime() ? "expired" : row.status;
}

export function statusCondition(status: ProposalStatus, now: Date): SQL {
  const p = tripProposals;
  const nowIso = now.toISOString();
  switch (status) {
    case "pending":
      return sql`(${p.status} = 'pending' AND ${p.expiresAt} > ${nowIso}::timestamptz)`;
    case "expired":
      // Stored "expired": a lapsed planner proposal it retired (lib/planner/raise-planner-proposal.ts).
      return sql`((${p.status} = 'pending' AND ${p.expiresAt} <= ${nowIso}::timestamptz) OR ${p.status} = 'expired')`;
    default:
      return sql`${p.status} = ${status}`;
  }
}
