import { and, eq, isNull } from "drizzle-orm";
import { apiKeys } from "@/drizzle/schema";
import { getDb } from "@/lib/db/client";
import { ApiError } from "@/lib/http/errors";
import type { PrincipalOf } from "@/lib/http/types";

import { PLAYGROUND_KEY_HEADER } from "./playground-key-header";

export { PLAYGROUND_KEY_HEADER };

/**
 * The portal playground calls through the signed-in session and names one of
 * the user's keys by id: the call then runs exactly as that key would (its
 * scopes, its expiry and revocation, usage attributed to it), without the
 * portal ever holding the key's plaintext. Only the key's owner may use it.
 */
export async function playgroundPrincipal(
  session: PrincipalOf<"session">,
  rawKeyId: string,
): Promise<PrincipalOf<"api_key">> {
  const keyId = /^\d{1,15}$/.test(rawKeyId.trim()) ? Number(rawKeyId.trim()) : Number.NaN;
  if (!Number.isSafeInteger(keyId)) {
    throw new ApiError(
      "bad_request",
      `The ${PLAYGROUND_KEY_HEADER} header must be the numeric id of one of your API keys.`,
    );
  }
  const db = await getDb();
  const [row] = await db
    .select({
      id: apiKeys.id,
      scopes: apiKeys.scopes,
      isInternal: apiKeys.isInternal,
      expiresAt: apiKeys.expiresAt,
      revokedAt: apiKeys.revokedAt,
    })
    .from(apiKeys)
    .where(
      and(
        eq(apiKeys.id, keyId),
        eq(apiKeys.userId, session.userId),
        eq(apiKeys.accountId, session.accountId),
        isNull(apiKeys.revokedAt),
      ),
    )
    .limit(1);
  if (!row) throw new ApiError("unauthorized", "That API key does not exist or has been revoked.");
  if (row.expiresAt && row.expiresAt.getTime() <= Date.now())
    throw new ApiError("unauthorized", "The API key has expired.");
  return {
    type: "api_key",
    keyId: row.id,
    userId: session.userId,
    accountId: session.accountId,
    account: session.account,
    scopes: row.scopes,
    isInternal: row.isInternal,
    sessionRole: session.role,
  };
}
