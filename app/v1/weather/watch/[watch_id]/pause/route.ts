import { defineRoute } from "@/lib/registry/route";
import { watchContracts } from "@/lib/watches/contracts";
import { pauseWatch } from "@/lib/watches/change-watch-status";

export const POST = defineRoute(watchContracts.pauseWatch, async ({ principal, params }) => ({
  data: await pauseWatch(principal.accountId, params.watch_id),
}));
