import { env } from "@/lib/env";

/** Where the portal is, for links in emails: NEXTAUTH_URL when set (production), else the request's own origin. */
export function portalOrigin(req: Request): string {
  const configured = env().NEXTAUTH_URL;
  if (configured) return new URL(configured).origin;
  const url = new URL(req.url);
  const host = req.headers.get("x-forwarded-host") ?? req.headers.get("host") ?? url.host;
  const proto = req.headers.get("x-forwarded-proto") ?? url.protocol.replace(":", "");
  return `${proto}://${host}`;
}
