import { and, desc, eq, isNull } from "drizzle-orm";
import { oauthCodes, oauthGrants } from "@/drizzle/schema";
import { randomBase62, sha256Hex } from "@/lib/auth/secrets";
import { getDb } from "@/lib/db/client";
import type { AuthorizationRequest } from "./authorize-request";
import { CODE_TTL_S, scopeOfGrant } from "./config";
import { CODE_PREFIX } from "./grants";

/**
 * Consent once per client (issue 41 item 2): when the signed-in user already has a live grant for
 * this client and resource that covers the requested scope, a new authorization request gets a code
 * on that grant at once, without the consent page (e.g. a client that lost its tokens, or a second
 * device). A request for more (the step-up after a 403 asks for trips:write) or `prompt=consent`
 * shows the page again; the grant's trips and level never change here.
 */
export async function codeOnStandingGrant(
  userId: string,
  a: AuthorizationRequest,
  prompt: string | null,
): Promise<{ grantId: number; code: string } | undefined> {
  if (prompt?.split(" ").includes("consent")) return undefined;
  const db = await getDb();
  const [grant] = await db
    .select()
    .from(oauthGrants)
    .where(
      and(
        eq(oauthGrants.userId, userId),
        eq(oauthGrants.clientId, a.client.clientId),
        eq(oauthGrants.resource, a.resource),
        isNull(oauthGrants.revokedAt),
      ),
    )
    .orderBy(desc(oauthGrants.id))
    .limit(1);
  if (!grant) return undefined;
  const granted = new Set(scopeOfGrant(grant.level, grant.weather).split(" "));
  const asked = (a.scope ?? "").split(" ").filter(Boolean);
  if (!asked.every((s) => granted.has(s))) return undefined;
  const code = CODE_PREFIX + randomBase62(40);
  await db.insert(oauthCodes).values({
    codeHash: sha256Hex(code),
    grantId: grant.id,
    redirectUri: a.redirectUri,
    codeChallenge: a.codeChallenge,
    expiresAt: new Date(Date.now() + CODE_TTL_S * 1000),
  });
  return { grantId: grant.id, code };
}
