import {
  DEFAULT_MAX_REQUEST_BODY_SIZE,
  readRequestBody,
  requestBodyTooLargeMessage,
} from "@modelcontextprotocol/sdk/server/requestBody.js";
import { isJsonContentType } from "@modelcontextprotocol/sdk/shared/mediaType.js";
import { SUPPORTED_PROTOCOL_VERSIONS, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { argumentsProblem } from "./check-arguments";
import type { OperationTool } from "./operation-tool";

/**
 * The fast path for the one message agents send most: a single JSON-RPC `tools/call` of a known
 * tool. Per request the SDK builds a `Server` and a transport, parses the message with zod three
 * times (JSON-RPC envelope, then the tools/call schema twice), validates our own result with zod,
 * and on close aborts the finished request's controller (a DOMException and an McpError with
 * stack traces): about half of an MCP call's CPU beside the REST operation itself (docs/decisions/0043-mcp-and-supplement-speed.md).
 *
 * It answers only what it can answer exactly as the SDK transport would: the transport's own
 * checks run first (the SDK's Accept rule, `isJsonContentType`, `SUPPORTED_PROTOCOL_VERSIONS`, its
 * body size limit), the message must be a plain `{jsonrpc: "2.0", id, method: "tools/call",
 * params: {name, arguments?}}` naming a known tool, and the reply is the SDK's own shape
 * (`{result, jsonrpc, id}`, 200, `Content-Type: application/json`). Anything else, including every
 * malformed message, goes to the SDK: `request` (a copy when the body was read but not parsed) or
 * `parsedBody` (when it was parsed) carry the message on.
 */
export type FastOutcome =
  | { response: Response; request?: undefined; parsedBody?: undefined }
  | { response?: undefined; request: Request; parsedBody?: unknown };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** The SDK's `createJsonErrorResponse` (status, JSON-RPC error, `id: null`). */
function jsonRpcError(status: number, code: number, message: string, id: string | number | null = null): Response {
  return new Response(JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id }), {
    status,
    headers: { "Content-Type": "application/json" },
  });
}

/** A plain tools/call: exactly the JSON-RPC request keys, params of exactly name and arguments (no _meta, no task). */
export function plainToolsCall(
  msg: unknown,
): { id: string | number; name: string; args: Record<string, unknown> } | undefined {
  if (!isRecord(msg) || msg.jsonrpc !== "2.0" || msg.method !== "tools/call") return undefined;
  const id = msg.id;
  if (typeof id !== "string" && !(typeof id === "number" && Number.isInteger(id))) return undefined;
  for (const k in msg) if (k !== "jsonrpc" && k !== "id" && k !== "method" && k !== "params") return undefined;
  const params = msg.params;
  if (!isRecord(params) || typeof params.name !== "string") return undefined;
  for (const k in params) if (k !== "name" && k !== "arguments") return undefined;
  const args = params.arguments;
  if (args !== undefined && !isRecord(args)) return undefined;
  return { id, name: params.name, args: args ?? {} };
}

export async function fastToolsCall(
  req: Request,
  tools: Map<string, OperationTool>,
  call: (tool: OperationTool, args: Record<string, unknown>) => Promise<CallToolResult>,
): Promise<FastOutcome> {
  const accept = req.headers.get("accept");
  if (
    !accept?.includes("application/json") ||
    !accept.includes("text/event-stream") ||
    !isJsonContentType(req.headers.get("content-type"))
  ) {
    return { request: req };
  }
  let text: string;
  try {
    // A declared length within the limit is read at once; otherwise the SDK's bounded stream read.
    const length = Number(req.headers.get("content-length") ?? NaN);
    const body =
      length >= 0 && length <= DEFAULT_MAX_REQUEST_BODY_SIZE
        ? { tooLarge: false as const, text: await req.text() }
        : await readRequestBody(req, DEFAULT_MAX_REQUEST_BODY_SIZE);
    if (body.tooLarge)
      return { response: jsonRpcError(413, -32000, requestBodyTooLargeMessage(DEFAULT_MAX_REQUEST_BODY_SIZE)) };
    text = body.text;
  } catch {
    return { response: jsonRpcError(400, -32700, "Parse error: Invalid JSON") };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { request: new Request(req.url, { method: req.method, headers: req.headers, body: text }) };
  }
  const version = req.headers.get("mcp-protocol-version");
  const refused = refusedArguments(parsed, tools);
  if (refused) return { response: refused };
  const msg = plainToolsCall(parsed);
  const tool = msg && tools.get(msg.name);
  if (!msg || !tool || (version !== null && !SUPPORTED_PROTOCOL_VERSIONS.includes(version)))
    return { request: req, parsedBody: parsed };
  const result = await call(tool, msg.args);
  return {
    response: new Response(JSON.stringify({ result, jsonrpc: "2.0", id: msg.id }), {
      status: 200,
      headers: { "Content-Type": "application/json" },
    }),
  };
}

/**
 * A tools/call whose arguments are not an object, nest too deep, or name undeclared arguments:
 * -32602 Invalid params, answered here for both paths (the SDK would call a non-object a -32603).
 */
function refusedArguments(msg: unknown, tools: Map<string, OperationTool>): Response | undefined {
  if (!isRecord(msg) || msg.method !== "tools/call" || !isRecord(msg.params)) return undefined;
  const tool = typeof msg.params.name === "string" ? tools.get(msg.params.name) : undefined;
  if (!tool) return undefined;
  const problem = argumentsProblem(tool, msg.params.arguments);
  if (!problem) return undefined;
  const id = typeof msg.id === "string" || typeof msg.id === "number" ? msg.id : null;
  return jsonRpcError(200, -32602, `Invalid params: ${problem}.`, id);
}
