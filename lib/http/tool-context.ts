import { AsyncLocalStorage } from "node:async_hooks";

/**
 * The MCP tool a call runs under: /api/mcp runs each tool's REST operation inside
 * `asTool(name, …)`, so that operation's own log row names the tool (one row per call) and the
 * bearer strategy knows the call is the MCP server's own (an MCP-audience token is accepted there
 * only). Infrastructure, so that both the request log and auth read it without importing each other.
 */
const currentTool = new AsyncLocalStorage<string>();

export function asTool<T>(name: string, fn: () => Promise<T>): Promise<T> {
  return currentTool.run(name, fn);
}

/** The MCP tool running the current operation in process, if any (never set by an outside request). */
export function currentToolName(): string | undefined {
  return currentTool.getStore();
}
