import { SCOPES_SUPPORTED } from "@/lib/oauth/config";
import { publicBaseUrl } from "./credentials";

/**
 * OAuth 2.0 Protected Resource Metadata (RFC 9728) for the MCP server, where its 401 challenge
 * points. It names our own authorization server (issue 41: /.well-known/oauth-authorization-server,
 * the same public URL) so any MCP client can connect by URL; API keys and portal access tokens are
 * still accepted as Bearer credentials.
 */
export function protectedResourceMetadata(req: Request): Response {
  const base = publicBaseUrl(req);
  return Response.json(
    {
      resource: `${base}/api/mcp`,
      authorization_servers: [base],
      resource_name: "Skycast MCP server",
      resource_documentation: `${base}/docs`,
      bearer_methods_supported: ["header"],
      scopes_supported: SCOPES_SUPPORTED,
    },
    { headers: { "Cache-Control": "public, max-age=3600" } },
  );
}
