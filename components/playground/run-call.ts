import { PLAYGROUND_KEY_HEADER } from "@/lib/auth/playground-key-header";

/** One playground call's result: what the server answered, as a developer would see it with curl. */
export interface CallRecord {
  id: number;
  at: string;
  keyName: string;
  method: string;
  url: string;
  requestBody?: string;
  status: number;
  ms: number;
  /** Our headers only (request id, quota, cache, snapshot, retry); framework noise is dropped. */
  headers: Array<[string, string]>;
  body: unknown;
  /** Set when the request never got an answer (network) or the body was not JSON. */
  problem?: string;
}

const OURS = [
  /^x-request-id$/,
  /^x-ratelimit-/,
  /^x-cache-status$/,
  /^x-weather-/,
  /^x-trip-/,
  /^retry-after$/,
  /^content-type$/,
  /^cache-control$/,
  /^www-authenticate$/,
];
export const isOurHeader = (name: string) => OURS.some((r) => r.test(name));

let seq = 0;

/**
 * Sends the call through the portal session, naming the chosen key in a header:
 * the server runs it exactly as that key (scopes, quota, billing), and the
 * browser never holds the key's value (docs/decisions/0010-portal-playground-and-usage-views.md).
 */
export async function runCall(
  key: { id: number; name: string },
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
  url: string,
  body?: string,
): Promise<CallRecord> {
  const started = performance.now();
  const headers: Record<string, string> = { accept: "application/json", [PLAYGROUND_KEY_HEADER]: String(key.id) };
  if (body !== undefined) headers["content-type"] = "application/json";
  const base = { id: ++seq, at: new Date().toISOString(), keyName: key.name, method, url, requestBody: body };
  let res: Response;
  try {
    res = await fetch(url, { method, headers, body, credentials: "same-origin", cache: "no-store" });
  } catch {
    return {
      ...base,
      status: 0,
      ms: Math.round(performance.now() - started),
      headers: [],
      body: null,
      problem: "Could not reach the server.",
    };
  }
  const text = await res.text();
  const ms = Math.round(performance.now() - started);
  const list = [...res.headers.entries()].filter(([k]) => isOurHeader(k)).sort(([a], [b]) => a.localeCompare(b));
  try {
    return { ...base, status: res.status, ms, headers: list, body: text ? JSON.parse(text) : null };
  } catch {
    return { ...base, status: res.status, ms, headers: list, body: text, problem: "The response is not JSON." };
  }
}
