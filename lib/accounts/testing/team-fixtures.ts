import { randomBytes } from "node:crypto";
import { encode } from "next-auth/jwt";
import { accountMembers, type AccountRole } from "@/drizzle/schema";
import { authSecret } from "@/lib/auth/auth-secret";
import { getDb } from "@/lib/db/client";
import { makeUser, type TestUser } from "@/lib/testing/fixtures";
import { createInvitation } from "../invitations";

/** Same-origin headers a portal request carries with its cookie. */
export const SAME_ORIGIN = { host: "localhost", origin: "http://localhost" };

/** A portal session cookie for a user, in an account (acc) or their own. */
export async function sessionCookie(userId: string, accountId?: string): Promise<string> {
  const token = accountId ? { sub: userId, acc: accountId } : { sub: userId };
  return `next-auth.session-token=${await encode({ token, secret: authSecret() })}`;
}

export interface TeamMember extends TestUser {
  /** Headers of a same-origin portal request in the team's account. */
  portal: Record<string, string>;
}

/** A new user (with an account of their own) who is also a member of `accountId` with `role`. */
export async function addTeamMember(accountId: string, role: AccountRole): Promise<TeamMember> {
  const u = await makeUser({ email: `${role}.${randomBytes(4).toString("hex")}@example.test` });
  const db = await getDb();
  await db.insert(accountMembers).values({ accountId, userId: u.userId, role });
  return { ...u, portal: { cookie: await sessionCookie(u.userId, accountId), ...SAME_ORIGIN } };
}

/** An account owner with their portal headers. */
export async function makeOwner(opts: Parameters<typeof makeUser>[0] = {}): Promise<TeamMember> {
  const u = await makeUser(opts);
  return { ...u, portal: { cookie: await sessionCookie(u.userId, u.accountId), ...SAME_ORIGIN } };
}

/** A pending invitation's token (what the email carries), for an address nobody uses yet unless given. */
export async function invitationToken(
  owner: { userId: string; accountId: string },
  role: AccountRole = "developer",
  email?: string,
): Promise<string> {
  const to = email ?? `invitee.${randomBytes(4).toString("hex")}@example.test`;
  return (
    await createInvitation(
      { accountId: owner.accountId, userId: owner.userId, role: "owner" },
      { email: to, role },
      "http://localhost",
    )
  ).token;
}
