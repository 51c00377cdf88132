import { and, desc, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { accessTokens, users } from "@/drizzle/schema";
import { getDb, type DbHandle } from "@/lib/db/client";
import { ApiError, notFound } from "@/lib/http/errors";
import type { PrincipalOf } from "@/lib/http/types";
import { cachedCredential, credentialsChanged } from "./credential-cache";
import { newBearerSecret, sha256Hex } from "./secrets";
import { TRIP_SCOPES, type TripScope } from "./scopes";
import { touchLastUsed } from "./touch-last-used";

export const ACCESS_TOKEN_PREFIX = "sat_";
export const DEFAULT_TOKEN_TTL_DAYS = 90;
const MAX_TOKEN_TTL_DAYS = 366;

export const CreateAccessTokenInput = z.object({
  name: z.string().trim().min(1, "Give the token a name.").max(100).default("access token"),
  expiresAt: z.iso
    .datetime({ offset: true, message: "Use an ISO 8601 date-time, e.g. 2027-01-31T00:00:00Z." })
    .nullish()
    .transform((v) => (v ? new Date(v) : new Date(Date.now() + DEFAULT_TOKEN_TTL_DAYS * 86_400_000)))
    .refine((d) => d.getTime() > Date.now(), "expiresAt must be in the future.")
    .refine(
      (d) => d.getTime() <= Date.now() + MAX_TOKEN_TTL_DAYS * 86_400_000,
      "expiresAt may be at most one year ahead.",
    ),
  trip_ids: z
    .array(z.number().int().positive().max(2147483647), { error: "trip_ids must be an array of trip ids" })
    .min(1, "trip_ids, when sent, names at least one trip (omit it for every trip).")
    .max(100)
    .nullish()
    .transform((ids) => (ids ? [...new Set(ids)].sort((a, b) => a - b) : null))
    .meta({
      description: "Limit the token to these trips (others answer 404). Omit for every trip you are a member of.",
    }),
  scopes: z
    .array(z.enum(TRIP_SCOPES, { error: `scopes are among: ${TRIP_SCOPES.join(", ")}` }))
    .min(1, "Give at least one scope.")
    .nullish()
    .transform((s) => (s ? TRIP_SCOPES.filter((x) => s.includes(x)) : [...TRIP_SCOPES]))
    .meta({
      description:
        "What the token may do: trips:read, trips:propose (raise proposals), trips:write (apply ops, edit, accept). Default all three.",
    }),
});
export type CreateAccessTokenInput = z.input<typeof CreateAccessTokenInput>;

export async function createAccessToken(userId: string, input: CreateAccessTokenInput) {
  const data = CreateAccessTokenInput.parse(input);
  const secret = newBearerSecret(ACCESS_TOKEN_PREFIX);
  const db = await getDb();
  const [row] = await db
    .insert(accessTokens)
    .values({
      userId,
      name: data.name,
      tokenHash: secret.hash,
      tokenPrefix: secret.display,
      expiresAt: data.expiresAt,
      tripIds: data.trip_ids,
      scopes: data.scopes,
    })
    .returning();
  return {
    id: row.id,
    name: row.name,
    token: secret.value,
    tokenPrefix: row.tokenPrefix,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    trip_ids: row.tripIds,
    scopes: row.scopes as TripScope[],
  };
}

export async function listAccessTokens(userId: string) {
  const db = await getDb();
  const rows = await db
    .select()
    .from(accessTokens)
    // OAuth tokens (issue 41) are shown and revoked as their grant under Connected agents.
    .where(and(eq(accessTokens.userId, userId), isNull(accessTokens.revokedAt), isNull(accessTokens.oauthGrantId)))
    .orderBy(desc(accessTokens.createdAt), desc(accessTokens.id));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    tokenPrefix: r.tokenPrefix,
    createdAt: r.createdAt.toISOString(),
    lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
    expiresAt: r.expiresAt.toISOString(),
    trip_ids: r.tripIds,
    scopes: r.scopes as TripScope[],
  }));
}

export async function revokeAccessToken(userId: string, tokenId: number): Promise<void> {
  const db = await getDb();
  const updated = await db
    .update(accessTokens)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(accessTokens.id, tokenId),
        eq(accessTokens.userId, userId),
        isNull(accessTokens.revokedAt),
        isNull(accessTokens.oauthGrantId),
      ),
    )
    .returning({ id: accessTokens.id });
  if (updated.length === 0) throw notFound("Access token");
  await credentialsChanged();
}

/**
 * One round trip, then the in-process credential cache (dropped on every instance at a
 * committed revocation); revocation and expiry are effective on the next request.
 */
export async function verifyAccessToken(token: string, handle?: DbHandle): Promise<PrincipalOf<"access_token">> {
  if (!token.startsWith(ACCESS_TOKEN_PREFIX) || token.length > 200) {
    throw new ApiError("unauthorized", "The access token is malformed; tokens start with sat_.");
  }
  const hash = sha256Hex(token);
  const row = await cachedCredential(
    `t:${hash}`,
    async ({ db }) => {
      const [r] = await db
        .select({
          id: accessTokens.id,
          userId: accessTokens.userId,
          expiresAt: accessTokens.expiresAt,
          revokedAt: accessTokens.revokedAt,
          accountId: users.accountId,
          tripIds: accessTokens.tripIds,
          scopes: accessTokens.scopes,
          resource: accessTokens.resource,
          oauthGrantId: accessTokens.oauthGrantId,
        })
        .from(accessTokens)
        .innerJoin(users, eq(users.id, accessTokens.userId))
        .where(eq(accessTokens.tokenHash, hash))
        .limit(1);
      return r;
    },
    handle,
  );
  if (!row) throw new ApiError("unauthorized", "The access token is not valid.");
  if (row.revokedAt) throw new ApiError("unauthorized", "The access token has been revoked.");
  if (row.expiresAt.getTime() <= Date.now()) throw new ApiError("unauthorized", "The access token has expired.");
  touchLastUsed("access_token", row.id);
  return {
    type: "access_token",
    tokenId: row.id,
    userId: row.userId,
    accountId: row.accountId,
    tripIds: row.tripIds,
    tripScopes: row.scopes as TripScope[],
    resource: row.resource,
    oauthGrantId: row.oauthGrantId,
  };
}
