import { cache } from "react";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { getServerSession } from "next-auth";
import { authOptions } from "@/lib/accounts/next-auth-options";
import { sessionFromCookieHeader } from "@/lib/auth/session";
import type { PrincipalOf } from "@/lib/http/types";
import type { AccountRole } from "@/drizzle/schema";

/**
 * The portal's guard: the next-auth session and the person's membership of its current account
 * (one indexed read), or a redirect to /sign-in. A member removed from the account (issue 30) is
 * signed out on their next page load, on every instance: nothing about membership is cached.
 * Deduplicated per request.
 */
export const requireSession = cache(
  async (): Promise<{ userId: string; email: string; accountId: string; role: AccountRole }> => {
    const session = await getServerSession(authOptions());
    const user = session?.user as { id?: string; email?: string | null } | undefined;
    if (!user?.id) redirect("/sign-in");
    const principal = await validSession();
    if (!principal) redirect("/sign-in?signedOut=ended");
    return { userId: principal.userId, email: principal.email, accountId: principal.accountId, role: principal.role };
  },
);

/** The session behind this request's cookie when it is still valid (user and membership exist), else null. */
export const validSession = cache(async (): Promise<PrincipalOf<"session"> | null> => {
  const jar = await cookies();
  const header = jar
    .getAll()
    .map((c) => `${c.name}=${encodeURIComponent(c.value)}`)
    .join("; ");
  return sessionFromCookieHeader(header);
});

/** The signed-in user when the cookie is valid and current (membership kept, not ended by a password reset), else null. */
export const currentPortalSession = cache(async (): Promise<{ userId: string; email: string } | null> => {
  const p = await validSession();
  return p ? { userId: p.userId, email: p.email } : null;
});

/**
 * For server components that need the account (plan, environment, accountId):
 * reads the user and account from the database, so call it after
 * `await connection()` and inside <Suspense>. Redirects to /sign-in when the
 * cookie is absent or its user no longer exists.
 */
export const requirePortalUser = cache(async (): Promise<PrincipalOf<"session">> => {
  const principal = await validSession();
  if (!principal) redirect("/sign-in");
  return principal;
});
