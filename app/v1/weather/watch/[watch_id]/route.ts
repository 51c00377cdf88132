import { defineRoute } from "@/lib/registry/route";
import { watchContracts } from "@/lib/watches/contracts";
import { cancelWatch } from "@/lib/watches/change-watch-status";
import { getWatch } from "@/lib/watches/read-watches";

export const GET = defineRoute(watchContracts.getWatch, async ({ principal, params }) => ({
  data: await getWatch(principal.accountId, params.watch_id),
}));

export const DELETE = defineRoute(watchContracts.cancelWatch, async ({ principal, params }) => ({
  data: await cancelWatch(principal.accountId, params.watch_id),
}));
