import { API_KEY_SCOPES, TRIP_SCOPES } from "@/lib/auth/scopes";
import { publicBaseUrl } from "./credentials";

/**
 * OAuth 2.0 Protected Resource Metadata (RFC 9728) for the MCP server, where its 401 challenge
 * points. We issue credentials ourselves (API keys and access tokens from the portal or
 * POST /api/developer/tokens), so no authorization server is named: a client sends a Bearer it holds.
 */
export function protectedResourceMetadata(req: Request): Response {
  const base = publicBaseUrl(req);
  return Response.json(
    {
      resource: `${base}/api/mcp`,
      resource_name: "Skycast MCP server",
      resource_documentation: `${base}/docs`,
      bearer_methods_supported: ["header"],
      scopes_supported: [...TRIP_SCOPES, ...API_KEY_SCOPES.filter((s) => s.startsWith("weather:"))],
    },
    { headers: { "Cache-Control": "public, max-age=3600" } },
  );
}
