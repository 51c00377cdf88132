/** One playground call's result: what the server answered, as a developer would see it with curl. */
export interface CallRecord {
  method: string;
  url: string;
  status: number;
  ms: number;
  headers: Array<[string, string]>;
  body: unknown;
  /** Set when the request never got an answer (network) or the body was not JSON. */
  problem?: string;
}

/**
 * Sends the call with the pasted key as the only credential (`credentials: "omit"`,
 * so the portal session cookie plays no part): exactly what the developer's server would do.
 */
export async function runCall(key: string, method: "GET" | "POST", url: string, body?: string): Promise<CallRecord> {
  const started = performance.now();
  const headers: Record<string, string> = { authorization: `Bearer ${key}`, accept: "application/json" };
  if (body !== undefined) headers["content-type"] = "application/json";
  let res: Response;
  try {
    res = await fetch(url, { method, headers, body, credentials: "omit", cache: "no-store" });
  } catch {
    return { method, url, status: 0, ms: Math.round(performance.now() - started), headers: [], body: null, problem: "Could not reach the server." };
  }
  const text = await res.text();
  const ms = Math.round(performance.now() - started);
  const list = [...res.headers.entries()].sort(([a], [b]) => a.localeCompare(b));
  try {
    return { method, url, status: res.status, ms, headers: list, body: text ? JSON.parse(text) : null };
  } catch {
    return { method, url, status: res.status, ms, headers: list, body: text, problem: "The response is not JSON." };
  }
}
