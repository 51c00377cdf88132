import { and, desc, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { apiKeys } from "@/drizzle/schema";
import { getDb } from "@/lib/db/client";
import { ApiError, notFound } from "@/lib/http/errors";
import type { Principal } from "@/lib/http/types";
import { credentialsChanged } from "./credential-cache";
import { API_KEY_SCOPES, type ApiKeyScope } from "./scopes";
import { newBearerSecret } from "./secrets";

export const API_KEY_PREFIX = "svc_";

export const CreateApiKeyInput = z.object({
  name: z.string().trim().min(1, "Give the key a name.").max(100),
  scopes: z
    .array(z.enum(API_KEY_SCOPES))
    .min(1, "Choose at least one scope.")
    .transform((s) => [...new Set(s)]),
  expiresAt: z.iso
    .datetime({ offset: true, message: "Use an ISO 8601 date-time, e.g. 2027-01-31T00:00:00Z." })
    .nullish()
    .transform((v) => (v ? new Date(v) : null))
    .refine((d) => d === null || d.getTime() > Date.now(), "expiresAt must be in the future."),
});
export type CreateApiKeyInput = z.input<typeof CreateApiKeyInput>;

export interface ApiKeyView {
  id: number;
  name: string;
  keyPrefix: string;
  scopes: ApiKeyScope[];
  createdAt: string;
  lastUsedAt: string | null;
  expiresAt: string | null;
}

/** Creates a key for a user; the full value is returned here and never again. */
export async function createApiKey(
  owner: { userId: string; accountId: string },
  input: CreateApiKeyInput,
  opts: { isInternal?: boolean } = {},
) {
  const data = CreateApiKeyInput.parse(input);
  const secret = newBearerSecret(API_KEY_PREFIX);
  const db = await getDb();
  const [row] = await db
    .insert(apiKeys)
    .values({
      accountId: owner.accountId,
      userId: owner.userId,
      name: data.name,
      keyHash: secret.hash,
      keyPrefix: secret.display,
      scopes: data.scopes,
      isInternal: opts.isInternal ?? false,
      expiresAt: data.expiresAt,
    })
    .returning();
  return {
    id: row.id,
    name: row.name,
    key: secret.value,
    scopes: row.scopes as ApiKeyScope[],
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
  };
}

/**
 * The account's keys that are not revoked (expired keys stay listed, marked by expiresAt). A key is the
 * account's, not the person's (issue 30): every member sees the account's keys, whoever minted them.
 */
export async function listApiKeys(accountId: string): Promise<ApiKeyView[]> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.accountId, accountId), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    keyPrefix: r.keyPrefix,
    scopes: r.scopes as ApiKeyScope[],
    createdAt: r.createdAt.toISOString(),
    lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
    expiresAt: r.expiresAt?.toISOString() ?? null,
  }));
}

/**
 * Revokes immediately: the trigger's notification drops every instance's credential
 * cache, and this call returns once that notification has gone round (credentialsChanged).
 * A key acting as the caller may revoke only keys whose scopes it holds itself.
 */
export async function revokeApiKey(accountId: string, keyId: number, callerScopes?: readonly string[]): Promise<void> {
  const db = await getDb();
  const [target] = await db
    .select({ scopes: apiKeys.scopes })
    .from(apiKeys)
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.accountId, accountId), isNull(apiKeys.revokedAt)))
    .limit(1);
  if (!target) throw notFound("API key");
  if (callerScopes) assertScopes(callerScopes, target.scopes);
  const updated = await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.accountId, accountId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  if (updated.length === 0) throw notFound("API key");
  await credentialsChanged();
}

export function assertScopes(granted: readonly string[], required: readonly string[], principal?: Principal): void {
  const missing = required.filter((s) => !granted.includes(s));
  if (missing.length > 0) {
    throw new ApiError(
      "insufficient_scope",
      `This key lacks the scope ${missing.join(", ")} required by this endpoint.`,
      {
        details: { required_scopes: required, missing_scopes: missing },
        principal,
      },
    );
  }
}
