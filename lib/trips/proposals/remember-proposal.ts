import type { TripProposalRow } from "@/drizzle/schema";
import { onDatabaseChange } from "@/lib/db/client";

/**
 * Proposals this instance raised, for accepting them without reading them back. A proposal's
 * content (trip, entities, options, base revision, expiry) never changes after it is raised; what
 * does (status, the caller's role, the trip's revision and zone) is re-checked by the accept
 * statement itself (accept-proposal-in-one-statement.ts), which applies nothing when any of it differs
 * and the accept then reads the proposal as usual. So a stale entry costs a read, never a wrong
 * answer. Bounded; the oldest entries go first.
 */
const MAX = 5000;
const memo = new Map<string, { row: TripProposalRow; tripZone: string }>();
onDatabaseChange(() => memo.clear());

export function rememberProposal(row: TripProposalRow, tripZone: string): void {
  if (memo.size >= MAX) memo.delete(memo.keys().next().value!);
  memo.set(row.id, { row, tripZone });
}

/** The proposal as raised, when this instance raised it on that trip (an accept takes it out). */
export function recallProposal(
  tripId: number,
  proposalId: string,
): { row: TripProposalRow; tripZone: string } | undefined {
  const known = memo.get(proposalId);
  if (!known || known.row.tripId !== tripId) return undefined;
  memo.delete(proposalId);
  return known;
}
