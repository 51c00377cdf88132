import net from "node:net";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { upstreamError } from "@/lib/weather/testing/upstream-error";
import { fetchUpstreamJson } from "./http";

/*
 * A provider connection reset or closed under a request (a kept-alive socket the provider closed as it was
 * reused) is tried once more on a new connection (decision 0179); nothing else is retried.
 */
type Answer = "reset" | "close" | "ok" | "hang";

let server: net.Server | undefined;
const sockets = new Set<net.Socket>();
afterEach(async () => {
  for (const s of sockets) s.destroy();
  sockets.clear();
  await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
  server = undefined;
});

/** A raw HTTP server answering its n-th connection as `answers[n]` (the last one repeats). */
async function upstream(answers: Answer[]): Promise<{ url: string; connections: () => number }> {
  let n = 0;
  server = net.createServer((sock) => {
    sockets.add(sock);
    const answer = answers[Math.min(n++, answers.length - 1)];
    sock.once("data", () => {
      if (answer === "reset") sock.resetAndDestroy();
      else if (answer === "close") sock.destroy();
      else if (answer === "ok")
        sock.end('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 11\r\n\r\n{"ok":true}');
    });
  });
  await new Promise<void>((r) => server!.listen(0, "127.0.0.1", r));
  return { url: `http://127.0.0.1:${(server!.address() as AddressInfo).port}/v1/forecast`, connections: () => n };
}

describe("a provider connection reset under a request", () => {
  it.each(["reset", "close"] as const)("%s on the first connection: tried once more on a new one", async (first) => {
    const up = await upstream([first, "ok"]);
    await expect(fetchUpstreamJson(up.url, { provider: "open-meteo", timeoutMs: 60_000 })).resolves.toEqual({
      ok: true,
    });
    expect(up.connections()).toBe(2);
  });

  it("reset every time: one more try only, then 502 provider_unavailable naming the reset", async () => {
    const up = await upstream(["reset"]);
    const err = await upstreamError(fetchUpstreamJson(up.url, { provider: "open-meteo", timeoutMs: 60_000 }));
    expect([err.status, err.code]).toEqual([502, "provider_unavailable"]);
    expect(err.details).toMatchObject({ upstream_status: null, upstream_reason: "ECONNRESET" });
    expect(up.connections()).toBe(2);
  });

  it("a provider that does not answer is not tried again: 504 after the one deadline", async () => {
    const up = await upstream(["hang"]);
    const err = await upstreamError(fetchUpstreamJson(up.url, { provider: "open-meteo", timeoutMs: 200 }));
    expect(err.code).toBe("weather_refresh_timeout");
    expect(up.connections()).toBe(1);
  });
});
