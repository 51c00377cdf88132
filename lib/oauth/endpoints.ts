import { noteDatabaseError } from "@/lib/db/outage";
import { log } from "@/lib/log";
import { authenticateClient, registerClient } from "./clients";
import { ACCESS_TOKEN_TTL_S, issuerOf, mcpResourceOf, SCOPES_SUPPORTED } from "./config";
import { boundedText, NO_STORE, oauthEndpoint, OAuthError, readForm } from "./errors";
import { exchangeCode, refreshTokens, revokeToken } from "./grants";

function unexpected(err: unknown): Response {
  if (noteDatabaseError(err)) {
    return Response.json(
      { error: "temporarily_unavailable", error_description: "Retry shortly." },
      { status: 503, headers: { ...NO_STORE, "Retry-After": "1" } },
    );
  }
  log.error("oauth endpoint failed", { error: (err as Error).message });
  return Response.json(
    { error: "server_error", error_description: "An unexpected error occurred." },
    { status: 500, headers: NO_STORE },
  );
}

/** RFC 8414 authorization server metadata; the issuer is the public URL (NEXTAUTH_URL). */
export function authorizationServerMetadata(req: Request): Response {
  const issuer = issuerOf(req);
  return Response.json(
    {
      issuer,
      authorization_endpoint: `${issuer}/oauth/authorize`,
      token_endpoint: `${issuer}/oauth/token`,
      registration_endpoint: `${issuer}/oauth/register`,
      revocation_endpoint: `${issuer}/oauth/revoke`,
      scopes_supported: SCOPES_SUPPORTED,
      response_types_supported: ["code"],
      response_modes_supported: ["query"],
      grant_types_supported: ["authorization_code", "refresh_token"],
      code_challenge_methods_supported: ["S256"],
      token_endpoint_auth_methods_supported: ["none", "client_secret_basic", "client_secret_post"],
      revocation_endpoint_auth_methods_supported: ["none", "client_secret_basic", "client_secret_post"],
      client_id_metadata_document_supported: true,
      authorization_response_iss_parameter_supported: true,
      resource_indicators_supported: true,
      protected_resources: [mcpResourceOf(req)],
      service_documentation: `${issuer}/docs/agents`,
      access_token_lifetime_seconds: ACCESS_TOKEN_TTL_S,
    },
    { headers: { "Cache-Control": "public, max-age=3600", "Access-Control-Allow-Origin": "*" } },
  );
}

/** POST /oauth/token: authorization_code (PKCE) and refresh_token. */
export function tokenEndpoint(req: Request): Promise<Response> {
  return oauthEndpoint(async () => {
    const form = await readForm(req);
    const client = await authenticateClient(req, form);
    const grantType = form.get("grant_type");
    let body;
    if (grantType === "authorization_code") body = await exchangeCode(client, form);
    else if (grantType === "refresh_token") body = await refreshTokens(client, form);
    else if (grantType === null) throw new OAuthError("invalid_request", "grant_type is required.");
    else throw new OAuthError("unsupported_grant_type", "grant_type is authorization_code or refresh_token.");
    return Response.json(body, { headers: NO_STORE });
  }, unexpected);
}

/** POST /oauth/revoke (RFC 7009): 200 whether or not the token was known. */
export function revocationEndpoint(req: Request): Promise<Response> {
  return oauthEndpoint(async () => {
    const form = await readForm(req);
    const client = await authenticateClient(req, form);
    await revokeToken(client, form);
    return new Response(null, { status: 200, headers: NO_STORE });
  }, unexpected);
}

/** POST /oauth/register (RFC 7591): JSON metadata in, the client's registration out (201). */
export function registrationEndpoint(req: Request): Promise<Response> {
  return oauthEndpoint(async () => {
    if (!(req.headers.get("content-type") ?? "").toLowerCase().startsWith("application/json"))
      throw new OAuthError("invalid_client_metadata", "Send the client metadata as application/json.");
    const text = await boundedText(req, 16 * 1024);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new OAuthError("invalid_client_metadata", "The body is not JSON.");
    }
    return Response.json(await registerClient(body), { status: 201, headers: NO_STORE });
  }, unexpected);
}
