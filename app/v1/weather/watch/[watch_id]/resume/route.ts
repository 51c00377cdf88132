import { defineRoute } from "@/lib/registry/route";
import { watchContracts } from "@/lib/watches/contracts";
import { resumeWatch } from "@/lib/watches/change-watch-status";

export const POST = defineRoute(watchContracts.resumeWatch, async ({ principal, params }) => ({
  data: await resumeWatch(
    { ...principal, isInternal: principal.type === "api_key" && principal.isInternal },
    params.watch_id,
  ),
}));
