import { log } from "@/lib/log";
import { DatabaseLockedError } from "@/lib/db/pglite-lock";
import { dbCause } from "@/lib/db/errors";
import { noteDatabaseError } from "@/lib/db/outage";
import { DEFAULT_CHALLENGE, type RouteContract } from "./contract";
import { errorBody, weatherMeta } from "./envelopes";
import { ApiError, isApiError } from "./errors";
import { RawJson } from "./raw-json";
import { storedErrorMessage } from "./route-hooks";
import type { Family, Principal, Reply } from "./types";

/** A handler's reply in its family's envelope, with the request id and the meter's headers. */
/**
 * The JSON text of each rendered success body, for in-process callers (an MCP tool runs its REST
 * route in process, lib/mcp/operation-tool.ts): they read the text from here instead of streaming
 * the Response body back. The text is exactly the body sent over HTTP.
 */
const rendered = new WeakMap<Response, string | Uint8Array>();

export function renderedJson(res: Response): string | undefined {
  const body = rendered.get(res);
  return typeof body === "string" || body === undefined ? body : new TextDecoder().decode(body);
}

function jsonResponse(body: string | Uint8Array<ArrayBuffer>, status: number, headers: Headers): Response {
  if (!headers.has("content-type")) headers.set("content-type", "application/json");
  const res = new Response(body, { status, headers });
  rendered.set(res, body);
  return res;
}

export function render(
  family: Family,
  reply: Reply,
  requestId: string,
  billingUnits: number,
  meterHeaders: Record<string, string>,
  defaultMeta: Record<string, unknown> = {},
): Response {
  const status = reply.status ?? 200;
  const headers = new Headers({ "X-Request-Id": requestId, ...meterHeaders, ...(reply.headers ?? {}) });
  // Weather answers say which language their text is in (handlers with a `language` set their own).
  if (family === "weather" && !headers.has("Content-Language")) headers.set("Content-Language", "en");
  if (status === 204 || (reply.data === undefined && family !== "weather")) {
    return new Response(null, { status: status === 200 ? 204 : status, headers });
  }
  const meta =
    family === "weather"
      ? weatherMeta(requestId, { ...defaultMeta, billing_units: billingUnits, ...(reply.meta ?? {}) })
      : undefined;
  if (reply.data instanceof RawJson) {
    // Pre-serialised data (raw-json.ts): spliced into the envelope, never parsed here.
    headers.set("content-type", "application/json");
    const { bytes } = reply.data;
    if (bytes) {
      // The Response copies the bytes it is given, so a cached answer's bytes are passed as they are.
      const body = meta
        ? Buffer.concat([Buffer.from(`{"data":`), bytes, Buffer.from(`,"meta":${JSON.stringify(meta)}}`)])
        : bytes;
      return jsonResponse(body as Uint8Array<ArrayBuffer>, status, headers);
    }
    const text = meta ? `{"data":${reply.data.text},"meta":${JSON.stringify(meta)}}` : reply.data.text;
    return jsonResponse(text, status, headers);
  }
  return jsonResponse(JSON.stringify(meta ? { data: reply.data, meta } : reply.data), status, headers);
}

/** meta.environment of a sandbox account is "sandbox" on every weather response (as the weather core labels it). */
export function sandboxMeta(principal: Principal): Record<string, unknown> {
  return "account" in principal && principal.account?.environment === "sandbox" ? { environment: "sandbox" } : {};
}

/**
 * Any thrown value as the family's error envelope: ApiErrors as they are, an unreachable
 * database as a retryable 503, anything else as a logged 500 that names the request id.
 */
export async function renderError(
  c: RouteContract<any, any, any, any, any>,
  err: unknown,
  requestId: string,
  principal: Principal,
  meterHeaders: Record<string, string>,
  authHeaders: Record<string, string>,
  trace?: { errorCode: string | null; errorMessage: string | null },
): Promise<Response> {
  let apiErr: ApiError;
  if (isApiError(err)) {
    apiErr = err;
  } else if (err instanceof DatabaseLockedError) {
    // Development only: another process holds the embedded database directory.
    apiErr = new ApiError("service_unavailable", err.message);
  } else if (noteDatabaseError(err)) {
    // Postgres restarting or unreachable: a retryable 503, not a 500 storm. The first such error
    // marks the database down, so the next requests answer this at once (lib/db/outage.ts).
    log.warn("database unavailable", { request_id: requestId, path: c.path, method: c.method, cause: dbCause(err) });
    apiErr = new ApiError("service_unavailable", "The service is temporarily unavailable; retry shortly.", {
      headers: { "Retry-After": "1" },
    });
  } else {
    log.error("unhandled error", {
      request_id: requestId,
      path: c.path,
      method: c.method,
      cause: dbCause(err),
      error: errorSummary(err),
    });
    apiErr = new ApiError("internal_error", "An unexpected error occurred; quote the request id when reporting it.");
  }
  // The request log keeps what the caller was told: the envelope's code and message (never a body).
  if (trace) {
    trace.errorCode = apiErr.code;
    trace.errorMessage = storedErrorMessage(apiErr.message);
  }
  let headers: Record<string, string> = {
    "X-Request-Id": requestId,
    ...authHeaders,
    ...meterHeaders,
    ...apiErr.headers,
  };
  // RFC 9110: a 401 names the scheme that would be accepted.
  if (apiErr.status === 401) headers["WWW-Authenticate"] ??= c.auth.challenge ?? DEFAULT_CHALLENGE;
  // Error messages are English.
  if (c.family === "weather") headers["Content-Language"] = "en";
  // A refusal after the credential was verified (insufficient_scope) still carries the caller's limits.
  const caller = principal.type === "none" && apiErr.principal ? apiErr.principal : principal;
  if (c.meter && caller.type !== "none" && Object.keys(meterHeaders).length === 0) {
    try {
      headers = { ...(await c.meter.headers(caller)), ...headers };
    } catch {
      /* headers are best effort on an error path */
    }
  }
  return Response.json(errorBody(c.family, apiErr, requestId), { status: apiErr.status, headers });
}

/** Name, first message line and stack frames: a driver's message can carry query parameters on later lines. */
function errorSummary(err: unknown): Record<string, unknown> {
  if (!(err instanceof Error)) return { message: String(err).split("\n")[0] };
  const frames = (err.stack ?? "")
    .split("\n")
    .filter((l) => l.startsWith("    at "))
    .slice(0, 12);
  return { name: err.name, message: err.message.split("\n")[0].slice(0, 500), stack: frames.join("\n") };
}
