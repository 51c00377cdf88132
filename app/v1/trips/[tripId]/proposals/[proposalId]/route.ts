import { ApiError } from "@/lib/http/errors";
import { defineRoute } from "@/lib/http/route";
import { proposalContracts } from "@/lib/trips/proposal-contracts";
import { getProposal } from "@/lib/trips/proposals";
import { acceptProposal, rejectProposal } from "@/lib/trips/resolve-proposal";

export const GET = defineRoute(proposalContracts.getProposal, async ({ principal, params }) => ({
  data: await getProposal(params.tripId, principal.userId, params.proposalId),
}));

export const POST = defineRoute(proposalContracts.resolveProposal, async ({ principal, params, query, body }) => {
  if (query.action === "accept") {
    return { data: await acceptProposal(params.tripId, principal.userId, params.proposalId, body?.selected_option_id) };
  }
  if (query.action === "reject") {
    return { data: await rejectProposal(params.tripId, principal.userId, params.proposalId, body?.reason) };
  }
  throw new ApiError(
    "invalid_action",
    query.action === undefined ? "Missing action: send ?action=accept or ?action=reject." : `Unknown action "${query.action}": use accept or reject.`,
  );
});
