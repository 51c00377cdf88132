import { defineRoute } from "@/lib/http/route";
import { platformContracts } from "@/lib/platform/contracts";
import { pingDatabase } from "@/lib/platform/ping-database";

export const GET = defineRoute(platformContracts.healthz, async () => {
  await pingDatabase();
  return { data: { status: "ok", database: "ok" } };
});
