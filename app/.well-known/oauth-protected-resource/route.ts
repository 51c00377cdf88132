import { protectedResourceMetadata } from "@/lib/mcp/protected-resource";

/** RFC 9728 metadata of the MCP server (/api/mcp): named by its 401 challenge. */
export const GET = async (req: Request) => protectedResourceMetadata(req);
