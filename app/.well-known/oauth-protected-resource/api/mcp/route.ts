import { protectedResourceMetadata } from "@/lib/mcp/protected-resource";

/** RFC 9728 §3.1: the same document at the path-inserted URL of the resource /api/mcp (where clients also look). */
export const GET = async (req: Request) => protectedResourceMetadata(req);
