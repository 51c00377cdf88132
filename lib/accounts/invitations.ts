import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { accountInvitations, accountMembers, accounts, users, type AccountRole } from "@/drizzle/schema";
import { hashPassword } from "@/lib/auth/passwords";
import { newBearerSecret, sha256Hex } from "@/lib/auth/secrets";
import { getDb } from "@/lib/db/client";
import { pgErrorCode, PG_UNIQUE_VIOLATION } from "@/lib/db/sql";
import { ApiError, notFound } from "@/lib/http/errors";
import { log } from "@/lib/log";
import { sendMail } from "@/lib/mail/send-mail";
import { invitationMail } from "./invitation-mail";
import { assertCan } from "./permissions";
import type { MemberActor } from "./members";

export const INVITATION_PREFIX = "inv_";
export const INVITATION_TTL_MS = 7 * 24 * 3600 * 1000;

export interface InvitationView {
  invitation_id: string;
  email: string;
  role: AccountRole;
  expires_at: string;
}

export interface PendingInvitationView extends InvitationView {
  created_at: string;
  /** pending until accepted or revoked; expired once expires_at has passed (the link no longer works). */
  status: "pending" | "expired";
}

const view = (r: { id: string; email: string; role: AccountRole; expiresAt: Date }): InvitationView => ({
  invitation_id: r.id,
  email: r.email,
  role: r.role,
  expires_at: r.expiresAt.toISOString(),
});

/**
 * Invites someone by email with a role: a single-use link valid 7 days, sent by mail; only the
 * token's SHA-256 is stored, so the link exists nowhere but in that email. Inviting the same address
 * again replaces the pending invitation (the older link stops working). Owner role: owners only.
 * Returns the token too, for the caller that sends it (tests read it here instead of from a mailbox).
 */
export async function createInvitation(
  actor: MemberActor & { inviterName?: string; locale?: string },
  input: { email: string; role: AccountRole },
  portalOrigin: string,
  now = new Date(),
): Promise<{ invitation: InvitationView; token: string }> {
  if (input.role === "owner") assertCan(actor.role, "members.transfer_ownership");
  const db = await getDb();
  const secret = newBearerSecret(INVITATION_PREFIX);
  const { row, accountName } = await db.transaction(async (tx) => {
    const [account] = await tx
      .select({ name: accounts.name })
      .from(accounts)
      .where(eq(accounts.id, actor.accountId))
      .for("no key update");
    if (!account) throw notFound("Account");
    const [member] = await tx
      .select({ userId: accountMembers.userId })
      .from(accountMembers)
      .innerJoin(users, eq(users.id, accountMembers.userId))
      .where(
        and(eq(accountMembers.accountId, actor.accountId), sql`lower(${users.email}) = ${input.email.toLowerCase()}`),
      );
    if (member)
      throw new ApiError("conflict", "This person is already a member of the account.", {
        details: { field: "email", reason: "already_member" },
      });
    await tx
      .update(accountInvitations)
      .set({ revokedAt: now })
      .where(
        and(
          eq(accountInvitations.accountId, actor.accountId),
          eq(accountInvitations.email, input.email.toLowerCase()),
          isNull(accountInvitations.acceptedAt),
          isNull(accountInvitations.revokedAt),
        ),
      );
    const [inserted] = await tx
      .insert(accountInvitations)
      .values({
        accountId: actor.accountId,
        email: input.email.toLowerCase(),
        role: input.role,
        tokenHash: secret.hash,
        invitedBy: actor.userId,
        expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
        createdAt: now,
      })
      .returning();
    return { row: inserted, accountName: account.name };
  });
  const link = `${portalOrigin.replace(/\/$/, "")}/invite/${secret.value}`;
  try {
    await sendMail({
      to: row.email,
      ...invitationMail({
        accountName,
        role: row.role,
        link,
        inviter: actor.inviterName,
        expiresAt: row.expiresAt,
        locale: actor.locale,
      }),
    });
  } catch (err) {
    // No mail, no invitation: the link would exist nowhere, so nobody could accept it.
    await db.delete(accountInvitations).where(eq(accountInvitations.id, row.id));
    log.warn("invitation mail failed", { error: err });
    throw new ApiError(
      "service_unavailable",
      "The invitation email could not be sent; nothing was created. Try again.",
    );
  }
  return { invitation: view(row), token: secret.value };
}

/** Invitations neither accepted nor revoked, newest first (expired ones stay listed as expired until revoked). */
export async function listInvitations(accountId: string, now = new Date()): Promise<PendingInvitationView[]> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(accountInvitations)
    .where(
      and(
        eq(accountInvitations.accountId, accountId),
        isNull(accountInvitations.acceptedAt),
        isNull(accountInvitations.revokedAt),
      ),
    )
    .orderBy(desc(accountInvitations.createdAt), desc(accountInvitations.id));
  return rows.map((r) => ({
    ...view(r),
    created_at: r.createdAt.toISOString(),
    status: r.expiresAt > now ? "pending" : "expired",
  }));
}

export async function revokeInvitation(accountId: string, invitationId: string, now = new Date()): Promise<void> {
  const db = await getDb();
  const done = await db
    .update(accountInvitations)
    .set({ revokedAt: now })
    .where(
      and(
        eq(accountInvitations.id, invitationId),
        eq(accountInvitations.accountId, accountId),
        isNull(accountInvitations.acceptedAt),
        isNull(accountInvitations.revokedAt),
      ),
    )
    .returning({ id: accountInvitations.id });
  if (done.length === 0) throw notFound("Invitation");
}

export interface AcceptedInvitation {
  user: { user_id: string; email: string; name: string | null; created: boolean };
  account: { account_id: string; name: string; role: AccountRole };
}

const INVALID = () => new ApiError("not_found", "This invitation link is not valid. Ask for a new invitation.");
const USED = () =>
  new ApiError("gone", "This invitation has already been used or was revoked. Ask for a new invitation.");
const EXPIRED = () =>
  new ApiError("gone", "This invitation has expired (links are valid 7 days). Ask for a new invitation.");

/**
 * Accepts an invitation: the token is the credential. The invited address becomes a member with the
 * invited role, as a new user (password required) or the existing user with that email (attached;
 * a member already keeps their role). Single use: the row is locked and marked accepted in one transaction.
 */
export async function acceptInvitation(
  input: { token: string; password?: string; name?: string },
  now = new Date(),
): Promise<AcceptedInvitation> {
  const db = await getDb();
  const tokenHash = sha256Hex(input.token);
  const [peek] = await db
    .select({ email: accountInvitations.email })
    .from(accountInvitations)
    .where(eq(accountInvitations.tokenHash, tokenHash));
  if (!peek) throw INVALID();
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${peek.email}`);
  if (!existing && !input.password) {
    throw new ApiError("bad_request", "Choose a password to create your user.", {
      details: { field: "password", reason: "required_for_new_user" },
    });
  }
  // Hashing is slow on purpose: outside the transaction, which holds the invitation's row lock.
  const passwordHash = !existing && input.password ? await hashPassword(input.password) : null;
  try {
    return await db.transaction(async (tx) => {
      const [inv] = await tx
        .select()
        .from(accountInvitations)
        .where(eq(accountInvitations.tokenHash, tokenHash))
        .for("update");
      if (!inv) throw INVALID();
      if (inv.acceptedAt || inv.revokedAt) throw USED();
      if (inv.expiresAt <= now) throw EXPIRED();
      const [account] = await tx
        .select({ id: accounts.id, name: accounts.name })
        .from(accounts)
        .where(eq(accounts.id, inv.accountId));
      let user = (
        await tx
          .select()
          .from(users)
          .where(sql`lower(${users.email}) = ${inv.email}`)
      )[0];
      const created = !user;
      if (!user) {
        [user] = await tx
          .insert(users)
          .values({
            accountId: inv.accountId,
            email: inv.email,
            name: input.name?.trim() || null,
            passwordHash,
            emailVerifiedAt: now,
          })
          .returning();
      }
      await tx
        .insert(accountMembers)
        .values({ accountId: inv.accountId, userId: user.id, role: inv.role })
        .onConflictDoNothing();
      const [membership] = await tx
        .select({ role: accountMembers.role })
        .from(accountMembers)
        .where(and(eq(accountMembers.accountId, inv.accountId), eq(accountMembers.userId, user.id)));
      await tx
        .update(accountInvitations)
        .set({ acceptedAt: now, acceptedBy: user.id })
        .where(eq(accountInvitations.id, inv.id));
      return {
        user: { user_id: user.id, email: user.email, name: user.name, created },
        account: { account_id: account.id, name: account.name, role: membership.role },
      };
    });
  } catch (err) {
    // A sign-up with the same email raced this acceptance: accept again, attaching that user.
    if (pgErrorCode(err) === PG_UNIQUE_VIOLATION) return acceptInvitation({ ...input, password: undefined }, now);
    throw err;
  }
}

/** Still acceptable (for the /invite page before the form shows). */
export async function describeInvitation(token: string, now = new Date()) {
  const db = await getDb();
  const [row] = await db
    .select({
      email: accountInvitations.email,
      role: accountInvitations.role,
      accountName: accounts.name,
      expiresAt: accountInvitations.expiresAt,
    })
    .from(accountInvitations)
    .innerJoin(accounts, eq(accounts.id, accountInvitations.accountId))
    .where(
      and(
        eq(accountInvitations.tokenHash, sha256Hex(token)),
        isNull(accountInvitations.acceptedAt),
        isNull(accountInvitations.revokedAt),
        gt(accountInvitations.expiresAt, now),
      ),
    );
  if (!row) return undefined;
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${row.email}`);
  return { ...row, existingUser: existing !== undefined };
}
