import { ApiError } from "@/lib/http/errors";
import type { Family } from "@/lib/http/types";
import { matchRoute } from "./route-table";

/** Pages and static files: read-only, but for the pages below. */
const PAGE_METHODS = ["GET", "HEAD", "OPTIONS"];

/**
 * Pages with a server action: Next posts the action to the page's own URL (a fetch with JS, the
 * form itself without), so POST must reach them; refused here, the portal's Revoke on Connected
 * agents answered 405 in production. edge.test.ts keeps this list equal to the pages under app/
 * that declare "use server".
 */
export const PAGES_WITH_ACTIONS = ["/agents/connected"];

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
  const page = rawPath.length > 1 ? rawPath.replace(/\/$/, "") : rawPath;
  const allow = allowedMethods(
    route ? route.methods : PAGES_WITH_ACTIONS.includes(page) ? [...PAGE_METHODS, "POST"] : PAGE_METHODS,
  );
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
