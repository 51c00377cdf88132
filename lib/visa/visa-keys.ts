import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { visaKeys, visaUsageWindows } from "@/drizzle/schema";
import { getDb } from "@/lib/db/client";
import { newBearerSecret } from "@/lib/auth/secrets";
import { notFound } from "@/lib/http/errors";
import { windowOf } from "./rate-window";

export const VISA_KEY_PREFIX = "vik_";
export const DEFAULT_HOURLY_LIMIT = 1000;
export const MAX_HOURLY_LIMIT = 1_000_000;

export const HourlyLimit = z.coerce
  .number({ error: "hourlyLimit must be a whole number." })
  .int("hourlyLimit must be a whole number.")
  .min(1, "hourlyLimit must be at least 1.")
  .max(MAX_HOURLY_LIMIT, `hourlyLimit may be at most ${MAX_HOURLY_LIMIT.toLocaleString("en")}.`);

export const CreateVisaKeyInput = z.object({
  name: z
    .string({ error: "name is required." })
    .trim()
    .min(1, "Give the key a name.")
    .max(100, "name may be at most 100 characters."),
});

export interface VisaKeyOwner {
  accountId: string;
  userId?: string | null;
}

export interface VisaKeyView {
  id: number;
  name: string;
  keyPrefix: string;
  hourlyLimit: number;
  createdAt: string;
  revokedAt: string | null;
  usage: { windowStart: string; used: number; remaining: number; resetAt: string };
}

/** Creates a key; the full value is returned here and never again. */
export async function createVisaKey(owner: VisaKeyOwner, input: { name: string; hourlyLimit?: number }) {
  const { name } = CreateVisaKeyInput.parse(input);
  const hourlyLimit = input.hourlyLimit === undefined ? DEFAULT_HOURLY_LIMIT : HourlyLimit.parse(input.hourlyLimit);
  const secret = newBearerSecret(VISA_KEY_PREFIX);
  const db = await getDb();
  const [row] = await db
    .insert(visaKeys)
    .values({
      accountId: owner.accountId,
      createdByUserId: owner.userId ?? null,
      name,
      keyHash: secret.hash,
      keyPrefix: secret.display,
      hourlyLimit,
    })
    .returning();
  return {
    id: row.id,
    name: row.name,
    key: secret.value,
    keyPrefix: row.keyPrefix,
    hourlyLimit: row.hourlyLimit,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The account's keys that are not revoked, each with this hour's use. */
export async function listVisaKeys(accountId: string, now: Date = new Date()): Promise<VisaKeyView[]> {
  const db = await getDb();
  const w = windowOf(now);
  const rows = await db
    .select({ key: visaKeys, used: visaUsageWindows.used })
    .from(visaKeys)
    .leftJoin(visaUsageWindows, and(eq(visaUsageWindows.keyId, visaKeys.id), eq(visaUsageWindows.windowStart, w.start)))
    .where(and(eq(visaKeys.accountId, accountId), isNull(visaKeys.revokedAt)))
    .orderBy(desc(visaKeys.createdAt), desc(visaKeys.id));
  return rows.map(({ key, used }) => {
    const u = used ?? 0;
    return {
      id: key.id,
      name: key.name,
      keyPrefix: key.keyPrefix,
      hourlyLimit: key.hourlyLimit,
      createdAt: key.createdAt.toISOString(),
      revokedAt: key.revokedAt?.toISOString() ?? null,
      usage: {
        windowStart: w.start.toISOString(),
        used: u,
        remaining: Math.max(0, key.hourlyLimit - u),
        resetAt: w.end.toISOString(),
      },
    };
  });
}

/** Revokes immediately (authentication reads the row on every request). 404 for another account's key. */
export async function revokeVisaKey(accountId: string, keyId: number): Promise<void> {
  const db = await getDb();
  const updated = await db
    .update(visaKeys)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(visaKeys.id, keyId), eq(visaKeys.accountId, accountId), isNull(visaKeys.revokedAt)))
    .returning({ id: visaKeys.id });
  if (updated.length === 0) throw notFound("Visa key");
}

/** Operator action (contract change): takes effect on the key's next request. */
export async function setVisaKeyLimit(keyId: number, hourlyLimit: number) {
  const limit = HourlyLimit.parse(hourlyLimit);
  const db = await getDb();
  const [row] = await db.update(visaKeys).set({ hourlyLimit: limit }).where(eq(visaKeys.id, keyId)).returning();
  if (!row) throw notFound("Visa key");
  return {
    id: row.id,
    accountId: row.accountId,
    name: row.name,
    hourlyLimit: row.hourlyLimit,
    revoked: row.revokedAt !== null,
  };
}
