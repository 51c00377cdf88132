import type { AccountInfo } from "@/lib/http/types";
import { ApiError } from "@/lib/http/errors";
import { isEmailVerified } from "./email-verification";

/**
 * Unverified sign-ups work in sandbox; production keys (and switching to production) need the
 * address confirmed, so a throwaway address cannot mint keys against real provider quota.
 */
export async function assertVerifiedForProduction(
  userId: string,
  account: Pick<AccountInfo, "environment">,
  environment = account.environment,
): Promise<void> {
  if (environment !== "production") return;
  if (await isEmailVerified(userId)) return;
  throw new ApiError(
    "email_not_verified",
    "Confirm your email address first: production API keys need a verified address. Open the link we emailed you at sign-up (or send a new one from the portal), or switch the account to sandbox, which works without it.",
    { details: { reason: "email_not_verified" } },
  );
}
