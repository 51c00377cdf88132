import { DEFAULT_MAX_REQUEST_BODY_SIZE, readRequestBody } from "@modelcontextprotocol/sdk/server/requestBody.js";
import { SUPPORTED_PROTOCOL_VERSIONS } from "@modelcontextprotocol/sdk/types.js";

/**
 * MCP 2026-07-28 beside 2025-11-25 on the v1 SDK server (docs/decisions/0131-mcp-2026-07-28-on-the-v1-server.md).
 * A request is on the new revision when its `MCP-Protocol-Version` header says so (or it carries the
 * new `Mcp-Method` header). Such a request is checked here (the standard headers against the body),
 * `server/discover` is answered here, and every other method runs through the same SDK server as a
 * 2025-11-25 request; its reply then gains the new result fields (`resultType`, cache hints,
 * `serverInfo`). Older clients never reach this file and keep the 2025-11-25 handshake.
 */
export const MODERN_PROTOCOL_VERSION = "2026-07-28";
/** What the v1 SDK speaks: a modern request is handed to it under this version. */
const LEGACY_PROTOCOL_VERSION = "2025-11-25";
export const SUPPORTED_VERSIONS = [MODERN_PROTOCOL_VERSION, ...SUPPORTED_PROTOCOL_VERSIONS];

const PROTOCOL_VERSION_META = "io.modelcontextprotocol/protocolVersion";
const SERVER_INFO_META = "io.modelcontextprotocol/serverInfo";
/** Spec error codes of 2026-07-28: the headers disagree with the body; a revision the server does not speak. */
export const HEADER_MISMATCH = -32020;
export const UNSUPPORTED_PROTOCOL_VERSION = -32022;

/**
 * Cache lifetimes (`ttlMs`, and `Cache-Control: private, max-age`) of the cacheable results. All are
 * private: what a credential sees depends on its grant. Tool, prompt and template lists change only
 * with a deploy or a new grant (which is a new token, hence a new cache); resources are trips and
 * change with every edit, so they are fresh for no time at all.
 */
export const CACHE_TTL_MS: Record<string, number> = {
  "server/discover": 300_000,
  "tools/list": 300_000,
  "prompts/list": 300_000,
  "resources/templates/list": 300_000,
  "resources/list": 0,
  "resources/read": 0,
};

/** Where `Mcp-Name` is mirrored from, per method. */
const NAME_SOURCE: Record<string, "name" | "uri"> = {
  "tools/call": "name",
  "prompts/get": "name",
  "resources/read": "uri",
};

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

export function isModernRequest(req: Request): boolean {
  const version = req.headers.get("mcp-protocol-version");
  if (version === MODERN_PROTOCOL_VERSION) return true;
  return req.headers.has("mcp-method") && (version === null || !SUPPORTED_PROTOCOL_VERSIONS.includes(version));
}

function rpcError(status: number, code: number, message: string, id: unknown = null, data?: unknown): Response {
  const error = data === undefined ? { code, message } : { code, message, data };
  return Response.json({ jsonrpc: "2.0", id: id ?? null, error }, { status });
}

/** A header value as the client sent it: the `=?base64?…?=` form carries non-ASCII or edge whitespace. */
function decodeHeader(value: string): string | undefined {
  if (!value.startsWith("=?base64?") || !value.endsWith("?=")) return value;
  const b64 = value.slice(9, -2);
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(b64)) return undefined;
  return Buffer.from(b64, "base64").toString("utf8");
}

export interface ModernMessage {
  id: unknown;
  method: string;
  /** The request to hand on: the same body, under the version the SDK speaks. */
  request: Request;
}

/**
 * Reads and checks a 2026-07-28 request: one JSON-RPC message (no batches in this revision) whose
 * `Mcp-Method` / `Mcp-Name` headers and `_meta` protocol version agree with the body. A disagreement
 * or a missing header is HTTP 400 with -32020; a revision we do not speak is 400 with -32022 naming
 * the ones we do. Notifications are exempt from the header presence rule, as in the spec.
 */
export async function checkModernRequest(req: Request): Promise<Response | ModernMessage> {
  const version = req.headers.get("mcp-protocol-version");
  if (version !== null && version !== MODERN_PROTOCOL_VERSION)
    return rpcError(400, UNSUPPORTED_PROTOCOL_VERSION, `Unsupported protocol version: ${version}.`, null, {
      supported: SUPPORTED_VERSIONS,
      requested: version,
    });
  let text: string;
  try {
    const body = await readRequestBody(req, DEFAULT_MAX_REQUEST_BODY_SIZE);
    if (body.tooLarge) return rpcError(413, -32000, "Request body too large.");
    text = body.text;
  } catch {
    return rpcError(400, -32700, "Parse error: Invalid JSON");
  }
  let msg: unknown;
  try {
    msg = JSON.parse(text);
  } catch {
    return rpcError(400, -32700, "Parse error: Invalid JSON");
  }
  if (!isRecord(msg) || msg.jsonrpc !== "2.0" || typeof msg.method !== "string")
    return rpcError(400, -32600, "Invalid Request: one JSON-RPC message per request (no batches in 2026-07-28).");
  const id = msg.id;
  const isRequest = id !== undefined;
  const params = isRecord(msg.params) ? msg.params : {};
  const meta = isRecord(params._meta) ? params._meta : {};
  if (version === null && isRequest)
    return rpcError(400, HEADER_MISMATCH, "Header mismatch: the MCP-Protocol-Version header is required.", id);
  if (isRequest && meta[PROTOCOL_VERSION_META] !== MODERN_PROTOCOL_VERSION)
    return rpcError(
      400,
      HEADER_MISMATCH,
      `Header mismatch: MCP-Protocol-Version says ${MODERN_PROTOCOL_VERSION} but params._meta["${PROTOCOL_VERSION_META}"] is ${JSON.stringify(meta[PROTOCOL_VERSION_META] ?? null)}.`,
      id,
    );
  const methodHeader = req.headers.get("mcp-method");
  if (methodHeader === null ? isRequest : methodHeader !== msg.method)
    return rpcError(
      400,
      HEADER_MISMATCH,
      methodHeader === null
        ? "Header mismatch: the Mcp-Method header is required."
        : `Header mismatch: Mcp-Method is ${JSON.stringify(methodHeader)} but the body's method is ${JSON.stringify(msg.method)}.`,
      id,
    );
  const nameHeader = req.headers.get("mcp-name");
  const source = NAME_SOURCE[msg.method];
  const bodyName = source ? params[source] : undefined;
  if (nameHeader !== null || (source && isRequest)) {
    const sent = nameHeader === null ? undefined : decodeHeader(nameHeader);
    if (sent === undefined || typeof bodyName !== "string" || sent !== bodyName)
      return rpcError(
        400,
        HEADER_MISMATCH,
        nameHeader === null
          ? `Header mismatch: ${msg.method} needs the Mcp-Name header (params.${source}).`
          : `Header mismatch: Mcp-Name does not match the body's ${source ? `params.${source}` : "method, which names nothing"}.`,
        id,
      );
  }
  const headers = new Headers(req.headers);
  headers.set("mcp-protocol-version", LEGACY_PROTOCOL_VERSION);
  headers.delete("content-length");
  return { id, method: msg.method, request: new Request(req.url, { method: "POST", headers, body: text }) };
}

function cacheHeaders(method: string): Record<string, string> {
  const ttl = CACHE_TTL_MS[method];
  if (ttl === undefined) return {};
  return { "Cache-Control": ttl > 0 ? `private, max-age=${ttl / 1000}` : "private, no-cache" };
}

function modernResult(method: string, result: Record<string, unknown>, serverInfo: object): Record<string, unknown> {
  const ttl = CACHE_TTL_MS[method];
  const meta = isRecord(result._meta) ? result._meta : {};
  return {
    ...result,
    resultType: "complete",
    ...(ttl === undefined ? {} : { ttlMs: ttl, cacheScope: "private" }),
    _meta: { ...meta, [SERVER_INFO_META]: serverInfo },
  };
}

/** `server/discover`: what a `initialize` would have said, for this credential. */
export function discoverResponse(
  id: unknown,
  body: { capabilities: object; serverInfo: { name: string; version: string }; instructions: string },
): Response {
  const result = modernResult("server/discover", { supportedVersions: SUPPORTED_VERSIONS, ...body }, body.serverInfo);
  return Response.json({ jsonrpc: "2.0", id, result }, { headers: cacheHeaders("server/discover") });
}

/** The SDK's 2025-11-25 reply, restated in 2026-07-28 terms (errors pass unchanged). */
export async function modernReply(
  method: string,
  response: Response,
  serverInfo: { name: string; version: string },
): Promise<Response> {
  if (!response.headers.get("content-type")?.includes("application/json")) return response;
  const body = (await response.json()) as unknown;
  if (!isRecord(body) || !isRecord(body.result))
    return new Response(JSON.stringify(body), { status: response.status, headers: response.headers });
  const headers = new Headers(response.headers);
  for (const [k, v] of Object.entries(cacheHeaders(method))) headers.set(k, v);
  headers.delete("content-length");
  return Response.json(
    { ...body, result: modernResult(method, body.result, serverInfo) },
    { status: response.status, headers },
  );
}
