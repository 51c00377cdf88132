import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { takeLogs } from "@/lib/testing/log-capture";
import { routeHandlers } from "@/lib/testing/route-registry";
import { parseTrustedProxies } from "./client-address";
import { edgeCheck, PAGES_WITH_ACTIONS } from "./edge-check";
import { installEdgeGuard } from "./install";
import { routeTable } from "./route-table";

describe("edge route table", () => {
  it("lists every route file under app/ with exactly the methods it exports", async () => {
    const fromApp = new Map<string, string[]>();
    for (const key of (await routeHandlers()).keys()) {
      const [method, p] = key.split(" ");
      const template = p.replace(/\[\.\.\.(\w+)\]/, "{...$1}");
      fromApp.set(template, [...(fromApp.get(template) ?? []), method].sort());
    }
    const fromTable = new Map(routeTable().map((e) => [e.template, [...e.methods].sort()]));
    expect(Object.fromEntries(fromTable)).toEqual(Object.fromEntries(fromApp));
  });

  it("lets POST through to exactly the pages that declare a server action", () => {
    const app = path.join(process.cwd(), "app");
    const withActions = fs
      .readdirSync(app, { recursive: true, encoding: "utf8" })
      .filter((f) => /(^|\/)page\.tsx$/.test(f) && fs.readFileSync(path.join(app, f), "utf8").includes('"use server"'))
      .map((f) => `/${path.dirname(f)}`.replace(/\/\([^)]+\)/g, "") || "/")
      .sort();
    expect(withActions).toEqual([...PAGES_WITH_ACTIONS].sort());
    for (const p of PAGES_WITH_ACTIONS) {
      expect(edgeCheck("POST", p), p).toBeUndefined();
      expect(edgeCheck("POST", `${p}/`), p).toBeUndefined();
      expect(edgeCheck("PUT", p)?.error.headers.Allow).toBe("GET, HEAD, OPTIONS, POST");
    }
    expect(edgeCheck("POST", "/agents")?.error.status).toBe(405);
  });
});

describe("edgeCheck", () => {
  it("refuses undecodable paths with 400 in the route family's envelope", () => {
    for (const p of ["/v1/webhooks/%ED%A0%80", "/v1/trips/%ZZ", "/%", "/docs/%C0%AF", "/v1/weather/current%FF?lat=1"]) {
      const r = edgeCheck("GET", p);
      expect(r?.error.status, p).toBe(400);
      expect(r?.error.code).toBe("bad_request");
    }
    expect(edgeCheck("GET", "/v1/webhooks/%ED%A0%80")?.route).toBe("/v1/webhooks/{webhook_id}");
    expect(edgeCheck("GET", "/v1/weather/current%FF")?.family).toBe("api");
    expect(edgeCheck("GET", "/v1/weather/watch/%FF")?.family).toBe("weather");
  });

  it("refuses methods the route does not answer with 405 and Allow", () => {
    const trace = edgeCheck("TRACE", "/v1/trips");
    expect(trace?.error.status).toBe(405);
    expect(trace?.error.headers.Allow).toBe("GET, POST, HEAD, OPTIONS");
    expect(edgeCheck("PUT", "/v1/weather/health")?.error.headers.Allow).toBe("GET, HEAD, OPTIONS");
    expect(edgeCheck("GET", "/api/developer/keys/12")?.error.headers.Allow).toBe("DELETE, PATCH, OPTIONS");
    expect(edgeCheck("PROPFIND", "/v1/trips/1/ops")?.error.status).toBe(405);
    expect(edgeCheck("DELETE", "/docs")?.error.headers.Allow).toBe("GET, HEAD, OPTIONS");
    expect(edgeCheck("TRACK", "/")?.error.status).toBe(405);
  });

  it("passes what the app answers (and leaves unrouted API paths to the 404)", () => {
    for (const [m, p] of [
      ["GET", "/v1/trips"],
      ["HEAD", "/v1/trips/1"],
      ["OPTIONS", "/v1/trips"],
      ["POST", "/v1/weather/simulations/fire-watches"],
      ["DELETE", "/v1/weather/simulations/5b2f"],
      ["GET", "/api/auth/session"],
      ["POST", "/api/auth/callback/credentials"],
      ["GET", "/docs?x=%ZZ"],
      ["POST", "/v1/nowhere"],
      ["GET", "/v1/trips/1/itinerary.ics"],
      ["GET", "/v1/trips/%E2%9C%93"],
    ]) {
      expect(edgeCheck(m, p), `${m} ${p}`).toBeUndefined();
    }
  });
});

describe("the guard on a real HTTP server", () => {
  let server: http.Server;
  let port: number;
  const reached: string[] = [];
  let uninstall: () => void = () => {};
  beforeAll(async () => {
    uninstall = installEdgeGuard(parseTrustedProxies(undefined));
    server = http.createServer((req, res) => {
      reached.push(`${req.method} ${req.url}`);
      res.end(JSON.stringify({ xff: req.headers["x-forwarded-for"] ?? null, real: req.headers["x-real-ip"] ?? null }));
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    port = (server.address() as net.AddressInfo).port;
  });
  // Other files' HTTP servers share this process (decision 0173): take the guard off again.
  afterAll(async () => {
    uninstall();
    await new Promise<void>((r) => server.close(() => r()));
  });

  /** Raw bytes on a socket: fetch would normalise the method and the path. */
  function raw(requestLine: string, headers = ""): Promise<string> {
    return new Promise((resolve, reject) => {
      const s = net.connect(port, "127.0.0.1", () =>
        s.write(`${requestLine}\r\nHost: x\r\n${headers}Connection: close\r\n\r\n`),
      );
      let out = "";
      s.on("data", (d) => (out += d));
      s.on("end", () => resolve(out));
      s.on("error", reject);
    });
  }

  it("answers TRACE, CONNECT and bad escapes itself, in the envelope, with a request id and a log line", async () => {
    const cases: Array<[string, number]> = [
      ["TRACE /v1/trips HTTP/1.1", 405],
      ["GET /v1/webhooks/%ED%A0%80 HTTP/1.1", 400],
      ["PROPFIND /api/events/1 HTTP/1.1", 405],
      ["CONNECT example.com:443 HTTP/1.1", 405],
    ];
    for (const [line, status] of cases) {
      await raw("GET /warm HTTP/1.1"); // the CONNECT listener is attached on the first request
      const res = await raw(line);
      expect(res.split("\r\n")[0], line).toBe(`HTTP/1.1 ${status} ${http.STATUS_CODES[status]}`);
      const id = /x-request-id: ([0-9a-f-]{36})/i.exec(res)?.[1];
      expect(id, line).toBeDefined();
      const body = JSON.parse(res.slice(res.indexOf("\r\n\r\n") + 4));
      expect(body.error.request_id).toBe(id);
      if (status === 405) expect(res).toMatch(/\r\nAllow: [A-Z, ]+\r\n/i);
      const logs = takeLogs("request").map((l) => JSON.parse(l.line));
      expect(logs.find((l) => l.request_id === id)?.status, line).toBe(status);
    }
    expect(reached.every((r) => r === "GET /warm")).toBe(true);
  });

  /** What the app saw as the client's forwarded address for a request with these headers. */
  async function seenBy(headers: string): Promise<{ xff: string | null; real: string | null }> {
    const res = await raw("GET /who HTTP/1.1", headers);
    return JSON.parse(res.slice(res.indexOf("\r\n\r\n") + 4));
  }

  it("replaces a client's own X-Forwarded-For and X-Real-IP with the socket address", async () => {
    const spoof = "X-Forwarded-For: 6.6.6.6\r\nX-Forwarded-For: 7.7.7.7\r\nX-Real-IP: 8.8.8.8\r\n";
    expect(await seenBy(spoof)).toEqual({ xff: "127.0.0.1", real: null });
    expect(await seenBy("")).toEqual({ xff: "127.0.0.1", real: null });
  });

  it("believes the hops of a configured proxy (TRUSTED_PROXIES), and only those", async () => {
    installEdgeGuard(parseTrustedProxies("127.0.0.1, 10.0.0.0/8"));
    try {
      expect((await seenBy("X-Forwarded-For: 6.6.6.6, 198.51.100.7, 10.9.9.9\r\n")).xff).toBe("198.51.100.7");
    } finally {
      installEdgeGuard(parseTrustedProxies(undefined));
    }
    expect((await seenBy("X-Forwarded-For: 198.51.100.7\r\n")).xff).toBe("127.0.0.1");
  });
});

describe("the guard's undo", () => {
  it("takes the guard off: a plain server answers a method the guard refuses", async () => {
    const undo = installEdgeGuard(parseTrustedProxies(undefined));
    undo();
    const server = http.createServer((_req, res) => res.end("mine"));
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    try {
      const port = (server.address() as net.AddressInfo).port;
      const res = await fetch(`http://127.0.0.1:${port}/v1/trips`, { method: "DELETE" });
      expect(res.status).toBe(200);
      expect(await res.text()).toBe("mine");
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});
