import type { AccountEnvironment } from "@/drizzle/schema";
import { setPlan } from "./set-plan";

/**
 * The portal's environment switch: the same account, served by the simulated provider
 * (sandbox) or the real one (production). setPlan drops the cached principals on every
 * instance, so the next request of any key of the account sees the new environment.
 */
export async function switchEnvironment(accountId: string, environment: AccountEnvironment) {
  const a = await setPlan({ accountId, environment });
  return { account_id: a.id, environment: a.environment, plan: a.plan };
}
