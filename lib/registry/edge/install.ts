import http from "node:http";
import type { Duplex } from "node:stream";
import { randomUUID } from "node:crypto";
import { errorBody } from "@/lib/http/envelopes";
import { log } from "@/lib/log";
import { observeRequest } from "@/lib/platform/metrics";
import { resolveClientAddress, type TrustedProxies } from "./client-address";
import { allowedMethods, edgeCheck, type EdgeRefusal } from "./edge-check";

const INSTALLED = Symbol.for("skycast.edgeGuard");
/** On globalThis, not in this module: the prototype patch outlives any one copy of this module. */
const TRUSTED = Symbol.for("skycast.edgeGuard.trustedProxies");
type GuardGlobal = typeof globalThis & { [TRUSTED]?: TrustedProxies };

/**
 * Runs the edge checks (edge-check.ts) on every request the process's HTTP server receives,
 * before Next sees it. Next builds a WHATWG Request for every request, and undici refuses
 * TRACE/TRACK/CONNECT there (a 500 on every route), and it decodes dynamic segments
 * unguarded (a plain-text 500): no Next hook (proxy.ts included) runs early enough, so the
 * check sits on the server's "request" event. Installed once per process from
 * instrumentation.ts; answers in the JSON envelope with a request id and an access-log line.
 * Returns the undo (a no-op when it was already installed): a server never calls it, but a test
 * shares its process with other files' HTTP servers (decision 0173).
 */
export function installEdgeGuard(trustedProxies: TrustedProxies): () => void {
  (globalThis as GuardGlobal)[TRUSTED] = trustedProxies;
  const proto = http.Server.prototype as unknown as Record<symbol, boolean> & {
    emit: (event: string, ...args: unknown[]) => boolean;
  };
  if (proto[INSTALLED]) return () => {};
  proto[INSTALLED] = true;
  const emit = proto.emit;
  proto.emit = function guardedEmit(this: http.Server, event: string, ...args: unknown[]): boolean {
    if (event === "request") {
      // CONNECT never reaches "request": without a listener Node drops the socket unanswered.
      if (this.listenerCount("connect") === 0) this.on("connect", refuseConnect);
      const [req, res] = args as [http.IncomingMessage, http.ServerResponse];
      setClientAddress(req, (globalThis as GuardGlobal)[TRUSTED] ?? trustedProxies);
      const refusal = edgeCheck(req.method ?? "GET", req.url ?? "/");
      if (refusal) {
        answer(req, res, refusal);
        return true;
      }
    }
    return emit.call(this, event, ...args);
  };
  return () => {
    proto.emit = emit;
    delete proto[INSTALLED];
    delete (globalThis as GuardGlobal)[TRUSTED];
  };
}

/**
 * Everything after this reads the client from the first X-Forwarded-For hop (per-IP limits, the
 * audit record), so the header is rewritten here to the one address we can vouch for: the socket
 * peer, or what trusted proxies say (client-address.ts). Next only fills the header when absent.
 */
function setClientAddress(req: http.IncomingMessage, trusted: TrustedProxies): void {
  const client = resolveClientAddress(req.socket.remoteAddress, req.headers["x-forwarded-for"], trusted);
  delete req.headers["x-real-ip"];
  if (client) req.headers["x-forwarded-for"] = client;
  else delete req.headers["x-forwarded-for"];
}

function answer(req: http.IncomingMessage, res: http.ServerResponse, r: EdgeRefusal): void {
  const started = performance.now();
  const requestId = randomUUID();
  const body = JSON.stringify(errorBody(r.family, r.error, requestId));
  res.writeHead(r.error.status, {
    "Content-Type": "application/json",
    "Content-Length": Buffer.byteLength(body),
    "X-Request-Id": requestId,
    "Cache-Control": "no-store",
    ...r.error.headers,
  });
  res.end(req.method === "HEAD" ? undefined : body);
  req.resume();
  accessLog(req.method ?? "", r.route, r.error.status, requestId, started);
}

function refuseConnect(req: http.IncomingMessage, socket: Duplex): void {
  const started = performance.now();
  const requestId = randomUUID();
  const allow = allowedMethods(["GET"]).join(", ");
  // Node hands the socket over without an error listener: a client reset would be uncaught.
  socket.on("error", () => {});
  const body = JSON.stringify({
    error: {
      code: "method_not_allowed",
      message: `CONNECT is not supported; allowed: ${allow}.`,
      details: null,
      request_id: requestId,
    },
  });
  socket.end(
    `HTTP/1.1 405 Method Not Allowed\r\nContent-Type: application/json\r\nAllow: ${allow}\r\nX-Request-Id: ${requestId}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
  accessLog("CONNECT", null, 405, requestId, started);
}

/** The same line the route helper writes (lib/http/access-log.ts): template, never the raw path. */
function accessLog(method: string, route: string | null, status: number, requestId: string, started: number): void {
  const seconds = (performance.now() - started) / 1000;
  observeRequest(method, route ?? "(edge)", status, seconds);
  log.info("request", {
    request_id: requestId,
    method,
    route,
    status,
    latency_ms: Math.round(seconds * 10_000) / 10,
    account_id: null,
    edge: true,
  });
}
