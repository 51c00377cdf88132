import { ApiError } from "@/lib/http/errors";
import type { Family } from "@/lib/http/types";
import { matchRoute } from "./route-table";

/** Pages and static files: read-only (the portal has no server actions). */
const PAGE_METHODS = ["GET", "HEAD", "OPTIONS"];

export interface EdgeRefusal {
  error: ApiError;
  family: Family;
  /** The route template for the access log (null: a page or an unrouted path). */
  route: string | null;
}

/** The methods a route answers, as `Allow` lists them: HEAD wherever GET is, OPTIONS everywhere. */
export function allowedMethods(methods: string[]): string[] {
  const out = [...methods];
  if (out.includes("GET") && !out.includes("HEAD")) out.push("HEAD");
  if (!out.includes("OPTIONS")) out.push("OPTIONS");
  return out;
}

/**
 * What the edge refuses before any framework code runs (lib/registry/edge/install.ts), or
 * undefined to pass the request on. Two rules, the same for every path:
 * - a path that is not valid percent-encoded UTF-8 is a 400 (Next would throw decoding it);
 * - a method the addressed route does not answer is a 405 with `Allow` (TRACE and TRACK
 *   included, which Next cannot even represent as a Request).
 */
export function edgeCheck(method: string, rawUrl: string): EdgeRefusal | undefined {
  const q = rawUrl.indexOf("?");
  const rawPath = q === -1 ? rawUrl : rawUrl.slice(0, q);
  const route = matchRoute(rawPath);
  const family: Family = route?.family ?? "api";
  const template = route?.template ?? null;
  try {
    decodeURIComponent(rawPath);
  } catch {
    return {
      error: new ApiError("bad_request", "The request path is not valid percent-encoded UTF-8."),
      family,
      route: template,
    };
  }
  const allow = allowedMethods(route ? route.methods : PAGE_METHODS);
  const m = method.toUpperCase();
  // Unrouted API paths keep Next's 404 for the ordinary methods.
  const ordinary = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"].includes(m);
  const isApi = rawPath.startsWith("/api/") || rawPath.startsWith("/v1/");
  if (allow.includes(m) || (!route && isApi && ordinary)) return undefined;
  return {
    error: new ApiError("method_not_allowed", `${m} is not supported here; allowed: ${allow.join(", ")}.`, {
      headers: { Allow: allow.join(", ") },
    }),
    family,
    route: template,
  };
}
