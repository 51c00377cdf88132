import { loadClient, type OAuthClient } from "./clients";
import { mcpResourceOf, SCOPES_SUPPORTED } from "./config";
import { OAuthError } from "./errors";
import { redirectUriMatches } from "./redirect-uris";

export interface AuthorizationRequest {
  client: OAuthClient;
  redirectUri: string;
  state: string | null;
  codeChallenge: string;
  scope: string | null;
  resource: string;
}

/** The parameters the consent form carries back unchanged (and re-checks). */
export const REQUEST_PARAMS = [
  "response_type",
  "client_id",
  "redirect_uri",
  "state",
  "scope",
  "code_challenge",
  "code_challenge_method",
  "resource",
] as const;

/**
 * Before the client and its redirect URI are known good nothing may be sent to that URI: these
 * errors are shown to the user as a page (RFC 6749 §4.1.2.1).
 */
export class AuthorizePageError extends Error {}

/** After that, errors go back to the client at its redirect URI (with state and iss, RFC 9207). */
export class AuthorizeRedirectError extends OAuthError {
  constructor(
    error: string,
    description: string,
    readonly redirectUri: string,
    readonly state: string | null,
  ) {
    super(error, description);
  }
}

const single = (p: URLSearchParams, name: string): string | null => {
  const all = p.getAll(name);
  if (all.length > 1) throw new AuthorizePageError(`The parameter ${name} is repeated.`);
  return all[0] ?? null;
};

export async function parseAuthorizationRequest(req: Request, p: URLSearchParams): Promise<AuthorizationRequest> {
  const clientId = single(p, "client_id");
  if (!clientId) throw new AuthorizePageError("The request names no client (client_id is missing).");
  let client: OAuthClient;
  try {
    client = await loadClient(clientId);
  } catch (err) {
    if (err instanceof OAuthError) throw new AuthorizePageError(err.description);
    throw err;
  }
  const asked = single(p, "redirect_uri");
  let redirectUri: string;
  if (asked === null) {
    if (client.redirectUris.length !== 1)
      throw new AuthorizePageError("redirect_uri is required: the client registered more than one.");
    redirectUri = client.redirectUris[0];
  } else if (redirectUriMatches(asked, client.redirectUris)) redirectUri = asked;
  else throw new AuthorizePageError("The redirect_uri is not one the client registered; nothing was sent to it.");

  let state: string | null = null;
  const fail = (error: string, description: string): never => {
    throw new AuthorizeRedirectError(error, description, redirectUri, state);
  };
  try {
    state = single(p, "state");
    if (state !== null && state.length > 1000) fail("invalid_request", "state is too long.");
    for (const name of REQUEST_PARAMS) single(p, name);
  } catch (err) {
    if (err instanceof AuthorizePageError) fail("invalid_request", err.message);
    throw err;
  }
  const responseType = p.get("response_type");
  if (responseType !== "code")
    fail(responseType === null ? "invalid_request" : "unsupported_response_type", "response_type must be code.");
  const challenge = p.get("code_challenge");
  if (!challenge) fail("invalid_request", "PKCE is required: send code_challenge with code_challenge_method=S256.");
  if (p.get("code_challenge_method") !== "S256") fail("invalid_request", "code_challenge_method must be S256.");
  if (!/^[A-Za-z0-9._~-]{43,128}$/.test(challenge!))
    fail("invalid_request", "code_challenge must be 43-128 characters of the base64url alphabet.");
  const scope = p.get("scope");
  if (scope !== null) {
    const unknown = scope.split(" ").filter((s) => s && !SCOPES_SUPPORTED.includes(s));
    if (unknown.length > 0 || scope.length > 500)
      fail(
        "invalid_scope",
        `Unknown scope: ${unknown.join(" ").slice(0, 200)}. Scopes: ${SCOPES_SUPPORTED.join(" ")}.`,
      );
  }
  const ours = mcpResourceOf(req);
  const resource = p.get("resource");
  if (resource !== null && resource !== ours && resource !== `${ours}/`)
    fail("invalid_target", `This server issues tokens for ${ours} only.`);
  return { client, redirectUri, state, codeChallenge: challenge!, scope, resource: ours };
}

/** The client's redirect URI with the given parameters added (and iss, RFC 9207). */
export function redirectWith(redirectUri: string, params: Record<string, string | null>): string {
  const u = new URL(redirectUri);
  for (const [k, v] of Object.entries(params)) if (v !== null) u.searchParams.set(k, v);
  return u.toString();
}
