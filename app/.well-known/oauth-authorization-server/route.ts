import { authorizationServerMetadata } from "@/lib/oauth/endpoints";

/** RFC 8414 metadata of the authorization server for the MCP server (docs/agents.md). */
export const GET = async (req: Request) => authorizationServerMetadata(req);
