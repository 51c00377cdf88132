import { cache } from "react";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { getServerSession } from "next-auth";
import { authOptions } from "@/lib/auth/next-auth-options";
import { sessionFromCookieHeader } from "@/lib/auth/session";
import type { PrincipalOf } from "@/lib/http/types";

/**
 * The portal's guard: the next-auth session (a signed JWT cookie, no database
 * read), or a redirect to /sign-in. Deduplicated per request.
 */
export const requireSession = cache(async (): Promise<{ userId: string; email: string }> => {
  const session = await getServerSession(authOptions());
  const user = session?.user as { id?: string; email?: string | null } | undefined;
  if (!user?.id) redirect("/sign-in");
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
