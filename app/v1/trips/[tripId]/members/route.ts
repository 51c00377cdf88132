import { defineRoute } from "@/lib/registry/route";
import { tripContracts } from "@/lib/trips/contracts";
import { addMember } from "@/lib/trips/manage-members";
import { listMembers } from "@/lib/trips/manage-trips";

export const GET = defineRoute(tripContracts.listMembers, async ({ principal, params }) => ({
  data: { trip_id: params.tripId, members: await listMembers(params.tripId, principal.userId) },
}));

export const POST = defineRoute(tripContracts.addMember, async ({ principal, params, body }) => ({
  status: 201,
  data: await addMember(params.tripId, principal.userId, body.email, body.role),
}));
