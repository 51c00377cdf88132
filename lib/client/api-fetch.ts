/**
 * Browser-side calls to our own API with the session cookie. Turns every error
 * envelope we emit ("api" {error:{code,message,details}}, "weather" {error:{…}, meta},
 * "flat" {error, code}) into an ApiRequestError with field-level messages.
 */

export interface FieldIssue {
  path: string;
  message: string;
}

export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: unknown;
  readonly issues: FieldIssue[];
  readonly requestId: string | undefined;

  constructor(status: number, code: string, message: string, details: unknown, requestId?: string) {
    super(message);
    this.name = "ApiRequestError";
    this.status = status;
    this.code = code;
    this.details = details;
    this.issues = issuesOf(details);
    this.requestId = requestId;
  }

  /** First message per top-level field (e.g. { email: "Enter a valid email address." }). */
  get fieldErrors(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const i of this.issues) {
      const key = i.path.split(".")[0] || "_";
      out[key] ??= i.message;
    }
    // Domain errors that name a field (e.g. sign-up conflict) without zod issues.
    const field = (this.details as { field?: unknown } | null)?.field;
    if (typeof field === "string") out[field] ??= this.message;
    return out;
  }
}

function issuesOf(details: unknown): FieldIssue[] {
  const raw = (details as { issues?: unknown } | null)?.issues;
  if (!Array.isArray(raw)) return [];
  return raw
    .filter((i): i is { path: unknown; message: unknown } => typeof i === "object" && i !== null)
    .map((i) => ({ path: String(i.path ?? ""), message: String(i.message ?? "Invalid value.") }));
}

/** Reads any of our error envelopes; falls back to the HTTP status text. */
export function toApiRequestError(status: number, body: unknown, headerRequestId?: string | null): ApiRequestError {
  const b = (body ?? {}) as Record<string, unknown>;
  const err = b.error;
  if (err && typeof err === "object") {
    const e = err as Record<string, unknown>;
    return new ApiRequestError(
      status,
      String(e.code ?? "error"),
      String(e.message ?? `Request failed (${status}).`),
      e.details ?? null,
      (e.request_id as string | undefined) ?? headerRequestId ?? undefined,
    );
  }
  if (typeof err === "string") {
    return new ApiRequestError(status, String(b.code ?? "error"), err, b.details ?? null, headerRequestId ?? undefined);
  }
  return new ApiRequestError(status, "error", `Request failed (${status}).`, null, headerRequestId ?? undefined);
}

export interface ApiFetchOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/**
 * fetch() against our API with the session cookie. Resolves to the parsed JSON
 * body (undefined for 204); rejects with ApiRequestError on any non-2xx answer.
 * Weather-family responses resolve to the whole `{data, meta}` envelope.
 */
export async function apiFetch<T = unknown>(path: string, opts: ApiFetchOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: "application/json", ...opts.headers };
  if (opts.body !== undefined) headers["content-type"] = "application/json";
  let res: Response;
  try {
    res = await fetch(path, {
      method: opts.method ?? "GET",
      credentials: "same-origin",
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal: opts.signal,
    });
  } catch (err) {
    if ((err as Error).name === "AbortError") throw err;
    throw new ApiRequestError(
      0,
      "network_error",
      "Could not reach the server. Check your connection and try again.",
      null,
    );
  }
  const text = await res.text();
  let body: unknown = undefined;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
  }
  if (!res.ok) throw toApiRequestError(res.status, body, res.headers.get("x-request-id"));
  return body as T;
}

/** Message to show for any thrown value (API errors keep their server message). */
export function errorMessage(err: unknown): string {
  if (err instanceof Error) return err.message;
  return "Something went wrong.";
}
