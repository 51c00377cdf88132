import { env } from "@/lib/env";
import { ApiError } from "@/lib/http/errors";
import type { AuthStrategy, PrincipalOf } from "@/lib/http/types";
import type { ApiKeyScope, TripScope } from "./scopes";
import { assertTripScope, assertTripVisible } from "./token-limits";
import { assertScopes } from "./api-keys";
import { verifyApiKey } from "./verify-api-key";
import { verifyAccessToken } from "./access-tokens";
import { PLAYGROUND_KEY_HEADER, playgroundPrincipal } from "./playground-key";
import { hasSessionCookie, sessionFromRequest } from "./session";
import { currentToolName } from "@/lib/http/tool-context";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** `Authorization: Bearer <x>` value, or undefined when the header is absent. */
export function bearer(req: Request, what: string): string | undefined {
  const header = req.headers.get("authorization");
  if (header === null) return undefined;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!m) throw new ApiError("unauthorized", `Malformed Authorization header; send "Authorization: Bearer <${what}>".`);
  return m[1];
}

/**
 * Cookie-authenticated state-changing requests must come from our own origin
 * (CSRF defence in depth on top of SameSite=Lax cookies).
 */
export function assertSameOrigin(req: Request): void {
  if (SAFE_METHODS.has(req.method)) return;
  const origin = req.headers.get("origin");
  const allowed = new Set<string>();
  const host = req.headers.get("x-forwarded-host") ?? req.headers.get("host");
  if (host) {
    allowed.add(`http://${host}`);
    allowed.add(`https://${host}`);
  }
  const configured = env().NEXTAUTH_URL;
  if (configured) allowed.add(new URL(configured).origin);
  if (!origin || !allowed.has(origin)) {
    throw new ApiError(
      "origin_mismatch",
      "Cross-origin request refused: state-changing cookie requests must come from this site.",
    );
  }
}

export function none(): AuthStrategy<{ type: "none" }> {
  return { security: [], authenticate: async () => ({ type: "none" }) };
}

/** API key in `Authorization: Bearer svc_…` with every listed scope. */
export function apiKey(...scopes: ApiKeyScope[]): AuthStrategy<PrincipalOf<"api_key">> {
  return {
    security: [{ apiKey: scopes }],
    scopes,
    async authenticate(req) {
      const key = bearer(req, "API_KEY");
      if (!key) throw new ApiError("unauthorized", 'Missing API key; send "Authorization: Bearer <API_KEY>".');
      const principal = await verifyApiKey(key);
      assertScopes(principal.scopes, scopes, principal);
      return principal;
    },
  };
}

/** The portal's signed-in user (next-auth cookie). */
export function session(): AuthStrategy<PrincipalOf<"session">> {
  return {
    security: [{ session: [] }],
    async authenticate(req) {
      const p = await sessionFromRequest(req);
      if (!p) throw new ApiError("unauthorized", "Sign in to continue.");
      assertSameOrigin(req);
      return p;
    },
  };
}

/**
 * A bearer API key (with the scopes) when sent, else the session cookie. With the
 * session, the playground header names one of the user's keys to act as (its scopes
 * apply); the custom header also means a cross-site page cannot send it unpreflighted.
 */
export function sessionOrApiKey(
  ...scopes: ApiKeyScope[]
): AuthStrategy<PrincipalOf<"session"> | PrincipalOf<"api_key">> {
  const byKey = apiKey(...scopes);
  const bySession = session();
  return {
    security: [{ apiKey: scopes }, { session: [] }],
    scopes,
    async authenticate(req) {
      if (req.headers.get("authorization") !== null || !hasSessionCookie(req)) return byKey.authenticate(req);
      const s = await bySession.authenticate(req);
      const playgroundKey = req.headers.get(PLAYGROUND_KEY_HEADER);
      if (playgroundKey === null) return s;
      const principal = await playgroundPrincipal(s, playgroundKey);
      assertScopes(principal.scopes, scopes, principal);
      return principal;
    },
  };
}

/**
 * Trip endpoints: `Authorization: Bearer sat_…`, or the portal's session cookie. A token's own
 * limits (issue 28) apply here, so REST and MCP enforce them alike: its scopes (`need`, by default
 * trips:read for reads and trips:write for changes) give 403 insufficient_scope, and a token limited
 * to some trips gets 404 for any other, exactly as if the trip did not exist.
 */
export function accessToken(need?: TripScope): AuthStrategy<PrincipalOf<"access_token"> | PrincipalOf<"session">> {
  const bySession = session();
  return {
    security: [{ accessToken: [] }, { session: [] }],
    ...(need ? { scopes: [need] } : {}),
    async authenticate(req) {
      if (req.headers.get("authorization") === null && hasSessionCookie(req)) return bySession.authenticate(req);
      const token = bearer(req, "ACCESS_TOKEN");
      if (!token)
        throw new ApiError("unauthorized", 'Missing access token; send "Authorization: Bearer <ACCESS_TOKEN>".');
      const principal = await verifyAccessToken(token);
      // RFC 8707: a token issued for the MCP resource is not for this API (its audience differs); the MCP
      // server's own in-process call of a tool's operation is the one place it is accepted.
      if (principal.resource && currentToolName() === undefined)
        throw new ApiError(
          "unauthorized",
          "This access token was issued for the MCP server (its audience) and is not valid for the REST API.",
        );
      assertTripScope(principal, need ?? (SAFE_METHODS.has(req.method) ? "trips:read" : "trips:write"));
      return principal;
    },
    authorize(principal, params) {
      const tripId = (params as { tripId?: unknown } | undefined)?.tripId;
      if (typeof tripId === "number") assertTripVisible(principal, tripId);
    },
  };
}
