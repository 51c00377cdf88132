import type { TripScope } from "@/lib/auth/scopes";
import { env } from "@/lib/env";

/** The public origin: NEXTAUTH_URL when configured (behind a proxy), else the request's own. */
export function publicBaseUrl(req: Request): string {
  const configured = env().NEXTAUTH_URL;
  return configured ? new URL(configured).origin : new URL(req.url).origin;
}

/**
 * The authorization server's names, all from the public URL (NEXTAUTH_URL, else the request's origin):
 * instances with the same NEXTAUTH_URL are one issuer for one resource.
 */
export const issuerOf = (req: Request) => publicBaseUrl(req);
export const mcpResourceOf = (req: Request) => `${publicBaseUrl(req)}/api/mcp`;

export const ACCESS_TOKEN_TTL_S = 3600;
export const REFRESH_TOKEN_TTL_S = 30 * 86_400;
export const CODE_TTL_S = 600;

/** What the consent page offers: a level across the chosen trips. */
export const GRANT_LEVELS = ["read", "propose", "write"] as const;
export type GrantLevel = (typeof GRANT_LEVELS)[number];

export const LEVEL_LABELS: Record<GrantLevel, string> = {
  read: "Read only",
  propose: "Propose changes",
  write: "Apply changes",
};

/** The access token's trip scopes for a level. */
export const LEVEL_SCOPES: Record<GrantLevel, TripScope[]> = {
  read: ["trips:read"],
  propose: ["trips:read", "trips:propose"],
  write: ["trips:read", "trips:propose", "trips:write"],
};

/** The OAuth scope for the weather tools (the grant's own API key, billed as API calls). */
export const WEATHER_SCOPE = "weather";
export const WEATHER_KEY_SCOPES = ["weather:read", "weather:timeline", "weather:route"] as const;

export const SCOPES_SUPPORTED = ["trips:read", "trips:propose", "trips:write", WEATHER_SCOPE];
/** What the 401 challenge asks a new client for: the consent page's default. */
export const DEFAULT_CHALLENGE_SCOPE = "trips:read trips:propose weather";

export function scopeOfGrant(level: GrantLevel, weather: boolean): string {
  return [...LEVEL_SCOPES[level], ...(weather ? [WEATHER_SCOPE] : [])].join(" ");
}

/** The level a requested scope asks for (the consent page's preselection); Propose changes when it names none. */
export function levelAskedFor(scope: string | null): GrantLevel {
  const s = new Set((scope ?? "").split(" ").filter(Boolean));
  if (s.has("trips:write")) return "write";
  if (s.has("trips:read") && !s.has("trips:propose")) return "read";
  return "propose";
}
