import { appUrl } from "@/lib/mail/app-url";

/**
 * Where the portal is, for links in emails: NEXTAUTH_URL (lib/mail/app-url.ts), never the request's
 * Host or X-Forwarded-Host, which a caller controls and would put their domain into an invitation link.
 */
export function portalOrigin(): string {
  return new URL(appUrl("/")).origin;
}
