import http from "node:http";
import type { AddressInfo } from "node:net";
import createClient from "openapi-fetch";
import { afterAll, beforeAll, expect, it } from "vitest";
import { ApiRequestError } from "./api-fetch";
import { unwrap } from "./api-client";
import type { paths } from "./openapi-types";

// A real HTTP server answering as our routes do.
let server: http.Server;
let client: ReturnType<typeof createClient<paths>>;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    res.setHeader("content-type", "application/json");
    res.setHeader("x-request-id", "req-1");
    if (req.url === "/api/developer/visa-keys") {
      res.writeHead(200);
      res.end(
        JSON.stringify([
          {
            id: 1,
            name: "ci",
            keyPrefix: "vik_AbC12xYz",
            hourlyLimit: 1000,
            createdAt: "2026-05-01T00:00:00.000Z",
            revokedAt: null,
          },
        ]),
      );
      return;
    }
    res.writeHead(401);
    res.end(
      JSON.stringify({
        error: { code: "unauthorized", message: "Sign in to continue.", details: null, request_id: "req-1" },
      }),
    );
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  client = createClient<paths>({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

it("unwrap resolves to the typed body of a 2xx", async () => {
  const keys = await unwrap(client.GET("/api/developer/visa-keys"));
  expect(keys[0].keyPrefix).toBe("vik_AbC12xYz");
});

it("unwrap throws ApiRequestError with the envelope's code, message and request id", async () => {
  const err = await unwrap(client.GET("/v1/usage")).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(ApiRequestError);
  expect(err).toMatchObject({ status: 401, code: "unauthorized", message: "Sign in to continue.", requestId: "req-1" });
});
