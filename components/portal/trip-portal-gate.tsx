"use client";
import type { ReactNode } from "react";
import { usePathname, useRouter } from "next/navigation";
import { Button, ButtonLink } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { useTripFocus } from "@/components/team/role-context";
import { FOCUS_COOKIE, isTripPortalPath } from "@/lib/portal/portal-paths";

/** Stores the view preference (a year) and reloads the layout, which then shows the whole console. */
export function openDeveloperConsole(refresh: () => void): void {
  document.cookie = `${FOCUS_COOKIE}=developer; path=/; max-age=${60 * 60 * 24 * 365}; samesite=lax`;
  refresh();
}

/**
 * A trip-only member (lib/portal/portal-focus.ts) sees their trips, not the developer console: any
 * other portal page says where their things are instead of showing keys, tokens or webhooks, and
 * offers the console to someone who does mean to build with the API.
 */
export function TripPortalGate({ children }: { children: ReactNode }) {
  const tripFocus = useTripFocus();
  const pathname = usePathname() ?? "";
  const router = useRouter();
  if (!tripFocus || isTripPortalPath(pathname)) return <>{children}</>;
  return (
    <>
      <PageHeader
        title="Your trips are here"
        description="This part of Skycast is the developer console: API keys, access tokens, webhooks and simulations for people who build with the API."
      />
      <div className="flex flex-wrap gap-3">
        <ButtonLink href="/trips">Go to my trips</ButtonLink>
        <Button variant="secondary" onClick={() => openDeveloperConsole(() => router.refresh())}>
          Open the developer console
        </Button>
      </div>
    </>
  );
}
