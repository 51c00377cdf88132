import { defineRoute } from "@/lib/registry/route";
import { proposalContracts } from "@/lib/trips/proposals/proposal-contracts";
import { getProposal } from "@/lib/trips/proposals/raise-and-list-proposals";
import { replanProposal } from "@/lib/planner/replan-proposal";
import { acceptProposal, rejectProposal } from "@/lib/trips/proposals/resolve-proposal";

export const GET = defineRoute(proposalContracts.getProposal, async ({ principal, params }) => ({
  data: await getProposal(params.tripId, principal.userId, params.proposalId),
}));

export const POST = defineRoute(proposalContracts.resolveProposal, async ({ principal, params, query, body }) => ({
  data:
    query.action === "accept"
      ? await acceptProposal(params.tripId, principal.userId, params.proposalId, body?.selected_option_id)
      : query.action === "replan"
        ? await replanProposal(params.tripId, principal.userId, params.proposalId)
        : await rejectProposal(params.tripId, principal.userId, params.proposalId, body?.reason),
}));
