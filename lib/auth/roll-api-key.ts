import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { apiKeys } from "@/drizzle/schema";
import { getDb } from "@/lib/db/client";
import { ApiError, notFound } from "@/lib/http/errors";
import { API_KEY_PREFIX, assertScopes, type ApiKeyView } from "./api-keys";
import { credentialsChanged } from "./credential-cache";
import type { ApiKeyScope } from "./scopes";
import { newBearerSecret } from "./secrets";

export const MAX_GRACE_HOURS = 168;

export const RollApiKeyInput = z.strictObject({
  graceHours: z
    .number({ message: "graceHours must be a whole number of hours" })
    .int("graceHours must be a whole number of hours")
    .min(0, "graceHours must be at least 0")
    .max(MAX_GRACE_HOURS, `graceHours must be at most ${MAX_GRACE_HOURS} (7 days)`)
    .default(24)
    .meta({
      description: "How long the old secret keeps working, in hours (0: refused at once; default 24, at most 168)",
    }),
});

export const RenameApiKeyInput = z.strictObject({ name: z.string().trim().min(1, "Give the key a name.").max(100) });

async function ownedKey(userId: string, keyId: number, callerScopes?: readonly string[]) {
  const db = await getDb();
  const [key] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .limit(1);
  if (!key) throw notFound("API key");
  // A key acting as the caller changes only keys whose scopes it holds itself (as for revoke).
  if (callerScopes) assertScopes(callerScopes, key.scopes);
  return key;
}

/**
 * Rolls a key: a new key (new secret, shown once) with the same name, scopes and expiry, while the
 * old secret (renamed "<name> (rolled)") keeps working until the grace period ends. The grace is the old row's `expires_at`
 * (never extended past an earlier expiry), which every instance checks on every request, so the
 * old secret is refused everywhere the moment the grace ends with no further notification; the
 * shortened expiry itself is pushed to every instance's credential cache (credentialsChanged)
 * before this returns. An already expired key cannot be rolled (409): create a new one.
 */
export async function rollApiKey(
  owner: { userId: string },
  keyId: number,
  input: z.input<typeof RollApiKeyInput>,
  callerScopes?: readonly string[],
) {
  const { graceHours } = RollApiKeyInput.parse(input);
  const old = await ownedKey(owner.userId, keyId, callerScopes);
  const now = Date.now();
  if (old.expiresAt && old.expiresAt.getTime() <= now)
    throw new ApiError("conflict", "This key has expired and cannot be rolled; create a new key.");
  const graceEnd = new Date(now + graceHours * 3_600_000);
  const oldUntil = old.expiresAt && old.expiresAt < graceEnd ? old.expiresAt : graceEnd;
  const secret = newBearerSecret(API_KEY_PREFIX);
  const db = await getDb();
  const created = await db.transaction(async (tx) => {
    const cut = await tx
      .update(apiKeys)
      // The old key is named as what it is now (issue 42 item 8): two keys of one name could not be told apart.
      .set({ expiresAt: oldUntil, name: `${old.name.slice(0, 90)} (rolled)` })
      .where(and(eq(apiKeys.id, keyId), isNull(apiKeys.revokedAt)))
      .returning({ id: apiKeys.id });
    if (cut.length === 0) throw notFound("API key");
    const [row] = await tx
      .insert(apiKeys)
      .values({
        accountId: old.accountId,
        userId: old.userId,
        name: old.name,
        keyHash: secret.hash,
        keyPrefix: secret.display,
        scopes: old.scopes,
        isInternal: old.isInternal,
        expiresAt: old.expiresAt,
      })
      .returning();
    return row;
  });
  await credentialsChanged();
  return {
    id: created.id,
    name: created.name,
    key: secret.value,
    scopes: created.scopes as ApiKeyScope[],
    createdAt: created.createdAt.toISOString(),
    expiresAt: created.expiresAt?.toISOString() ?? null,
    previousKey: { id: old.id, keyPrefix: old.keyPrefix, expiresAt: oldUntil.toISOString() },
  };
}

/** Renames a key (the name is a label only: nothing a request is checked against changes). */
export async function renameApiKey(
  userId: string,
  keyId: number,
  input: z.input<typeof RenameApiKeyInput>,
  callerScopes?: readonly string[],
): Promise<ApiKeyView> {
  const { name } = RenameApiKeyInput.parse(input);
  await ownedKey(userId, keyId, callerScopes);
  const db = await getDb();
  const [r] = await db
    .update(apiKeys)
    .set({ name })
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .returning();
  if (!r) throw notFound("API key");
  return {
    id: r.id,
    name: r.name,
    keyPrefix: r.keyPrefix,
    scopes: r.scopes as ApiKeyScope[],
    createdAt: r.createdAt.toISOString(),
    lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
    expiresAt: r.expiresAt?.toISOString() ?? null,
  };
}
