import { eq, sql } from "drizzle-orm";
import { watchSigningSecrets } from "@/drizzle/schema";
import { getDb, type DbOrTx } from "@/lib/db/client";
import { decryptSecret, encryptSecret } from "@/lib/crypto/encryption";
import { newSigningSecret } from "./signing";

/**
 * The per-account secret that signs deliveries to watch-level webhook_url
 * targets (they have no registered endpoint and so no secret of their own).
 * Created on first use; rotation replaces it at once, and every later attempt,
 * including retries of older events, is signed with the new secret.
 */
export interface WatchSigningSecret {
  secret: string;
  secretPrefix: string;
  createdAt: Date;
  rotatedAt: Date | null;
}

function toSecret(row: typeof watchSigningSecrets.$inferSelect): WatchSigningSecret {
  return {
    secret: decryptSecret(row.secretEncrypted),
    secretPrefix: row.secretPrefix,
    createdAt: row.createdAt,
    rotatedAt: row.rotatedAt,
  };
}

export async function getOrCreateWatchSigningSecret(accountId: string, db?: DbOrTx): Promise<WatchSigningSecret> {
  const d = db ?? (await getDb());
  const existing = await d
    .select()
    .from(watchSigningSecrets)
    .where(eq(watchSigningSecrets.accountId, accountId))
    .limit(1);
  if (existing[0]) return toSecret(existing[0]);
  const { secret, prefix } = newSigningSecret();
  // Two first uses racing: the loser's insert does nothing and it reads the winner's secret.
  await d
    .insert(watchSigningSecrets)
    .values({ accountId, secretEncrypted: encryptSecret(secret), secretPrefix: prefix })
    .onConflictDoNothing({ target: watchSigningSecrets.accountId });
  const row = await d.select().from(watchSigningSecrets).where(eq(watchSigningSecrets.accountId, accountId)).limit(1);
  return toSecret(row[0]);
}

export async function rotateWatchSigningSecret(accountId: string, db?: DbOrTx): Promise<WatchSigningSecret> {
  const d = db ?? (await getDb());
  const { secret, prefix } = newSigningSecret();
  const [row] = await d
    .insert(watchSigningSecrets)
    .values({ accountId, secretEncrypted: encryptSecret(secret), secretPrefix: prefix, rotatedAt: new Date() })
    .onConflictDoUpdate({
      target: watchSigningSecrets.accountId,
      set: { secretEncrypted: encryptSecret(secret), secretPrefix: prefix, rotatedAt: sql`now()` },
    })
    .returning();
  return toSecret(row);
}
