import { cache } from "react";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { getServerSession } from "next-auth";
import { authOptions } from "@/lib/auth/next-auth-options";
import { decode } from "next-auth/jwt";
import { authSecret } from "@/lib/auth/auth-secret";
import { currentSessionVersion, sessionFromCookieHeader, sessionVersionClaim } from "@/lib/auth/session";
import type { PrincipalOf } from "@/lib/http/types";

/**
 * The portal's guard: the next-auth session (a signed JWT cookie) whose session version is still
 * the user's (one primary-key read: a password reset ends every other session at once), or a
 * redirect to /sign-in. Deduplicated per request.
 */
export const requireSession = cache(async (): Promise<{ userId: string; email: string }> => {
  const current = await currentPortalSession();
  if (!current) redirect("/sign-in");
  return current;
});

/** The signed-in user when the cookie is valid and current (not ended by a password reset), else null. */
export const currentPortalSession = cache(async (): Promise<{ userId: string; email: string } | null> => {
  const session = await getServerSession(authOptions());
  const user = session?.user as { id?: string; email?: string | null } | undefined;
  if (!user?.id) return null;
  const jar = await cookies();
  const raw = jar.get("__Secure-next-auth.session-token")?.value ?? jar.get("next-auth.session-token")?.value;
  const token = raw ? await decode({ token: raw, secret: authSecret() }).catch(() => null) : null;
  if ((await currentSessionVersion(user.id)) !== sessionVersionClaim(token)) return null;
  return { userId: user.id, email: user.email ?? "" };
});

/**
 * For server components that need the account (plan, environment, accountId):
 * reads the user and account from the database, so call it after
 * `await connection()` and inside <Suspense>. Redirects to /sign-in when the
 * cookie is absent or its user no longer exists.
 */
export const requirePortalUser = cache(async (): Promise<PrincipalOf<"session">> => {
  const jar = await cookies();
  const header = jar
    .getAll()
    .map((c) => `${c.name}=${encodeURIComponent(c.value)}`)
    .join("; ");
  const principal = await sessionFromCookieHeader(header);
  if (!principal) redirect("/sign-in");
  return principal;
});
