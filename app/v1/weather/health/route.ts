import { env } from "@/lib/env";
import { defineRoute } from "@/lib/http/route";
import { platformContracts } from "@/lib/platform/contracts";

export const GET = defineRoute(platformContracts.weatherHealth, async ({ principal }) => ({
  data: {
    status: "ok" as const,
    environment: principal.account.environment === "sandbox" ? "sandbox" : env().APP_ENVIRONMENT,
  },
}));
