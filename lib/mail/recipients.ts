import { and, eq, inArray } from "drizzle-orm";
import { accountMembers, users } from "@/drizzle/schema";
import { getDb } from "@/lib/db/client";

export interface MailRecipient {
  email: string;
  locale: string | null;
}

/** Who hears about the account (quota emails): its owners and admins (account_members, issue 30). */
export async function accountAdminRecipients(accountId: string): Promise<MailRecipient[]> {
  const db = await getDb();
  return db
    .select({ email: users.email, locale: users.locale })
    .from(accountMembers)
    .innerJoin(users, eq(users.id, accountMembers.userId))
    .where(and(eq(accountMembers.accountId, accountId), inArray(accountMembers.role, ["owner", "admin"])))
    .orderBy(users.email);
}
