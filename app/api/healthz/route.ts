import { defineRoute } from "@/lib/registry/route";
import { platformContracts } from "@/lib/registry/platform-contracts";
import { pingDatabase } from "@/lib/platform/ping-database";
import { assertProductionConfig } from "@/lib/platform/production-config";
import { runnerHealth } from "@/lib/platform/runner-health";

export const GET = defineRoute(platformContracts.healthz, async () => {
  assertProductionConfig();
  // A 503 (database unreachable) still reports what the runner holds: that is when chains get stuck.
  await pingDatabase(() => ({ runner: runnerHealth() }));
  return { data: { status: "ok" as const, database: "ok" as const, runner: runnerHealth() } };
});
