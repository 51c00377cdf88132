import { defineRoute } from "@/lib/registry/route";
import { analyseTimeline } from "@/lib/weather/analyse-timeline";
import { weatherContracts } from "@/lib/weather/contracts";

export const POST = defineRoute(weatherContracts.timeline, async ({ body, principal }) =>
  analyseTimeline(
    {
      units: body.units,
      language: body.language,
      items: body.items.map((it, i) => ({ ...it, id: it.id ?? String(i) })),
    },
    principal.account.environment,
  ),
);
