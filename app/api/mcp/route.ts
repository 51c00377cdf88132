import { mcpEndpoint } from "@/lib/mcp/server";
import { mcpServerOptions } from "./tools";

/** The MCP server (Streamable HTTP, stateless, JSON responses): docs/agents.md. */
const handle = mcpEndpoint(mcpServerOptions);

export const POST = handle;
export const GET = handle;
export const DELETE = handle;
