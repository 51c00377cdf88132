import { createHash, createHmac } from "node:crypto";
import { and, eq, inArray, isNull } from "drizzle-orm";
import { accessTokens, apiKeys, oauthCodes, oauthGrants, oauthRefreshTokens } from "@/drizzle/schema";
import { API_KEY_PREFIX } from "@/lib/auth/api-keys";
import { authSecret } from "@/lib/auth/auth-secret";
import { credentialsChanged } from "@/lib/auth/credential-cache";
import { ACCESS_TOKEN_PREFIX } from "@/lib/auth/access-tokens";
import { newBearerSecret, randomBase62, sha256Hex } from "@/lib/auth/secrets";
import { getDb, type DbOrTx } from "@/lib/db/client";
import {
  ACCESS_TOKEN_TTL_S,
  CODE_TTL_S,
  LEVEL_SCOPES,
  REFRESH_TOKEN_TTL_S,
  scopeOfGrant,
  WEATHER_KEY_SCOPES,
  WEATHER_SCOPE,
  type GrantLevel,
} from "./config";
import { OAuthError } from "./errors";
import type { OAuthClient } from "./clients";

export const REFRESH_TOKEN_PREFIX = "srt_";
export const CODE_PREFIX = "sac_";

/**
 * The grant's weather key value, derived (HMAC with the auth secret) rather than stored: only its
 * SHA-256 is in api_keys, like every key, and the MCP server recomputes it for a weather tool call.
 */
export function weatherKeyValue(grantId: number, userId: string): string {
  const mac = createHmac("sha256", authSecret()).update(`oauth-weather-key:${grantId}:${userId}`).digest();
  const alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
  let out = "";
  for (const b of mac) out += alphabet[b % 62];
  return API_KEY_PREFIX + out.slice(0, 32);
}

export interface NewGrant {
  userId: string;
  accountId: string;
  client: OAuthClient;
  tripIds: number[];
  level: GrantLevel;
  weather: boolean;
  resource: string;
  redirectUri: string;
  codeChallenge: string;
}

/** Consent given: the grant, its weather key when allowed, and a one-use code, in one transaction. */
export async function createGrantWithCode(g: NewGrant): Promise<{ grantId: number; code: string }> {
  const db = await getDb();
  const code = CODE_PREFIX + randomBase62(40);
  const grantId = await db.transaction(async (tx) => {
    const [grant] = await tx
      .insert(oauthGrants)
      .values({
        userId: g.userId,
        clientId: g.client.clientId,
        tripIds: g.tripIds,
        level: g.level,
        weather: g.weather,
        resource: g.resource,
      })
      .returning({ id: oauthGrants.id });
    if (g.weather) {
      const value = weatherKeyValue(grant.id, g.userId);
      const [key] = await tx
        .insert(apiKeys)
        .values({
          accountId: g.accountId,
          userId: g.userId,
          name: `Connected agent: ${g.client.clientName}`.slice(0, 100),
          keyHash: sha256Hex(value),
          keyPrefix: value.slice(0, API_KEY_PREFIX.length + 8),
          scopes: [...WEATHER_KEY_SCOPES],
        })
        .returning({ id: apiKeys.id });
      await tx.update(oauthGrants).set({ weatherKeyId: key.id }).where(eq(oauthGrants.id, grant.id));
    }
    await tx.insert(oauthCodes).values({
      codeHash: sha256Hex(code),
      grantId: grant.id,
      redirectUri: g.redirectUri,
      codeChallenge: g.codeChallenge,
      expiresAt: new Date(Date.now() + CODE_TTL_S * 1000),
    });
    return grant.id;
  });
  return { grantId, code };
}

type Grant = typeof oauthGrants.$inferSelect;

/** A new access token and refresh token for a live grant (the token response, RFC 6749 §5.1). */
async function issueTokens(tx: DbOrTx, grant: Grant, clientName: string) {
  const access = newBearerSecret(ACCESS_TOKEN_PREFIX);
  const refresh = REFRESH_TOKEN_PREFIX + randomBase62(40);
  await tx.insert(accessTokens).values({
    userId: grant.userId,
    name: `OAuth: ${clientName}`.slice(0, 100),
    tokenHash: access.hash,
    tokenPrefix: access.display,
    expiresAt: new Date(Date.now() + ACCESS_TOKEN_TTL_S * 1000),
    tripIds: grant.tripIds,
    // "weather" beside the trip scopes: the MCP server then adds the grant's weather key.
    scopes: [...LEVEL_SCOPES[grant.level], ...(grant.weather ? [WEATHER_SCOPE] : [])],
    oauthGrantId: grant.id,
    resource: grant.resource,
  });
  await tx.insert(oauthRefreshTokens).values({
    tokenHash: sha256Hex(refresh),
    grantId: grant.id,
    expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_S * 1000),
  });
  await tx.update(oauthGrants).set({ lastUsedAt: new Date() }).where(eq(oauthGrants.id, grant.id));
  return {
    access_token: access.value,
    token_type: "Bearer",
    expires_in: ACCESS_TOKEN_TTL_S,
    refresh_token: refresh,
    scope: scopeOfGrant(grant.level, grant.weather),
  };
}

/** RFC 7636 §4.6: BASE64URL(SHA256(verifier)) equals the challenge. */
function verifierMatches(verifier: string, challenge: string): boolean {
  return createHash("sha256").update(verifier).digest("base64url") === challenge;
}

function assertResource(resource: string | null, grant: Grant): void {
  if (resource !== null && resource !== grant.resource && resource !== `${grant.resource}/`) {
    throw new OAuthError("invalid_target", `The grant is for ${grant.resource} only.`);
  }
}

/**
 * authorization_code: one use. A second use of a code revokes the whole grant (RFC 6749 §4.1.2,
 * OAuth 2.1 §4.1.3); a wrong verifier or redirect URI spends nothing.
 */
export async function exchangeCode(client: OAuthClient, form: URLSearchParams) {
  const code = form.get("code");
  const verifier = form.get("code_verifier");
  if (!code) throw new OAuthError("invalid_request", "code is required.");
  if (!verifier) throw new OAuthError("invalid_request", "code_verifier is required (PKCE).");
  if (!/^[A-Za-z0-9._~-]{43,128}$/.test(verifier))
    throw new OAuthError("invalid_grant", "code_verifier must be 43-128 characters of the unreserved alphabet.");
  const db = await getDb();
  const outcome = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ code: oauthCodes, grant: oauthGrants })
      .from(oauthCodes)
      .innerJoin(oauthGrants, eq(oauthGrants.id, oauthCodes.grantId))
      .where(eq(oauthCodes.codeHash, sha256Hex(code)))
      .for("update")
      .limit(1);
    if (!row || row.grant.clientId !== client.clientId) throw new OAuthError("invalid_grant", "The code is not valid.");
    if (row.code.usedAt) return row.grant.id; // reused: revoked below, after this transaction
    if (row.grant.revokedAt) throw new OAuthError("invalid_grant", "The grant has been revoked.");
    if (row.code.expiresAt.getTime() <= Date.now()) throw new OAuthError("invalid_grant", "The code has expired.");
    const redirectUri = form.get("redirect_uri");
    if (redirectUri !== null && redirectUri !== row.code.redirectUri)
      throw new OAuthError("invalid_grant", "redirect_uri differs from the authorization request's.");
    if (!verifierMatches(verifier, row.code.codeChallenge))
      throw new OAuthError("invalid_grant", "The code_verifier does not match the code_challenge.");
    assertResource(form.get("resource"), row.grant);
    await tx.update(oauthCodes).set({ usedAt: new Date() }).where(eq(oauthCodes.codeHash, row.code.codeHash));
    return issueTokens(tx, row.grant, client.clientName);
  });
  if (typeof outcome === "number") {
    await revokeGrantById(outcome);
    throw new OAuthError("invalid_grant", "The code was already used; the grant is revoked.");
  }
  return outcome;
}

/** refresh_token: rotates. A spent refresh token used again revokes the grant (OAuth 2.1 §4.3.1). */
export async function refreshTokens(client: OAuthClient, form: URLSearchParams) {
  const token = form.get("refresh_token");
  if (!token) throw new OAuthError("invalid_request", "refresh_token is required.");
  const db = await getDb();
  const outcome = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ refresh: oauthRefreshTokens, grant: oauthGrants })
      .from(oauthRefreshTokens)
      .innerJoin(oauthGrants, eq(oauthGrants.id, oauthRefreshTokens.grantId))
      .where(eq(oauthRefreshTokens.tokenHash, sha256Hex(token)))
      .for("update")
      .limit(1);
    if (!row || row.grant.clientId !== client.clientId)
      throw new OAuthError("invalid_grant", "The refresh token is not valid.");
    if (row.grant.revokedAt || row.refresh.revokedAt)
      throw new OAuthError("invalid_grant", "The refresh token has been revoked.");
    if (row.refresh.usedAt) return row.grant.id; // reused: revoked below, after this transaction
    if (row.refresh.expiresAt.getTime() <= Date.now())
      throw new OAuthError("invalid_grant", "The refresh token has expired.");
    const scope = form.get("scope");
    if (scope !== null) {
      const granted = scopeOfGrant(row.grant.level, row.grant.weather).split(" ");
      if (
        !scope
          .split(" ")
          .filter(Boolean)
          .every((s) => granted.includes(s))
      )
        throw new OAuthError("invalid_scope", "A refresh cannot widen the grant; authorize again.");
    }
    assertResource(form.get("resource"), row.grant);
    await tx.update(oauthRefreshTokens).set({ usedAt: new Date() }).where(eq(oauthRefreshTokens.id, row.refresh.id));
    return issueTokens(tx, row.grant, client.clientName);
  });
  if (typeof outcome === "number") {
    await revokeGrantById(outcome);
    throw new OAuthError("invalid_grant", "The refresh token was already used; the grant is revoked.");
  }
  return outcome;
}

/**
 * Revokes a grant with everything it issued: its access tokens (the access_tokens trigger drops every
 * instance's credential cache), refresh tokens, codes and weather key; returns once every instance
 * has applied it (credentialsChanged), so the very next call anywhere is refused.
 */
export async function revokeGrantById(grantId: number, userId?: string): Promise<Grant | undefined> {
  const db = await getDb();
  const now = new Date();
  const grant = await db.transaction(async (tx) => {
    const [g] = await tx
      .update(oauthGrants)
      .set({ revokedAt: now })
      .where(
        and(
          eq(oauthGrants.id, grantId),
          isNull(oauthGrants.revokedAt),
          ...(userId ? [eq(oauthGrants.userId, userId)] : []),
        ),
      )
      .returning();
    if (!g) return undefined;
    await tx
      .update(accessTokens)
      .set({ revokedAt: now })
      .where(and(eq(accessTokens.oauthGrantId, grantId), isNull(accessTokens.revokedAt)));
    await tx
      .update(oauthRefreshTokens)
      .set({ revokedAt: now })
      .where(and(eq(oauthRefreshTokens.grantId, grantId), isNull(oauthRefreshTokens.revokedAt)));
    await tx
      .update(oauthCodes)
      .set({ usedAt: now })
      .where(and(eq(oauthCodes.grantId, grantId), isNull(oauthCodes.usedAt)));
    if (g.weatherKeyId !== null)
      await tx
        .update(apiKeys)
        .set({ revokedAt: now })
        .where(and(eq(apiKeys.id, g.weatherKeyId), isNull(apiKeys.revokedAt)));
    return g;
  });
  if (grant) await credentialsChanged();
  return grant;
}

/**
 * RFC 7009: the token is revoked if it is this client's; an unknown token is not an error (200).
 * A refresh token revokes its grant's access tokens too (§2.1); an access token revokes itself.
 */
export async function revokeToken(client: OAuthClient, form: URLSearchParams): Promise<void> {
  const token = form.get("token");
  if (!token) throw new OAuthError("invalid_request", "token is required.");
  const hint = form.get("token_type_hint");
  if (hint !== null && hint !== "access_token" && hint !== "refresh_token")
    throw new OAuthError("unsupported_token_type", "token_type_hint is access_token or refresh_token.");
  const db = await getDb();
  const hash = sha256Hex(token);
  if (token.startsWith(REFRESH_TOKEN_PREFIX)) {
    const [row] = await db
      .select({ grantId: oauthGrants.id })
      .from(oauthRefreshTokens)
      .innerJoin(oauthGrants, eq(oauthGrants.id, oauthRefreshTokens.grantId))
      .where(and(eq(oauthRefreshTokens.tokenHash, hash), eq(oauthGrants.clientId, client.clientId)))
      .limit(1);
    if (row) await revokeGrantById(row.grantId);
    return;
  }
  if (token.startsWith(ACCESS_TOKEN_PREFIX)) {
    const grants = db.select({ id: oauthGrants.id }).from(oauthGrants).where(eq(oauthGrants.clientId, client.clientId));
    const revoked = await db
      .update(accessTokens)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(accessTokens.tokenHash, hash),
          isNull(accessTokens.revokedAt),
          inArray(accessTokens.oauthGrantId, grants),
        ),
      )
      .returning({ id: accessTokens.id });
    if (revoked.length > 0) await credentialsChanged();
  }
}
