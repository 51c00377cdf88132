import { z } from "zod";
import {
  accountMembers,
  accounts,
  users,
  type AccountEnvironment,
  type Plan,
  PLANS,
  ENVIRONMENTS,
} from "@/drizzle/schema";
import { getDb } from "@/lib/db/client";
import { pgErrorCode, PG_UNIQUE_VIOLATION } from "@/lib/db/sql";
import { ApiError } from "@/lib/http/errors";
import { hashPassword } from "@/lib/auth/passwords";

export const EmailSchema = z.string().trim().toLowerCase().email("Enter a valid email address.").max(254);
export const PasswordSchema = z.string().min(8, "Use at least 8 characters.").max(256, "Use at most 256 characters.");

export const CreateUserInput = z.object({
  email: EmailSchema,
  password: PasswordSchema,
  name: z.string().trim().max(120).optional(),
  plan: z.enum(PLANS).default("free"),
  environment: z.enum(ENVIRONMENTS).default("production"),
  /** Mail language (en, de, fr, es). */
  locale: z.string().max(8).optional(),
  /** The admin CLI and test fixtures vouch for the address; sign-up sends a verification link instead. */
  emailVerified: z.boolean().default(false),
});
export type CreateUserInput = z.input<typeof CreateUserInput>;

/** Sign-up: a user and the developer account they own (its first owner), in one transaction. */
export async function createUser(input: CreateUserInput): Promise<{ userId: string; accountId: string }> {
  const data = CreateUserInput.parse(input);
  const db = await getDb();
  const passwordHash = await hashPassword(data.password);
  try {
    return await db.transaction(async (tx) => {
      const [account] = await tx
        .insert(accounts)
        .values({
          name: data.name || data.email,
          plan: data.plan as Plan,
          environment: data.environment as AccountEnvironment,
        })
        .returning({ id: accounts.id });
      const [user] = await tx
        .insert(users)
        .values({
          accountId: account.id,
          email: data.email,
          name: data.name,
          passwordHash,
          locale: data.locale,
          emailVerifiedAt: data.emailVerified ? new Date() : null,
        })
        .returning({ id: users.id });
      await tx.insert(accountMembers).values({ accountId: account.id, userId: user.id, role: "owner" });
      return { userId: user.id, accountId: account.id };
    });
  } catch (err) {
    if (pgErrorCode(err) === PG_UNIQUE_VIOLATION) {
      throw new ApiError("conflict", "An account with this email already exists.", { details: { field: "email" } });
    }
    throw err;
  }
}
