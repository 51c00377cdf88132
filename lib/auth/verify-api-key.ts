import { eq, sql } from "drizzle-orm";
import { accounts, apiKeys } from "@/drizzle/schema";
import type { Db, DbHandle } from "@/lib/db/client";
import { ApiError } from "@/lib/http/errors";
import type { PrincipalOf } from "@/lib/http/types";
import { API_KEY_PREFIX } from "./api-keys";
import { dbCause } from "@/lib/db/errors";
import { noteDatabaseError } from "@/lib/db/outage";
import { log } from "@/lib/log";
import { cachedCredential, lastKnownCredential } from "./credential-cache";
import { sha256Hex } from "./secrets";
import { resetTouchCache, touchLastUsed } from "./touch-last-used";

// Built once per database handle: drizzle skips rebuilding the SQL, and postgres-js
// runs it as a named prepared statement, keeping the hot path to one cheap round trip.
const prepared = new WeakMap<Db, ReturnType<typeof buildVerifyQuery>>();

function buildVerifyQuery(db: Db) {
  return db
    .select({
      id: apiKeys.id,
      userId: apiKeys.userId,
      scopes: apiKeys.scopes,
      isInternal: apiKeys.isInternal,
      expiresAt: apiKeys.expiresAt,
      revokedAt: apiKeys.revokedAt,
      account: {
        id: accounts.id,
        plan: accounts.plan,
        environment: accounts.environment,
        limitOverrides: accounts.limitOverrides,
      },
    })
    .from(apiKeys)
    .innerJoin(accounts, eq(accounts.id, apiKeys.accountId))
    .where(eq(apiKeys.keyHash, sql.placeholder("hash")))
    .limit(1)
    .prepare("verify_api_key");
}

function verifyQuery(db: Db) {
  let q = prepared.get(db);
  if (!q) {
    q = buildVerifyQuery(db);
    prepared.set(db, q);
  }
  return q;
}

/**
 * Verifies an API key: the key joined to its account, read in one round trip and then
 * served from the in-process credential cache (no statement), which every instance drops
 * on a committed revocation or plan change (credential-cache.ts). Revocation and expiry
 * are checked on every request.
 */
export async function verifyApiKey(key: string, handle?: DbHandle): Promise<PrincipalOf<"api_key">> {
  if (!key.startsWith(API_KEY_PREFIX) || key.length > 200) {
    throw new ApiError("unauthorized", "The API key is malformed; keys start with svc_.");
  }
  const hash = sha256Hex(key);
  const row = await cachedCredential(
    `k:${hash}`,
    async (h) => (await verifyQuery(h.db).execute({ hash }))[0],
    handle,
  ).catch(async (err: unknown) => {
    throw await unverifiedWhileDown(err, `k:${hash}`, handle);
  });
  if (!row) throw new ApiError("unauthorized", "The API key is not valid.");
  if (row.revokedAt) throw new ApiError("unauthorized", "The API key has been revoked.");
  if (row.expiresAt && row.expiresAt.getTime() <= Date.now()) {
    throw new ApiError("unauthorized", "The API key has expired.");
  }
  touchLastUsed("api_key", row.id);
  return {
    type: "api_key",
    keyId: row.id,
    userId: row.userId,
    accountId: row.account.id,
    account: row.account,
    scopes: row.scopes,
    isInternal: row.isInternal,
  };
}

type KeyRow = NonNullable<Awaited<ReturnType<ReturnType<typeof verifyQuery>["execute"]>>[0]>;

/**
 * The database is unreachable: the answer is a 503, and its request-log row names the account this
 * instance last saw for the key (the 503 carries it as the principal; nothing is authorized by it).
 */
async function unverifiedWhileDown(err: unknown, cacheKey: string, handle?: DbHandle): Promise<unknown> {
  if (!noteDatabaseError(err)) return err;
  const row = await lastKnownCredential<KeyRow>(cacheKey, handle);
  if (!row) return err;
  // Logged as the route helper logs every other database 503 (it does not log an ApiError).
  log.warn("database unavailable", { path: "authentication", cause: dbCause(err) });
  return new ApiError("service_unavailable", "The service is temporarily unavailable; retry shortly.", {
    cause: err,
    headers: { "Retry-After": "1" },
    principal: {
      type: "api_key",
      keyId: row.id,
      userId: row.userId,
      accountId: row.account.id,
      account: row.account,
      scopes: row.scopes,
      isInternal: row.isInternal,
    },
  });
}

/** For tests: forget the in-process touch times. */
export const resetKeyTouchCache = resetTouchCache;
