import http from "node:http";
import type { AddressInfo } from "node:net";

export interface FixtureResponse {
  status?: number;
  body: string;
  headers?: Record<string, string>;
  /** Never answer (until the server closes): exercises client timeouts. */
  hang?: boolean;
}

export interface FixtureServer {
  baseUrl: string;
  /** Requests seen, as path + query. */
  requests: string[];
  /** When each of `requests` arrived (Date.now(), same order). */
  arrivals: number[];
  /** Set the answer for a path prefix (e.g. "/v1/forecast"). */
  serve(pathPrefix: string, r: FixtureResponse): void;
  close(): Promise<void>;
}

/*
 * One request per connection (decision 0178). The server shares the test's event loop, and under load
 * fetch once failed mid-file with "read ECONNRESET" on a reused keep-alive socket: a socket the server
 * had closed, or closed as the next request arrived, was picked again by undici before it saw the close.
 * A fresh loopback connection per request costs well under a millisecond and cannot be stale.
 */
const ONE_REQUEST = { connection: "close" } as const;

/** A loopback HTTP server that replays recorded upstream responses. */
export async function startFixtureServer(): Promise<FixtureServer> {
  const routes = new Map<string, FixtureResponse>();
  const requests: string[] = [];
  const arrivals: number[] = [];
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    requests.push(req.url ?? "");
    arrivals.push(Date.now());
    const path = (req.url ?? "").split("?")[0];
    const match = [...routes.entries()]
      .filter(([p]) => path.startsWith(p))
      .sort((a, b) => b[0].length - a[0].length)[0];
    if (!match) {
      res
        .writeHead(404, { "content-type": "application/json", ...ONE_REQUEST })
        .end('{"error":true,"reason":"no fixture"}');
      return;
    }
    const r = match[1];
    if (r.hang) {
      hanging.add(res);
      return;
    }
    res
      .writeHead(r.status ?? 200, { "content-type": "application/json; charset=utf-8", ...ONE_REQUEST, ...r.headers })
      .end(r.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    arrivals,
    serve: (p, r) => routes.set(p, r),
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
