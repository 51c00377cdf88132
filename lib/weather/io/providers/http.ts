import { ApiError } from "@/lib/http/errors";
import { RETRY_AFTER_CAP_S } from "@/lib/weather/io/snapshots/circuit";

interface FetchJsonOptions {
  provider: string;
  timeoutMs: number;
  headers?: Record<string, string>;
}

/**
 * GET JSON from an upstream weather API with a hard timeout. Upstream failures
 * become our 502 provider_unavailable (upstream status and reason in details);
 * a timeout becomes 504 weather_refresh_timeout. The URL is never echoed: it can
 * carry an API key.
 */
export async function fetchUpstreamJson(url: string, o: FetchJsonOptions): Promise<unknown> {
  const { status, text } = await fetchUpstream(url, { ...o, headers: { accept: "application/json", ...o.headers } });
  let body: unknown = undefined;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    /* non-JSON body: handled below */
  }
  if (body === undefined || typeof body !== "object" || body === null) {
    throw new ApiError(
      "provider_unavailable",
      `The weather provider (${o.provider}) sent a response that is not JSON.`,
      {
        details: { provider: o.provider, upstream_status: status, upstream_reason: "invalid JSON body" },
      },
    );
  }
  return body;
}

/** GET a text body (XML feeds: CAP, Atom) with the same timeout and error mapping as fetchUpstreamJson. */
export async function fetchUpstreamText(url: string, o: FetchJsonOptions): Promise<string> {
  return (await fetchUpstream(url, o)).text;
}

async function fetchUpstream(url: string, o: FetchJsonOptions): Promise<{ status: number; text: string }> {
  // One deadline for the whole call, a second try included.
  const signal = AbortSignal.timeout(o.timeoutMs);
  let res: Response;
  try {
    res = await fetch(url, { headers: o.headers, signal });
  } catch (err) {
    if (!isConnectionReset(err) || signal.aborted) throw networkError(err, o);
    // A kept-alive connection the provider closed as it was reused (decision 0179): a GET is safe to send
    // again, once, on a new connection, instead of answering 502 and opening the cell's circuit.
    try {
      res = await fetch(url, { headers: o.headers, signal });
    } catch (again) {
      throw networkError(again, o);
    }
  }
  let text: string;
  try {
    text = await res.text();
  } catch (err) {
    throw networkError(err, o);
  }
  if (!res.ok) {
    let body: unknown = undefined;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON: the reason is the text */
    }
    const retryAfter = retryAfterSeconds(res.headers.get("retry-after"));
    throw new ApiError(
      "provider_unavailable",
      `The weather provider (${o.provider}) answered HTTP ${res.status}; try again shortly.`,
      {
        details: {
          provider: o.provider,
          upstream_status: res.status,
          upstream_reason: upstreamReason(body, text, res.statusText),
          ...(retryAfter !== undefined ? { upstream_retry_after_s: retryAfter } : {}),
        },
        // The first failure already says when to come back, as the circuit's later ones do (issue 40):
        // the provider's own Retry-After, capped like the circuit's.
        ...(retryAfter !== undefined
          ? { headers: { "Retry-After": String(Math.min(Math.max(1, retryAfter), RETRY_AFTER_CAP_S)) } }
          : {}),
      },
    );
  }
  return { status: res.status, text };
}

/** The connection was reset or closed under the request (undici: ECONNRESET, or "other side closed"). */
function isConnectionReset(err: unknown): boolean {
  const code = (err as { cause?: { code?: string } })?.cause?.code;
  return code === "ECONNRESET" || code === "UND_ERR_SOCKET";
}

function networkError(err: unknown, o: FetchJsonOptions): ApiError {
  const name = (err as { name?: string })?.name;
  if (name === "TimeoutError" || name === "AbortError") {
    return new ApiError(
      "weather_refresh_timeout",
      `The weather provider (${o.provider}) did not answer within ${o.timeoutMs} ms.`,
      {
        details: { provider: o.provider, timeout_ms: o.timeoutMs },
      },
    );
  }
  const cause = (err as { cause?: { code?: string; message?: string } })?.cause;
  return new ApiError("provider_unavailable", `The weather provider (${o.provider}) could not be reached.`, {
    // Kept for logs and test reports (undici's "fetch failed" names its cause only there); never in a response.
    cause: err,
    details: {
      provider: o.provider,
      upstream_status: null,
      upstream_reason: cause?.code ?? cause?.message ?? (err as Error)?.message ?? "network error",
    },
  });
}

/** Retry-After as whole seconds (delta-seconds or an HTTP date); undefined when absent or unreadable. */
export function retryAfterSeconds(v: string | null): number | undefined {
  if (!v) return undefined;
  const t = v.trim();
  if (/^\d+$/.test(t)) return Number(t);
  const at = Date.parse(t);
  return Number.isFinite(at) ? Math.max(0, Math.ceil((at - Date.now()) / 1000)) : undefined;
}

/** Open-Meteo: {error:true, reason}; OpenWeather: {cod, message} (cod a number or a string). */
function upstreamReason(body: unknown, text: string, statusText: string): string {
  if (body && typeof body === "object") {
    const b = body as Record<string, unknown>;
    if (typeof b.reason === "string") return b.reason;
    if (typeof b.message === "string") return b.message;
    if (typeof b.detail === "string") return b.detail;
  }
  return (text || statusText || "no reason given").slice(0, 300);
}

/** Upstream payload is structurally wrong: a provider failure, not ours. */
export function malformedUpstream(provider: string, reason: string): ApiError {
  return new ApiError("provider_unavailable", `The weather provider (${provider}) sent an unexpected response.`, {
    details: { provider, upstream_status: 200, upstream_reason: reason },
  });
}
