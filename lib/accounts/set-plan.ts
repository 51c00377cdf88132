import { credentialsChanged } from "@/lib/auth/credential-cache";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { accounts, PLANS } from "@/drizzle/schema";
import { getDb } from "@/lib/db/client";
import { notFound } from "@/lib/http/errors";

export const LIMIT_OVERRIDE_KEYS = [
  "requests_per_month",
  "timeline_items_per_month",
  "route_calls_per_month",
  "active_watches",
] as const;

export const SetPlanInput = z.object({
  accountId: z.string().uuid(),
  plan: z.enum(PLANS).optional(),
  environment: z.enum(["production", "sandbox"]).optional(),
  /** Per-account overrides; null clears one, undefined leaves it as it is. */
  overrides: z.partialRecord(z.enum(LIMIT_OVERRIDE_KEYS), z.number().int().min(0).nullable().optional()).optional(),
});

export async function setPlan(input: z.input<typeof SetPlanInput>) {
  const data = SetPlanInput.parse(input);
  const db = await getDb();
  const [current] = await db.select().from(accounts).where(eq(accounts.id, data.accountId)).limit(1);
  if (!current) throw notFound("Account");
  const overrides: Record<string, number> = { ...current.limitOverrides };
  for (const [k, v] of Object.entries(data.overrides ?? {})) {
    if (v === undefined) continue;
    if (v === null) delete overrides[k];
    else overrides[k] = v;
  }
  const [updated] = await db
    .update(accounts)
    .set({
      plan: data.plan ?? current.plan,
      environment: data.environment ?? current.environment,
      limitOverrides: overrides,
      updatedAt: new Date(),
    })
    .where(eq(accounts.id, data.accountId))
    .returning();
  // Principals carry the plan: every instance's credential cache must drop it now.
  await credentialsChanged();
  return updated;
}
