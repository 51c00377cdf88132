import { log } from "@/lib/log";
import { observeRequest } from "@/lib/platform/metrics";
import type { FinishedRequest } from "./route-hooks";
import type { Principal } from "./types";

/** What the route helper learns about a request while serving it, for the request log. */
export type Trace = Pick<FinishedRequest, "requestId" | "principal" | "billingUnits" | "errorCode" | "errorMessage">;

/**
 * One JSON line per request at info (LOG_LEVEL): the route template, never the
 * raw path or query (they can carry ids and coordinates), and no headers.
 */
export function accessLog(
  route: { method: string; path: string },
  req: Request,
  status: number,
  requestId: string,
  started: number,
  principal: Principal,
): void {
  const seconds = (performance.now() - started) / 1000;
  observeRequest(route.method, route.path, status, seconds);
  log.info("request", {
    request_id: requestId,
    method: req.method,
    route: route.path,
    status,
    latency_ms: Math.round(seconds * 10_000) / 10,
    account_id: "account" in principal ? (principal.account?.id ?? null) : null,
  });
}
