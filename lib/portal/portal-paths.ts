/** The trip portal's paths and preference cookie, free of server imports (the nav and the shell read them). */
export type PortalFocus = "trips" | "developer";

export const FOCUS_COOKIE = "skycast_portal_focus";

/** Paths a trip-focused person uses; every other portal page shows the way back to their trips. */
export const TRIP_PORTAL_PATHS = ["/trips", "/inbox", "/settings/notifications"] as const;

export function isTripPortalPath(pathname: string): boolean {
  return TRIP_PORTAL_PATHS.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}
