import http from "node:http";
import type { AddressInfo } from "node:net";
import { routeHandlers } from "./route-registry";

/**
 * The app's route handlers behind a real loopback HTTP server, for clients that must speak HTTP
 * (the MCP SDK's StreamableHTTPClientTransport, generated clients): Node's request becomes the
 * Web Request Next would pass, and the handler's Response is written back as is. Path templates
 * (/v1/trips/{tripId}/ops) are matched segment by segment, static segments first.
 */
export interface AppHttpServer {
  url: string;
  close(): Promise<void>;
}

type Matcher = {
  method: string;
  re: RegExp;
  names: string[];
  statics: number;
  handler: Awaited<ReturnType<typeof routeHandlers>> extends Map<string, infer H> ? H : never;
};

export async function startAppHttpServer(): Promise<AppHttpServer> {
  const matchers: Matcher[] = [];
  for (const [key, handler] of await routeHandlers()) {
    const [method, template] = key.split(" ");
    const names: string[] = [];
    const re = new RegExp(
      "^" +
        template
          .split("/")
          .map((seg) =>
            /^\{\w+\}$/.test(seg)
              ? (names.push(seg.slice(1, -1)), "([^/]+)")
              : seg.replace(/[.*+?^$()|[\]\\]/g, "\\$&"),
          )
          .join("/") +
        "$",
    );
    matchers.push({ method, re, names, statics: template.split("/").length - names.length, handler });
  }
  matchers.sort((a, b) => b.statics - a.statics);

  // The handler answers every request itself (500 on a throw), so nothing awaits its promise.
  const server = http.createServer((req, res) => void serve(req, res));
  async function serve(req: http.IncomingMessage, res: http.ServerResponse) {
    try {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const url = new URL(req.url ?? "/", `http://${req.headers.host}`);
      const found = matchers.find((m) => m.method === req.method && m.re.test(url.pathname));
      if (!found) {
        res
          .writeHead(404, { "content-type": "application/json" })
          .end('{"error":{"code":"not_found","message":"No route."}}');
        return;
      }
      const values = found.re.exec(url.pathname)!.slice(1);
      const params = Object.fromEntries(found.names.map((n, i) => [n, decodeURIComponent(values[i])]));
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
      const body =
        chunks.length > 0 && req.method !== "GET" && req.method !== "HEAD" ? Buffer.concat(chunks) : undefined;
      const response = await found.handler(new Request(url, { method: req.method, headers, body }), {
        params: Promise.resolve(params),
      });
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(Buffer.from(await response.arrayBuffer()));
    } catch (err) {
      res.writeHead(500, { "content-type": "text/plain" }).end(String(err));
    }
  }
  server.keepAliveTimeout = 1000;
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
