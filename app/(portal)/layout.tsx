import type { ReactNode } from "react";
import { cookies } from "next/headers";
import { connection } from "next/server";
import { Providers } from "@/components/portal/providers";
import { PortalShell } from "@/components/portal/portal-shell";
import { requireSession } from "@/lib/portal/current-user";
import { RoleProvider } from "@/components/team/role-context";
import { FOCUS_COOKIE, readPortalFocus } from "@/lib/portal/portal-focus";

/**
 * Every portal page sits behind the session guard. `connection()` first, so
 * nothing here runs at build time; the guard verifies the signed session cookie
 * and the person's membership of its account (one indexed read: a removed member
 * is signed out on the next page load), so it can answer with a real redirect
 * before streaming starts. Pages that read more do so inside <Suspense>.
 */
export default async function PortalLayout({ children }: { children: ReactNode }) {
  await connection();
  const { email, userId, accountId, role } = await requireSession();
  // A person who is only a trip member gets the trip portal (lib/portal/portal-focus.ts).
  const focus = await readPortalFocus(userId, accountId, (await cookies()).get(FOCUS_COOKIE)?.value);
  return (
    <Providers>
      <RoleProvider value={{ userId, accountId, role, focus }}>
        <PortalShell email={email}>{children}</PortalShell>
      </RoleProvider>
    </Providers>
  );
}
