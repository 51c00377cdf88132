import { defineRoute } from "@/lib/http/route";
import { tripContracts } from "@/lib/trips/contracts";
import { changeMember } from "@/lib/trips/manage-members";

export const PATCH = defineRoute(tripContracts.changeMember, async ({ principal, params, body }) => ({
  data: await changeMember(params.tripId, principal.userId, params.userId, body.role),
}));

export const DELETE = defineRoute(tripContracts.removeMember, async ({ principal, params }) => {
  await changeMember(params.tripId, principal.userId, params.userId, null);
  return { status: 204 };
});
