import { decode } from "next-auth/jwt";
import { and, eq } from "drizzle-orm";
import { accountMembers, accounts, users } from "@/drizzle/schema";
import { getDb } from "@/lib/db/client";
import type { PrincipalOf } from "@/lib/http/types";
import { authSecret } from "./auth-secret";

/** The `sv` claim of a session JWT (cookies issued before issue 30 carry none: version 0). */
export function sessionVersionClaim(token: Record<string, unknown> | null | undefined): number {
  return typeof token?.sv === "number" ? token.sv : 0;
}

const COOKIE_NAMES = ["__Secure-next-auth.session-token", "next-auth.session-token"];

function readCookie(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const i = part.indexOf("=");
    if (i > 0 && part.slice(0, i).trim() === name) return decodeCookieValue(part.slice(i + 1).trim());
  }
  return undefined;
}

/** A value that is not valid percent-encoding is no session (401 where one is required), never a 500. */
function decodeCookieValue(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

export function hasSessionCookie(req: Request): boolean {
  const header = req.headers.get("cookie");
  return COOKIE_NAMES.some((n) => readCookie(header, n) !== undefined);
}

/** The signed-in user behind a request's next-auth cookie, or null. */
export async function sessionFromRequest(req: Request): Promise<PrincipalOf<"session"> | null> {
  return sessionFromCookieHeader(req.headers.get("cookie"));
}

/**
 * The session's user and current account. The JWT names the user (`sub`) and the account chosen in
 * the portal (`acc`; absent on cookies issued before teams: the user's own account). The membership
 * is read on every request, in the same single statement as before, so removing a member or
 * changing a role is in force on the next request on every instance (nothing is cached).
 */
export async function sessionFromCookieHeader(cookieHeader: string | null): Promise<PrincipalOf<"session"> | null> {
  const raw = COOKIE_NAMES.map((n) => readCookie(cookieHeader, n)).find(Boolean);
  if (!raw) return null;
  let userId: string | undefined;
  let accountId: string | undefined;
  let version = 0;
  try {
    const token = await decode({ token: raw, secret: authSecret() });
    userId = token?.sub ?? undefined;
    accountId = typeof token?.acc === "string" ? token.acc : undefined;
    version = sessionVersionClaim(token);
  } catch {
    return null;
  }
  if (!userId || !UUID.test(userId) || (accountId !== undefined && !UUID.test(accountId))) return null;
  const db = await getDb();
  const [row] = await db
    .select({
      email: users.email,
      role: accountMembers.role,
      sessionVersion: users.sessionVersion,
      emailVerifiedAt: users.emailVerifiedAt,
      account: accounts,
    })
    .from(users)
    .innerJoin(
      accountMembers,
      and(eq(accountMembers.userId, users.id), eq(accountMembers.accountId, accountId ?? users.accountId)),
    )
    .innerJoin(accounts, eq(accounts.id, accountMembers.accountId))
    .where(eq(users.id, userId))
    .limit(1);
  // A password reset moved the user's version on: every cookie issued before it is no session,
  // on every instance, from the next request (the row is read per request, never cached).
  if (!row || row.sessionVersion !== version) return null;
  const a = row.account;
  return {
    type: "session",
    userId,
    email: row.email,
    emailVerified: row.emailVerifiedAt !== null,
    accountId: a.id,
    role: row.role,
    account: { id: a.id, plan: a.plan, environment: a.environment, limitOverrides: a.limitOverrides },
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
