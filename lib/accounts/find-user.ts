import { eq, sql } from "drizzle-orm";
import { accounts, users } from "@/drizzle/schema";
import { getDb } from "@/lib/db/client";
import type { AccountInfo } from "@/lib/http/types";

export async function findUserByEmail(email: string) {
  const db = await getDb();
  const [row] = await db
    .select({ user: users, account: accounts })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(sql`lower(${users.email}) = lower(${email.trim()})`)
    .limit(1);
  return row;
}

export async function getAccountInfo(accountId: string): Promise<AccountInfo | undefined> {
  const db = await getDb();
  const [a] = await db.select().from(accounts).where(eq(accounts.id, accountId)).limit(1);
  return a && { id: a.id, plan: a.plan, environment: a.environment, limitOverrides: a.limitOverrides };
}
