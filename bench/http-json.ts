import http from "node:http";

/**
 * A lean keep-alive JSON client for the closed-loop scenarios. The load generator shares the
 * machine with the server: global fetch spent several times the CPU of node:http per call, which
 * the server's figures then paid for (autocannon, used for the other rows, is lean too).
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

export function requestJson(
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<{ status: number; body: any }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method,
        agent,
        headers:
          payload === undefined
            ? headers
            : { ...headers, "content-type": "application/json", "content-length": Buffer.byteLength(payload) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          try {
            resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : undefined });
          } catch (err) {
            reject(err);
          }
        });
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}
