import { and, asc, eq } from "drizzle-orm";
import {
  accountMembers,
  accounts,
  users,
  type AccountEnvironment,
  type AccountRole,
  type Plan,
} from "@/drizzle/schema";
import { getDb } from "@/lib/db/client";
import { ApiError, notFound } from "@/lib/http/errors";
import type { Principal } from "@/lib/http/types";
import { assertCan } from "./permissions";

type Tx = Parameters<Parameters<Awaited<ReturnType<typeof getDb>>["transaction"]>[0]>[0];

/**
 * Who is acting on the account's members: a person (their role is re-read inside the transaction,
 * so a role lost a moment ago no longer counts) or an API key with the `admin` scope, which acts as
 * an admin (a key is the account's, not a person's: it can never transfer ownership).
 */
export type MemberActor = { accountId: string; userId: string | null; role: AccountRole };

export function memberActor(p: Principal): MemberActor {
  if (p.type === "session") return { accountId: p.accountId, userId: p.userId, role: p.role };
  if (p.type === "api_key")
    return { accountId: p.accountId, userId: p.sessionRole ? p.userId : null, role: p.sessionRole ?? "admin" };
  throw new ApiError("unauthorized", "Sign in or use an API key with the admin scope.");
}

export interface MemberView {
  user_id: string;
  email: string;
  name: string | null;
  role: AccountRole;
  joined_at: string;
}

export async function listMembers(accountId: string): Promise<MemberView[]> {
  const db = await getDb();
  const rows = await db
    .select({
      userId: users.id,
      email: users.email,
      name: users.name,
      role: accountMembers.role,
      createdAt: accountMembers.createdAt,
    })
    .from(accountMembers)
    .innerJoin(users, eq(users.id, accountMembers.userId))
    .where(eq(accountMembers.accountId, accountId))
    .orderBy(asc(accountMembers.createdAt), asc(users.email));
  return rows.map(toView);
}

function toView(r: {
  userId: string;
  email: string;
  name: string | null;
  role: AccountRole;
  createdAt: Date;
}): MemberView {
  return { user_id: r.userId, email: r.email, name: r.name, role: r.role, joined_at: r.createdAt.toISOString() };
}

/**
 * Every change to an account's members runs here: the account row is locked first (FOR NO KEY
 * UPDATE, which leaves inserts referencing the account alone), so two changes to one account's
 * members run one after the other and each sees the other's result. Two owners demoting each other
 * at once: the second finds itself no longer an owner, or the other as the last owner, and is refused.
 */
async function withMembersLocked<T>(accountId: string, run: (tx: Tx) => Promise<T>): Promise<T> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).for("no key update");
    return run(tx);
  });
}

async function roleIn(tx: Tx, accountId: string, userId: string): Promise<AccountRole | undefined> {
  const [row] = await tx
    .select({ role: accountMembers.role })
    .from(accountMembers)
    .where(and(eq(accountMembers.accountId, accountId), eq(accountMembers.userId, userId)));
  return row?.role;
}

/** The actor's role now (inside the lock): a person who was removed or demoted meanwhile acts as what they are now. */
async function currentRole(tx: Tx, actor: MemberActor): Promise<AccountRole> {
  if (actor.userId === null) return actor.role;
  const role = await roleIn(tx, actor.accountId, actor.userId);
  if (!role) throw new ApiError("unauthorized", "You are no longer a member of this account.");
  return role;
}

async function ownerCount(tx: Tx, accountId: string): Promise<number> {
  const rows = await tx
    .select({ userId: accountMembers.userId })
    .from(accountMembers)
    .where(and(eq(accountMembers.accountId, accountId), eq(accountMembers.role, "owner")));
  return rows.length;
}

function lastOwner(): ApiError {
  return new ApiError(
    "conflict",
    "The account's last owner cannot leave or be demoted: make another member an owner first.",
    {
      details: { reason: "last_owner" },
    },
  );
}

/** Sets a member's role. Granting or taking the owner role is an ownership transfer: owners only. */
export async function changeMemberRole(
  actor: MemberActor,
  targetUserId: string,
  role: AccountRole,
): Promise<MemberView> {
  return withMembersLocked(actor.accountId, async (tx) => {
    const mine = await currentRole(tx, actor);
    assertCan(mine, "members.manage");
    const theirs = await roleIn(tx, actor.accountId, targetUserId);
    if (!theirs) throw notFound("Member");
    if (theirs === "owner" || role === "owner") assertCan(mine, "members.transfer_ownership");
    if (theirs === "owner" && role !== "owner" && (await ownerCount(tx, actor.accountId)) <= 1) throw lastOwner();
    await tx
      .update(accountMembers)
      .set({ role })
      .where(and(eq(accountMembers.accountId, actor.accountId), eq(accountMembers.userId, targetUserId)));
    const [row] = await tx
      .select({
        userId: users.id,
        email: users.email,
        name: users.name,
        role: accountMembers.role,
        createdAt: accountMembers.createdAt,
      })
      .from(accountMembers)
      .innerJoin(users, eq(users.id, accountMembers.userId))
      .where(and(eq(accountMembers.accountId, actor.accountId), eq(accountMembers.userId, targetUserId)));
    return toView(row);
  });
}

/**
 * Removes a member, or the actor themself (leaving: any role may). Their sessions in this account end
 * at once on every instance: the session reads its membership on every request (lib/auth/session.ts).
 * Keys they minted stay: a key is the account's (owners and admins revoke them on the Keys page).
 */
export async function removeMember(actor: MemberActor, targetUserId: string): Promise<void> {
  await withMembersLocked(actor.accountId, async (tx) => {
    const mine = await currentRole(tx, actor);
    const leaving = actor.userId === targetUserId;
    if (!leaving) assertCan(mine, "members.manage");
    const theirs = leaving ? mine : await roleIn(tx, actor.accountId, targetUserId);
    if (!theirs) throw notFound("Member");
    if (!leaving && theirs === "owner") assertCan(mine, "members.transfer_ownership");
    if (theirs === "owner" && (await ownerCount(tx, actor.accountId)) <= 1) throw lastOwner();
    await tx
      .delete(accountMembers)
      .where(and(eq(accountMembers.accountId, actor.accountId), eq(accountMembers.userId, targetUserId)));
  });
}

export interface MembershipView {
  account_id: string;
  name: string;
  role: AccountRole;
  plan: Plan;
  environment: AccountEnvironment;
}

/** The accounts a person belongs to (the portal's account switcher). */
export async function listMemberships(userId: string): Promise<MembershipView[]> {
  const db = await getDb();
  const rows = await db
    .select({
      id: accounts.id,
      name: accounts.name,
      role: accountMembers.role,
      plan: accounts.plan,
      environment: accounts.environment,
    })
    .from(accountMembers)
    .innerJoin(accounts, eq(accounts.id, accountMembers.accountId))
    .where(eq(accountMembers.userId, userId))
    .orderBy(asc(accountMembers.createdAt), asc(accounts.id));
  return rows.map((r) => ({ account_id: r.id, name: r.name, role: r.role, plan: r.plan, environment: r.environment }));
}

/** Whether a person belongs to an account (switching the session's current account requires it). */
export async function isMember(userId: string, accountId: string): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select({ role: accountMembers.role })
    .from(accountMembers)
    .where(and(eq(accountMembers.accountId, accountId), eq(accountMembers.userId, userId)));
  return row !== undefined;
}

/** The account a sign-in lands in: the user's own when they are still a member of it, else the first they joined. */
export async function defaultAccountOf(userId: string): Promise<string | undefined> {
  const db = await getDb();
  const rows = await db
    .select({ accountId: accountMembers.accountId, own: users.accountId })
    .from(accountMembers)
    .innerJoin(users, eq(users.id, accountMembers.userId))
    .where(eq(accountMembers.userId, userId))
    .orderBy(asc(accountMembers.createdAt), asc(accountMembers.accountId));
  return (rows.find((r) => r.accountId === r.own) ?? rows[0])?.accountId;
}
