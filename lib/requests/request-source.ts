import { PLAYGROUND_KEY_HEADER } from "@/lib/auth/playground-key-header";
import { hasSessionCookie } from "@/lib/auth/session";
import type { Principal } from "@/lib/http/types";

/**
 * Who made a call, as the request log shows it: `portal` (the signed-in portal, by its session
 * cookie), `playground` (the portal's playground acting as one of the user's keys: the user's own
 * test calls, shown by default) or `api` (a key or token sent by the user's code, MCP included).
 * Decided from the credential the request actually used, so a Bearer key sent from a browser that
 * also holds a session cookie is `api`.
 */
export type RequestSource = "api" | "portal" | "playground";
export const REQUEST_SOURCES = ["api", "portal", "playground"] as const;

export function requestSource(req: Request, principal: Principal): RequestSource {
  if (principal.type === "session") return "portal";
  const byCookie = req.headers.get("authorization") === null && hasSessionCookie(req);
  if (!byCookie) return "api";
  return principal.type === "api_key" && req.headers.has(PLAYGROUND_KEY_HEADER) ? "playground" : "portal";
}
