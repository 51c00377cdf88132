import { timingSafeEqual, createHash } from "node:crypto";
import { connection } from "next/server";
import { env } from "@/lib/env";
import { metricsText } from "./metrics";

const digest = (s: string) => createHash("sha256").update(s).digest();

/**
 * GET /metrics for an operator's Prometheus: 404 unless METRICS_TOKEN is set,
 * 401 without `Authorization: Bearer <METRICS_TOKEN>`. Text exposition format,
 * not the JSON envelope, so it is a plain handler rather than a defineRoute contract.
 */
export async function serveMetrics(req: Request): Promise<Response> {
  try {
    await connection();
  } catch {
    /* outside a Next request scope (tests) */
  }
  const token = env().METRICS_TOKEN;
  if (!token) return new Response("Not found\n", { status: 404, headers: { "content-type": "text/plain" } });
  const given = /^Bearer (.+)$/i.exec(req.headers.get("authorization") ?? "")?.[1] ?? "";
  if (!timingSafeEqual(digest(given), digest(token))) {
    return new Response("Unauthorized\n", {
      status: 401,
      headers: { "content-type": "text/plain", "www-authenticate": 'Bearer realm="metrics"' },
    });
  }
  const { body, contentType } = await metricsText();
  return new Response(body, { status: 200, headers: { "content-type": contentType, "cache-control": "no-store" } });
}
