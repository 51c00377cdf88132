import https from "node:https";
import { createSecureContext, rootCertificates } from "node:tls";
import { isIP, type LookupFunction } from "node:net";
import { env } from "@/lib/env";
import type { CheckedTarget } from "./ssrf";

/**
 * One HTTPS POST to a target already checked by the SSRF guard. The socket is
 * opened to the checked address (custom `lookup`), never to a fresh DNS
 * answer; redirects are not followed (a 3xx is a failure); the whole exchange
 * is bounded by `timeoutMs`; only the first 1 KB of the response body is kept.
 *
 * TLS trust is Node's: the system store plus NODE_EXTRA_CA_CERTS. Tests and the
 * bench, which cannot set NODE_EXTRA_CA_CERTS in-process, call `trustExtraCa`.
 */
export const BODY_EXCERPT_BYTES = 1024;
const MAX_BODY_READ_BYTES = 64 * 1024;

/*
 * One keep-alive agent per target (origin + the checked address), so each
 * endpoint reuses its own TLS connections and is capped at its own socket
 * count (WEBHOOK_ENDPOINT_CONCURRENCY): a slow endpoint cannot take the
 * sockets of the others. The map is bounded; an evicted agent is destroyed.
 */
const MAX_AGENTS = 512;
const agents = new Map<string, https.Agent>();
let extraCa: string[] = [];
let secureContext: ReturnType<typeof createSecureContext> | undefined;

function agentFor(target: CheckedTarget, port: number): https.Agent {
  const key = `${target.host}|${target.address}|${port}`;
  let agent = agents.get(key);
  if (agent) {
    // Most recently used last (Map keeps insertion order): eviction takes the oldest.
    agents.delete(key);
    agents.set(key, agent);
    return agent;
  }
  const sockets = env().WEBHOOK_ENDPOINT_CONCURRENCY;
  // maxFreeSockets = maxSockets: with fewer, the sockets freed after a burst are closed and the next burst handshakes again.
  agent = new https.Agent({
    keepAlive: true,
    maxSockets: sockets,
    maxFreeSockets: sockets,
    ...(secureContext ? { secureContext } : {}),
  });
  agents.set(key, agent);
  if (agents.size > MAX_AGENTS) {
    const [oldestKey, oldest] = agents.entries().next().value as [string, https.Agent];
    agents.delete(oldestKey);
    oldest.destroy();
  }
  return agent;
}

/**
 * Adds PEM CA certificates to the delivery agents' trust (tests, bench). `ca`
 * replaces the default store, so Node's bundled roots are kept alongside;
 * existing agents are dropped so new ones use the new trust.
 */
export function trustExtraCa(pem: string): void {
  if (extraCa.includes(pem)) return;
  extraCa = [...extraCa, pem];
  for (const a of agents.values()) a.destroy();
  agents.clear();
  // One prebuilt context: a `ca` option would be re-parsed per socket and
  // concatenated into the agent's pool key on every request.
  secureContext = createSecureContext({ ca: [...rootCertificates, ...extraCa] });
}

export interface PostResult {
  /** HTTP status, or 0 when no response arrived. */
  status: number;
  timeMs: number;
  bodyExcerpt: string;
  error: string | null;
  /** Response headers (lower-case names; at most 50, values cut at 512 characters); {} when no response arrived. */
  headers?: Record<string, string>;
}

const MAX_HEADERS = 50;
const MAX_HEADER_VALUE = 512;

/** What we keep of a receiver's headers for the attempt record (bounded: a receiver controls them). */
export function keptHeaders(raw: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw).slice(0, MAX_HEADERS)) {
    if (value === undefined) continue;
    out[name.toLowerCase()] = (Array.isArray(value) ? value.join(", ") : value).slice(0, MAX_HEADER_VALUE);
  }
  return out;
}

/** The TLS context with any extra trust added by `trustExtraCa` (undefined: Node's default store). */
export function extraTrustContext(): ReturnType<typeof createSecureContext> | undefined {
  return secureContext;
}

export function pinnedLookup(target: CheckedTarget): LookupFunction {
  return ((_hostname: string, options: { all?: boolean }, cb: (...args: unknown[]) => void) => {
    if (options?.all) cb(null, [{ address: target.address, family: target.family }]);
    else cb(null, target.address, target.family);
  }) as unknown as LookupFunction;
}

export function postSigned(
  target: CheckedTarget,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
): Promise<PostResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise<PostResult>((resolve) => {
    let settled = false;
    const finish = (r: Omit<PostResult, "timeMs">) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...r, timeMs: elapsed() });
    };
    const payload = Buffer.from(body, "utf8");
    const { url } = target;
    const port = url.port ? Number(url.port) : 443;
    const req = https.request({
      method: "POST",
      host: target.host,
      // SNI carries host names only (RFC 6066); certificate checks still use `host`.
      ...(isIP(target.host) ? {} : { servername: target.host }),
      port,
      path: `${url.pathname}${url.search}`,
      agent: agentFor(target, port),
      lookup: pinnedLookup(target),
      headers: { ...requestHeaders(body), ...headers },
    });
    const timer = setTimeout(() => {
      req.destroy();
      finish({ status: 0, bodyExcerpt: "", error: `Timed out after ${timeoutMs} ms.` });
    }, timeoutMs);
    req.on("error", (err: NodeJS.ErrnoException) => {
      finish({ status: 0, bodyExcerpt: "", error: `${err.code ?? "network_error"}: ${err.message}` });
    });
    req.on("response", (res) => {
      const chunks: Buffer[] = [];
      let read = 0;
      res.on("data", (c: Buffer) => {
        if (read < BODY_EXCERPT_BYTES) chunks.push(c);
        read += c.length;
        if (read > MAX_BODY_READ_BYTES) res.destroy();
      });
      const done = () => {
        const status = res.statusCode ?? 0;
        const bodyExcerpt = excerpt(Buffer.concat(chunks));
        let error: string | null = null;
        if (status >= 300 && status < 400)
          error = `Redirect not followed (Location: ${res.headers.location ?? "none"}).`;
        else if (status < 200 || status >= 300) error = `Non-2xx response: ${status}.`;
        finish({ status, bodyExcerpt, error, headers: keptHeaders(res.headers) });
      };
      res.on("end", done);
      res.on("close", done);
      res.on("error", done);
    });
    req.end(payload);
  });
}

/** The fixed headers of every delivery (the attempt record shows them with the signature headers). */
export function requestHeaders(body: string): Record<string, string> {
  return {
    "content-type": "application/json",
    "content-length": String(Buffer.byteLength(body, "utf8")),
    "user-agent": "SkycastWebhooks/1.0",
  };
}

/** At most 1 KB, cut on a UTF-8 character boundary. */
export function excerpt(buf: Buffer): string {
  if (buf.length <= BODY_EXCERPT_BYTES) return buf.toString("utf8");
  let end = BODY_EXCERPT_BYTES;
  while (end > 0 && (buf[end] & 0xc0) === 0x80) end--;
  return buf.subarray(0, end).toString("utf8");
}
