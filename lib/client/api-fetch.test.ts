import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiRequestError, apiFetch, toApiRequestError } from "./api-fetch";

// A real HTTP server answering with each of our envelope shapes.
let server: http.Server;
let base = "";
const seen: Array<{ method?: string; contentType?: string; body: string }> = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      seen.push({ method: req.method, contentType: req.headers["content-type"], body });
      const send = (status: number, payload?: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { "content-type": "application/json", ...headers });
        res.end(payload === undefined ? "" : JSON.stringify(payload));
      };
      switch (req.url) {
        case "/ok":
          return send(200, { hello: "world" });
        case "/no-content":
          return send(204);
        case "/api-error":
          return send(400, {
            error: {
              code: "bad_request",
              message: "name: Give the key a name.",
              details: {
                location: "body",
                issues: [
                  { path: "name", message: "Give the key a name." },
                  { path: "scopes.0", message: "Invalid option" },
                ],
              },
              request_id: "req-1",
            },
          });
        case "/weather-error":
          return send(401, {
            error: { code: "unauthorized", message: "Missing API key", details: null, request_id: "req-2" },
            meta: { request_id: "req-2" },
          });
        case "/flat-error":
          return send(
            409,
            { error: "Revision is stale", code: "STALE_REVISION", current_revision: 4 },
            { "x-request-id": "req-3" },
          );
        case "/conflict-field":
          return send(409, {
            error: {
              code: "conflict",
              message: "An account with this email already exists.",
              details: { field: "email" },
            },
          });
        default:
          res.writeHead(502, { "content-type": "text/html" });
          return res.end("<html>bad gateway</html>");
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((r) => server.close(() => r())));

async function failure(path: string): Promise<ApiRequestError> {
  const err = await apiFetch(`${base}${path}`).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(ApiRequestError);
  return err as ApiRequestError;
}

describe("apiFetch", () => {
  it("returns the parsed body, and undefined for 204", async () => {
    expect(await apiFetch(`${base}/ok`)).toEqual({ hello: "world" });
    expect(await apiFetch(`${base}/no-content`, { method: "DELETE" })).toBeUndefined();
  });

  it("sends JSON bodies with a JSON content type", async () => {
    await apiFetch(`${base}/ok`, { method: "POST", body: { a: 1 } });
    const last = seen.at(-1)!;
    expect(last).toMatchObject({ method: "POST", contentType: "application/json", body: '{"a":1}' });
  });

  it("turns the api envelope into field errors (first message per top-level field)", async () => {
    const err = await failure("/api-error");
    expect(err).toMatchObject({ status: 400, code: "bad_request", requestId: "req-1" });
    expect(err.fieldErrors).toEqual({ name: "Give the key a name.", scopes: "Invalid option" });
  });

  it("reads the weather and flat envelopes", async () => {
    expect(await failure("/weather-error")).toMatchObject({
      status: 401,
      code: "unauthorized",
      message: "Missing API key",
      requestId: "req-2",
    });
    expect(await failure("/flat-error")).toMatchObject({
      status: 409,
      code: "STALE_REVISION",
      message: "Revision is stale",
      requestId: "req-3",
    });
  });

  it("maps a domain error naming a field to that field", async () => {
    expect((await failure("/conflict-field")).fieldErrors).toEqual({
      email: "An account with this email already exists.",
    });
  });

  it("survives a non-JSON error page", async () => {
    const err = await failure("/elsewhere");
    expect(err).toMatchObject({ status: 502, code: "error", message: "Request failed (502)." });
    expect(err.fieldErrors).toEqual({});
  });

  it("reports an unreachable server as a network error", async () => {
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, "127.0.0.1", r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const err = await apiFetch(`http://127.0.0.1:${port}/`).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 0, code: "network_error" });
  });
});

describe("toApiRequestError", () => {
  it("falls back to the header request id", () => {
    expect(toApiRequestError(500, undefined, "hdr").requestId).toBe("hdr");
  });
});
