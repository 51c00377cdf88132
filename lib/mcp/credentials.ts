import { ACCESS_TOKEN_PREFIX, verifyAccessToken } from "@/lib/auth/access-tokens";
import { API_KEY_PREFIX } from "@/lib/auth/api-keys";
import { verifyApiKey } from "@/lib/auth/verify-api-key";
import { publicBaseUrl, WEATHER_SCOPE } from "@/lib/oauth/config";
import { weatherKeyValue } from "@/lib/oauth/grants";
import { ApiError } from "@/lib/http/errors";
import type { PrincipalOf } from "@/lib/http/types";

/** Header that carries an API key beside an access token (one Authorization header holds one credential). */
export const MCP_API_KEY_HEADER = "x-api-key";

export interface McpCredentials {
  apiKey?: { value: string; principal: PrincipalOf<"api_key"> };
  accessToken?: { value: string; principal: PrincipalOf<"access_token"> };
}

export { publicBaseUrl };

export const protectedResourceMetadataUrl = (req: Request) =>
  `${publicBaseUrl(req)}/.well-known/oauth-protected-resource`;

/**
 * The Bearer credential of an MCP request: an API key (`svc_…`, weather tools by its scopes) or
 * an access token (`sat_…`, trip tools as its user, within its trip and scope limits). An agent that
 * needs both sends the token as Bearer and the key in `X-Api-Key`. Each credential is verified here
 * (one cached lookup, as every route does) so tools/list can show only what it may call; each
 * tool call is authorised again by its own REST operation.
 */
export async function mcpCredentials(req: Request): Promise<McpCredentials> {
  const header = req.headers.get("authorization");
  const extraKey = req.headers.get(MCP_API_KEY_HEADER);
  if (header === null && extraKey === null) {
    throw new ApiError("unauthorized", 'Missing credential; send "Authorization: Bearer <API key or access token>".');
  }
  const creds: McpCredentials = {};
  const values: string[] = [];
  if (header !== null) {
    const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!m)
      throw new ApiError(
        "unauthorized",
        'Malformed Authorization header; send "Authorization: Bearer <API key or access token>".',
      );
    values.push(m[1]);
  }
  if (extraKey !== null) values.push(extraKey.trim());
  for (const value of values) {
    if (value.startsWith(API_KEY_PREFIX) && !creds.apiKey)
      creds.apiKey = { value, principal: await verifyApiKey(value) };
    else if (value.startsWith(ACCESS_TOKEN_PREFIX) && !creds.accessToken)
      creds.accessToken = { value, principal: await oauthAware(req, value) };
    else throw new ApiError("unauthorized", "Send one API key (svc_…) and/or one access token (sat_…).");
  }
  const t = creds.accessToken?.principal;
  // An OAuth grant that allowed the weather tools has its own API key (billed as API calls), derived, never sent.
  if (t?.oauthGrantId && t.tripScopes.includes(WEATHER_SCOPE) && !creds.apiKey) {
    const key = weatherKeyValue(t.oauthGrantId, t.userId);
    creds.apiKey = { value: key, principal: await verifyApiKey(key) };
  }
  return creds;
}

/** An OAuth token is valid here only for this resource (RFC 8707 audience); portal tokens carry none. */
async function oauthAware(req: Request, value: string) {
  const principal = await verifyAccessToken(value);
  if (principal.resource && principal.resource !== `${publicBaseUrl(req)}/api/mcp`) {
    throw new ApiError("unauthorized", "The access token was issued for another resource.");
  }
  return principal;
}
