import { env } from "@/lib/env";
import { defineRoute } from "@/lib/registry/route";
import { platformContracts } from "@/lib/registry/platform-contracts";

export const GET = defineRoute(platformContracts.weatherHealth, async ({ principal }) => ({
  data: {
    status: "ok" as const,
    environment: principal.account.environment === "sandbox" ? "sandbox" : env().APP_ENVIRONMENT,
  },
}));
