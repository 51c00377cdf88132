import { defineRoute } from "@/lib/registry/route";
import { applyOp } from "@/lib/trips/ops/apply-op";
import { tripContracts } from "@/lib/trips/contracts";
import { readDiffJson } from "@/lib/trips/events/read-itinerary";

export const GET = defineRoute(tripContracts.diff, async ({ principal, params, query }) => ({
  data: await readDiffJson(params.tripId, principal.userId, query.since_revision),
}));

export const POST = defineRoute(tripContracts.applyOp, async ({ principal, params, body }) => ({
  data: await applyOp(params.tripId, principal.userId, body),
}));
