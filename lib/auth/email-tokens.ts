import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { authTokens, type AuthTokenPurpose } from "@/drizzle/schema";
import type { DbOrTx } from "@/lib/db/client";
import { queryOne } from "@/lib/db/sql";
import { ApiError } from "@/lib/http/errors";
import { sha256Hex } from "./secrets";

export const EMAIL_TOKEN_TTL_MS: Record<AuthTokenPurpose, number> = {
  password_reset: 3_600_000,
  email_verification: 7 * 86_400_000,
};

/** A new single-use link token: 32 random bytes (base64url) to the mail, only SHA-256 to the table. */
export async function issueEmailToken(
  db: DbOrTx,
  userId: string,
  purpose: AuthTokenPurpose,
  now = new Date(),
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db.insert(authTokens).values({
    userId,
    purpose,
    tokenHash: sha256Hex(token),
    expiresAt: new Date(now.getTime() + EMAIL_TOKEN_TTL_MS[purpose]),
  });
  return token;
}

const WHAT: Record<AuthTokenPurpose, string> = {
  password_reset: "password reset link",
  email_verification: "verification link",
};

/**
 * Marks the token used (one conditional UPDATE: of two concurrent uses exactly one wins) and
 * returns its user. A used, expired or unknown token is a clear 400/410 the page shows as is.
 */
export async function consumeEmailToken(db: DbOrTx, token: string, purpose: AuthTokenPurpose): Promise<string> {
  const hash = sha256Hex(token);
  const won = await queryOne<{ user_id: string }>(
    db,
    sql`UPDATE auth_tokens SET used_at = now()
        WHERE token_hash = ${hash} AND purpose = ${purpose} AND used_at IS NULL AND expires_at > now()
        RETURNING user_id`,
  );
  if (won) return won.user_id;
  const row = await queryOne<{ used: boolean; expired: boolean }>(
    db,
    sql`SELECT used_at IS NOT NULL AS used, expires_at <= now() AS expired FROM auth_tokens WHERE token_hash = ${hash} AND purpose = ${purpose}`,
  );
  const what = WHAT[purpose];
  if (row?.used)
    throw new ApiError("gone", `This ${what} has already been used. Ask for a new one.`, {
      details: { reason: "used" },
    });
  if (row?.expired)
    throw new ApiError("gone", `This ${what} has expired. Ask for a new one.`, { details: { reason: "expired" } });
  throw new ApiError(
    "bad_request",
    `This ${what} is not valid. Check that you opened the whole link from the email, or ask for a new one.`,
    { details: { reason: "invalid" } },
  );
}

/** After a use: the user's other outstanding links of that purpose stop working too. */
export async function retireEmailTokens(db: DbOrTx, userId: string, purpose: AuthTokenPurpose): Promise<void> {
  await db.execute(
    sql`UPDATE auth_tokens SET used_at = now() WHERE user_id = ${userId}::uuid AND purpose = ${purpose} AND used_at IS NULL`,
  );
}
