import type { ReactNode } from "react";
import { connection } from "next/server";
import { Providers } from "@/components/portal/providers";
import { PortalShell } from "@/components/portal/portal-shell";
import { requireSession } from "@/lib/portal/current-user";

/**
 * Every portal page sits behind the session guard. `connection()` first, so
 * nothing here runs at build time; the guard itself only verifies the signed
 * session cookie (no database), so it can answer with a real redirect before
 * streaming starts. Pages that read the database do so inside <Suspense>.
 */
export default async function PortalLayout({ children }: { children: ReactNode }) {
  await connection();
  const { email } = await requireSession();
  return (
    <Providers>
      <PortalShell email={email}>{children}</PortalShell>
    </Providers>
  );
}
