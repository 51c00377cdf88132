import { eq } from "drizzle-orm";
import { users } from "@/drizzle/schema";
import { getDb } from "@/lib/db/client";

export interface MailRecipient {
  email: string;
  locale: string | null;
}

/**
 * Who hears about the account (quota emails): its owners and admins. Until accounts have
 * members with roles (issue 30 items 1-2), every account has exactly one user, its owner.
 */
export async function accountAdminRecipients(accountId: string): Promise<MailRecipient[]> {
  const db = await getDb();
  return db.select({ email: users.email, locale: users.locale }).from(users).where(eq(users.accountId, accountId));
}
