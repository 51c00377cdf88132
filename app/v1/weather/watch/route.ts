import { defineRoute } from "@/lib/registry/route";
import { watchContracts } from "@/lib/watches/contracts";
import { createWatch } from "@/lib/watches/create-watch";
import { listWatches } from "@/lib/watches/read-watches";

export const POST = defineRoute(watchContracts.createWatch, async ({ principal, body }) => ({
  status: 201,
  data: await createWatch({ ...principal, isInternal: principal.type === "api_key" && principal.isInternal }, body),
}));

export const GET = defineRoute(watchContracts.listWatches, async ({ principal, query }) => ({
  data: await listWatches(principal.accountId, query),
}));
