import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import {
  CallToolRequestSchema,
  ErrorCode,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  type CallToolResult,
  type Tool,
} from "@modelcontextprotocol/sdk/types.js";
import { randomUUID } from "node:crypto";
import { noteDatabaseError } from "@/lib/db/outage";
import { errorBody } from "@/lib/http/envelopes";
import { ApiError, isApiError } from "@/lib/http/errors";
import { log } from "@/lib/log";
import { mcpCredentials, protectedResourceMetadataUrl, publicBaseUrl, type McpCredentials } from "./credentials";
import { fastToolsCall } from "./fast-tools-call";
import { stepUpRefusal } from "./step-up";
import { DEFAULT_CHALLENGE_SCOPE } from "@/lib/oauth/config";
import { invoker, mayCall, missingCredentialFor, type OperationTool, type ToolError } from "./operation-tool";
import { argumentsProblem } from "./check-arguments";
import { originRefusal } from "./origin-check";
import { TRIP_CARD, tripCardResource } from "./trip-card";
import {
  checkModernRequest,
  discoverResponse,
  isModernRequest,
  modernReply,
  type ModernMessage,
} from "./modern-protocol";

export interface PromptDefinition {
  name: string;
  title: string;
  description: string;
  arguments: Array<{ name: string; description: string; required?: boolean }>;
  /** Only offered when the credentials may call every one of these tools. */
  uses: string[];
  text(args: Record<string, string>): string;
}

export interface McpServerOptions {
  name: string;
  version: string;
  instructions: string;
  tools: OperationTool[];
  /** One resource per trip (skycast://trips/{trip_id}/itinerary), read through these tools. */
  itinerary?: { list: OperationTool; read: OperationTool };
  prompts?: PromptDefinition[];
}

/** One validator for every per-request server: the SDK otherwise builds a new Ajv instance per server (most of a call's CPU). */
const jsonSchemaValidator = new AjvJsonSchemaValidator();

const ITINERARY_URI = /^skycast:\/\/trips\/(\d{1,10})\/itinerary$/;

function errorResult(error: ToolError): CallToolResult {
  // No structuredContent: it would have to match the tool's output schema. The JSON text carries the machine code.
  return { isError: true, content: [{ type: "text", text: JSON.stringify({ error }) }] };
}

/** One tools/call, answered by the SDK's handler or by the fast path alike. */
export async function callTool(
  tool: OperationTool,
  args: Record<string, unknown>,
  creds: McpCredentials,
  baseUrl: string,
): Promise<CallToolResult> {
  const missing = missingCredentialFor(tool, creds);
  if (missing) return errorResult(missing);
  const invoke = invoker(baseUrl, creds, tool.name);
  try {
    const out = await invoke(tool.route, args);
    if (!out.ok) return errorResult(tool.enrichError ? await tool.enrichError(out.error, args, invoke) : out.error);
    const meta: Record<string, unknown> = {};
    for (const k in out.meta) meta[`skycast/${k}`] = out.meta[k];
    return { content: [{ type: "text", text: tool.text(out.data) }], structuredContent: out.data, _meta: meta };
  } catch (err) {
    log.error("mcp tool failed", { tool: tool.name, error: (err as Error).message });
    return errorResult({ code: "internal_error", status: 500, message: "An unexpected error occurred." });
  }
}

/** What this credential may use: its tools, the itinerary resources if it may read them, its prompts. */
function offered(opts: McpServerOptions, creds: McpCredentials) {
  const allowed = opts.tools.filter((t) => mayCall(t, creds));
  const may = (name: string) => allowed.some((t) => t.name === name);
  const itinerary =
    opts.itinerary && may(opts.itinerary.list.name) && may(opts.itinerary.read.name) ? opts.itinerary : undefined;
  const prompts = (opts.prompts ?? []).filter((p) => p.uses.every(may));
  const capabilities = {
    tools: {},
    ...(itinerary ? { resources: {} } : {}),
    ...(prompts.length > 0 ? { prompts: {} } : {}),
  };
  return { allowed, itinerary, prompts, capabilities };
}

function buildServer(opts: McpServerOptions, creds: McpCredentials, baseUrl: string): Server {
  const { allowed, itinerary, prompts, capabilities } = offered(opts, creds);
  const byName = toolsByName(opts);
  const server = new Server(
    { name: opts.name, version: opts.version },
    {
      capabilities,
      instructions: opts.instructions,
      jsonSchemaValidator,
    },
  );

  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: allowed.map(listing) }));

  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = byName.get(request.params.name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`);
    const problem = argumentsProblem(tool, request.params.arguments);
    if (problem) throw new McpError(ErrorCode.InvalidParams, `Invalid params: ${problem}.`);
    return callTool(tool, request.params.arguments ?? {}, creds, baseUrl);
  });

  if (itinerary) {
    const invoke = (name: string) => invoker(baseUrl, creds, name);
    server.setRequestHandler(ListResourceTemplatesRequestSchema, async () => ({
      resourceTemplates: [
        {
          uriTemplate: "skycast://trips/{trip_id}/itinerary",
          name: "itinerary",
          title: "Trip itinerary",
          description: "A trip's events with its current revision",
          mimeType: "application/json",
        },
      ],
    }));
    server.setRequestHandler(ListResourcesRequestSchema, async () => {
      const out = await invoke(itinerary.list.name)(itinerary.list.route, {});
      if (!out.ok) throw new McpError(ErrorCode.InternalError, out.error.message, out.error);
      const trips = (out.data.trips ?? []) as Array<{ trip_id: number; name: string }>;
      return {
        resources: [
          {
            uri: TRIP_CARD.uri,
            name: "trip-card",
            title: "Trip card (MCP Apps)",
            description: "The trip's events with their weather and the pending proposal, with Accept and Reject",
            mimeType: TRIP_CARD.mimeType,
          },
          ...trips.map((t) => ({
            uri: `skycast://trips/${t.trip_id}/itinerary`,
            name: `itinerary-${t.trip_id}`,
            title: `${t.name}: itinerary`,
            mimeType: "application/json",
          })),
        ],
      };
    });
    server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
      if (request.params.uri === TRIP_CARD.uri) return tripCardResource();
      const m = ITINERARY_URI.exec(request.params.uri);
      if (!m) throw new McpError(-32002, `Resource not found: ${request.params.uri}`);
      const out = await invoke(itinerary.read.name)(itinerary.read.route, { trip_id: Number(m[1]) });
      if (!out.ok)
        throw new McpError(out.error.status === 404 ? -32002 : ErrorCode.InternalError, out.error.message, out.error);
      return { contents: [{ uri: request.params.uri, mimeType: "application/json", text: JSON.stringify(out.data) }] };
    });
  }

  if (prompts.length > 0) {
    server.setRequestHandler(ListPromptsRequestSchema, async () => ({
      prompts: prompts.map((p) => ({
        name: p.name,
        title: p.title,
        description: p.description,
        arguments: p.arguments,
      })),
    }));
    server.setRequestHandler(GetPromptRequestSchema, async (request) => {
      const p = prompts.find((x) => x.name === request.params.name);
      if (!p) throw new McpError(ErrorCode.InvalidParams, `Unknown prompt: ${request.params.name}`);
      const args = request.params.arguments ?? {};
      for (const a of p.arguments)
        if (a.required && !args[a.name]) throw new McpError(ErrorCode.InvalidParams, `Missing argument: ${a.name}`);
      return {
        description: p.description,
        messages: [{ role: "user", content: { type: "text", text: p.text(args) } }],
      };
    });
  }
  return server;
}

const byNames = new WeakMap<McpServerOptions, Map<string, OperationTool>>();
function toolsByName(opts: McpServerOptions): Map<string, OperationTool> {
  let m = byNames.get(opts);
  if (!m) byNames.set(opts, (m = new Map(opts.tools.map((t) => [t.name, t]))));
  return m;
}

const listings = new WeakMap<OperationTool, Tool>();
function listing(t: OperationTool): Tool {
  const cached = listings.get(t);
  if (cached) return cached;
  const l = {
    name: t.name,
    title: t.title,
    description: t.description,
    inputSchema: t.inputSchema as Tool["inputSchema"],
    ...(t.outputSchema ? { outputSchema: t.outputSchema as Tool["outputSchema"] } : {}),
    annotations: { title: t.title, ...t.annotations },
    // MCP Apps: the current key and the flat one older hosts read.
    ...(t.ui ? { _meta: { ui: { resourceUri: t.ui }, [TRIP_CARD.legacyMetaKey]: t.ui } } : {}),
  };
  listings.set(t, l);
  return l;
}

/** 401 (RFC 9728 / MCP authorization): the challenge names the protected-resource metadata document. */
function refuse(req: Request, err: unknown): Response {
  const requestId = randomUUID();
  let apiErr: ApiError;
  if (isApiError(err)) apiErr = err;
  else if (noteDatabaseError(err))
    apiErr = new ApiError("service_unavailable", "The service is temporarily unavailable; retry shortly.", {
      headers: { "Retry-After": "1" },
    });
  else {
    log.error("mcp credential check failed", { request_id: requestId, error: (err as Error).message });
    apiErr = new ApiError("internal_error", "An unexpected error occurred; quote the request id when reporting it.");
  }
  const headers: Record<string, string> = { "X-Request-Id": requestId, ...apiErr.headers };
  if (apiErr.status === 401) {
    const sent = req.headers.get("authorization") !== null;
    headers["WWW-Authenticate"] =
      `Bearer resource_metadata="${protectedResourceMetadataUrl(req)}", scope="${DEFAULT_CHALLENGE_SCOPE}"${sent ? ', error="invalid_token"' : ""}`;
  }
  return Response.json(errorBody("api", apiErr, requestId), { status: apiErr.status, headers });
}

/**
 * The Streamable HTTP endpoint, stateless with JSON responses: nothing shared between requests or
 * instances. A single plain `tools/call` of a known tool that passes the transport's own header and
 * body checks is answered by the fast path (fast-tools-call.ts: the same callTool, no per-request SDK
 * server); every other message gets a fresh SDK server and transport bound to its credentials.
 * GET (a standalone event stream) and DELETE (session end) have no meaning without sessions: 405.
 */
export function mcpEndpoint(opts: McpServerOptions) {
  return async function handle(req: Request): Promise<Response> {
    if (req.method !== "POST") {
      return Response.json(
        {
          jsonrpc: "2.0",
          error: { code: -32000, message: "Method not allowed: this stateless server answers POST only." },
          id: null,
        },
        { status: 405, headers: { Allow: "POST" } },
      );
    }
    const foreign = originRefusal(req);
    if (foreign) return foreign;
    // 2026-07-28 (modern-protocol.ts): headers checked before credentials, as a gateway would route on them.
    let modern: ModernMessage | undefined;
    if (isModernRequest(req)) {
      const checked = await checkModernRequest(req);
      if (checked instanceof Response) return checked;
      modern = checked;
    }
    let creds: McpCredentials;
    try {
      creds = await mcpCredentials(req);
    } catch (err) {
      return refuse(req, err);
    }
    const serverInfo = { name: opts.name, version: opts.version };
    if (modern?.method === "server/discover")
      return discoverResponse(modern.id, {
        capabilities: offered(opts, creds).capabilities,
        serverInfo,
        instructions: opts.instructions,
      });
    const answer = await respond(modern?.request ?? req, opts, creds);
    return modern ? modernReply(modern.method, answer, serverInfo) : answer;
  };
}

async function respond(req: Request, opts: McpServerOptions, creds: McpCredentials): Promise<Response> {
  const refused = await stepUpRefusal(req, creds, toolsByName(opts), protectedResourceMetadataUrl(req));
  if (refused) return refused;
  const baseUrl = publicBaseUrl(req);
  const fast = await fastToolsCall(req, toolsByName(opts), (tool, args) => callTool(tool, args, creds, baseUrl));
  if (fast.response) return fast.response;
  const server = buildServer(opts, creds, baseUrl);
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  await server.connect(transport);
  try {
    return await transport.handleRequest(
      fast.request,
      fast.parsedBody === undefined ? undefined : { parsedBody: fast.parsedBody },
    );
  } finally {
    void server.close();
  }
}
