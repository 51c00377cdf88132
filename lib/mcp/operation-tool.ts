import type { RouteFunction } from "@/lib/http/route";
import type { TripScope } from "@/lib/auth/scopes";
import { renderedJson } from "@/lib/http/render";
import { asTool } from "@/lib/http/tool-context";
import { argumentPlan, toolSchemas, type ToolSchemas } from "./tool-schema";
import type { McpCredentials } from "./credentials";

/** Our error as an agent sees it: the REST machine code, message, HTTP status and the envelope's extra fields. */
export interface ToolError {
  code: string;
  message: string;
  status: number;
  details?: unknown;
  retry_after_seconds?: number;
  [extra: string]: unknown;
}

export type ToolOutcome =
  { ok: true; data: Record<string, unknown>; meta: Record<string, unknown> } | { ok: false; error: ToolError };

/** Runs a tool's REST operation with the caller's credential; what the MCP layer and a tool's own follow-ups call. */
export type Invoke = (route: RouteFunction, args: Record<string, unknown>) => Promise<ToolOutcome>;

export interface ToolAnnotations {
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

export interface ToolDefinition {
  name: string;
  title: string;
  description: string;
  /** The REST operation this tool adapts: its contract gives the schemas, credential and scope. */
  route: RouteFunction;
  annotations: ToolAnnotations;
  /** A short rendering of the REST data for the text content block. */
  text(data: Record<string, unknown>): string;
  /** An MCP Apps UI resource (ui://…) a host may render with this tool's result (lib/mcp/trip-card.ts). */
  ui?: string;
  /** Adds what an agent needs to recover from an error (e.g. the changes behind a stale revision). */
  enrichError?(error: ToolError, args: Record<string, unknown>, invoke: Invoke): Promise<ToolError>;
}

/** Which credential a tool's operation takes and what that credential must hold for the tool to be listed. */
export type ToolNeed = { credential: "api_key"; scopes: string[] } | { credential: "access_token"; scope: TripScope };

export interface OperationTool extends ToolDefinition, ToolSchemas {
  need: ToolNeed;
}

export function operationTool(def: ToolDefinition): OperationTool {
  const c = def.route.contract;
  const schemes = (c.auth.security as Array<Record<string, string[]>>).flatMap((s) => Object.keys(s));
  const need: ToolNeed = schemes.includes("accessToken")
    ? {
        credential: "access_token",
        scope: (c.auth.scopes?.[0] as TripScope | undefined) ?? (c.method === "GET" ? "trips:read" : "trips:write"),
      }
    : { credential: "api_key", scopes: c.auth.scopes ?? [] };
  return { ...def, ...toolSchemas(c), need };
}

/** Whether the credentials may call the tool (what tools/list shows). The operation itself still decides every call. */
export function mayCall(tool: OperationTool, creds: McpCredentials): boolean {
  if (tool.need.credential === "api_key") {
    const granted = creds.apiKey?.principal.scopes;
    return granted !== undefined && tool.need.scopes.every((s) => granted.includes(s));
  }
  return creds.accessToken?.principal.tripScopes.includes(tool.need.scope) ?? false;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

function missingCredential(tool: OperationTool): ToolError {
  return tool.need.credential === "api_key"
    ? {
        code: "insufficient_scope",
        status: 403,
        message: `${tool.name} needs an API key (send it as "Authorization: Bearer svc_…" or "X-Api-Key").`,
      }
    : {
        code: "insufficient_scope",
        status: 403,
        message: `${tool.name} needs a trip access token (send it as "Authorization: Bearer sat_…").`,
      };
}

/**
 * Calls the tool's REST operation in process, through the one route helper: the same
 * authentication and scopes, validation, meter and quotas, error table and request log as a REST
 * call (the log row names the tool). Arguments are split back into path, query and body.
 */
export function invoker(baseUrl: string, creds: McpCredentials, toolName: string): Invoke {
  return async (route, args) => {
    const tool = route.contract;
    const plan = argumentPlan(tool);
    const usesKey = !(tool.auth.security as Array<Record<string, string[]>>).some((s) => "accessToken" in s);
    const credential = usesKey ? creds.apiKey?.value : creds.accessToken?.value;
    const params: Record<string, string> = {};
    let path = tool.path;
    for (const [arg, name] of Object.entries(plan.params)) {
      const v = args[arg];
      if (v === undefined || v === null || isRecord(v) || Array.isArray(v)) {
        return {
          ok: false,
          error: { code: "bad_request", status: 400, message: `Invalid ${arg}: required, a single value.` },
        };
      }
      params[name] = String(v);
      path = path.replace(`{${name}}`, encodeURIComponent(String(v)));
    }
    const query = new URLSearchParams();
    const body: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(args)) {
      if (k in plan.params || v === undefined) continue;
      if (plan.query.has(k) || !plan.hasBody) {
        for (const item of Array.isArray(v) ? v : [v])
          query.append(k, isRecord(item) ? JSON.stringify(item) : String(item));
      } else body[k] = v;
    }
    const qs = query.toString();
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (credential) headers.authorization = `Bearer ${credential}`;
    const req = new Request(`${baseUrl}${path}${qs ? `?${qs}` : ""}`, {
      method: tool.method,
      headers,
      body: plan.hasBody ? JSON.stringify(body) : undefined,
    });
    const res = await asTool(toolName, () => route(req, { params: Promise.resolve(params) }));
    return outcome(tool.family, res);
  };
}

async function outcome(family: string, res: Response): Promise<ToolOutcome> {
  const rendered = renderedJson(res);
  // A rendered body is taken as text (never streamed); the unread stream is dropped with the Response.
  const text = rendered ?? (await res.text());
  let body: unknown = undefined;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    /* not JSON: reported below */
  }
  const requestId = res.headers.get("x-request-id");
  if (res.ok && isRecord(body)) {
    if (family === "weather" && isRecord(body.data))
      return { ok: true, data: body.data, meta: isRecord(body.meta) ? body.meta : {} };
    return { ok: true, data: body, meta: requestId ? { request_id: requestId } : {} };
  }
  const retryAfter = Number(res.headers.get("retry-after"));
  const error: ToolError = {
    code: "internal_error",
    status: res.status,
    message: `The operation answered HTTP ${res.status}.`,
  };
  if (isRecord(body) && isRecord(body.error)) {
    // weather and api families: {error: {code, message, details, request_id}}
    Object.assign(error, {
      code: String(body.error.code),
      message: String(body.error.message),
      details: body.error.details ?? undefined,
    });
  } else if (isRecord(body) && typeof body.error === "string") {
    // flat family: {error: message, code, ...extra} (e.g. STALE_REVISION with current_revision)
    const { error: message, code, ...extra } = body;
    Object.assign(error, extra, { code: String(code), message });
  }
  if (requestId) error.request_id = requestId;
  if (Number.isFinite(retryAfter) && retryAfter > 0) error.retry_after_seconds = retryAfter;
  return { ok: false, error };
}

export function missingCredentialFor(tool: OperationTool, creds: McpCredentials): ToolError | undefined {
  const present = tool.need.credential === "api_key" ? creds.apiKey : creds.accessToken;
  return present ? undefined : missingCredential(tool);
}
