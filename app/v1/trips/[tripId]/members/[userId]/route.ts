import { notFound } from "@/lib/http/errors";
import { defineRoute } from "@/lib/registry/route";
import { tripContracts } from "@/lib/trips/contracts";
import { changeMember } from "@/lib/trips/manage-members";

export const PATCH = defineRoute(tripContracts.changeMember, async ({ principal, params, body }) => {
  const member = await changeMember(params.tripId, principal.userId, params.userId, body.role);
  if (!member) throw notFound("Member");
  return { data: member };
});

export const DELETE = defineRoute(tripContracts.removeMember, async ({ principal, params }) => {
  await changeMember(params.tripId, principal.userId, params.userId, null);
  return { status: 204 };
});
