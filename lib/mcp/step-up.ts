import { WEATHER_SCOPE } from "@/lib/oauth/config";
import type { McpCredentials } from "./credentials";
import { mayCall, type OperationTool } from "./operation-tool";

/**
 * Step-up (MCP authorization, "Scope challenge"): an OAuth token calling a tool beyond its grant gets
 * HTTP 403 with `WWW-Authenticate: Bearer error="insufficient_scope", scope="…"` naming what to ask
 * for, so the client can send the user back to the consent page. Only OAuth tokens: API keys and
 * portal tokens keep answering such a call with the tool error they always did.
 */
export async function stepUpRefusal(
  req: Request,
  creds: McpCredentials,
  tools: Map<string, OperationTool>,
  resourceMetadataUrl: string,
): Promise<Response | undefined> {
  const token = creds.accessToken?.principal;
  if (!token?.resource) return undefined;
  let body: unknown;
  try {
    body = await req.clone().json();
  } catch {
    return undefined; // the transport answers the parse error
  }
  const messages = Array.isArray(body) ? body : [body];
  for (const m of messages) {
    if (typeof m !== "object" || m === null) continue;
    const { method, params } = m as { method?: unknown; params?: { name?: unknown } };
    if (method !== "tools/call" || typeof params?.name !== "string") continue;
    const tool = tools.get(params.name);
    if (!tool || mayCall(tool, creds)) continue;
    const needed = new Set(token.tripScopes);
    if (tool.need.credential === "access_token") needed.add(tool.need.scope);
    else needed.add(WEATHER_SCOPE);
    const scope = [...needed].join(" ");
    return Response.json(
      {
        jsonrpc: "2.0",
        id: (m as { id?: unknown }).id ?? null,
        error: {
          code: -32003,
          message: `${tool.name} needs the scope ${tool.need.credential === "access_token" ? tool.need.scope : WEATHER_SCOPE}, beyond this grant; authorize again with scope="${scope}".`,
        },
      },
      {
        status: 403,
        headers: {
          "WWW-Authenticate": `Bearer error="insufficient_scope", scope="${scope}", resource_metadata="${resourceMetadataUrl}", error_description="The grant does not cover ${tool.name}"`,
        },
      },
    );
  }
  return undefined;
}
