import { checkResponse } from "@/lib/registry/testing/response-check";
import type { RouteFunction } from "../contract";

/**
 * Calls a route handler in-process with a real Request, as Next would.
 * Tests of routes use this; e2e tests go over real HTTP. Every response of a
 * documented route is checked against the generated OpenAPI document (status
 * documented, body valid and closed): a test that receives an undocumented shape fails.
 */
export type Handler = (req: Request, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

export interface CallOptions {
  method?: string;
  path: string;
  params?: Record<string, string>;
  headers?: Record<string, string>;
  /** Object bodies are JSON-encoded with Content-Type: application/json. */
  body?: unknown;
  rawBody?: string;
  bearer?: string;
  /** Skip the OpenAPI response check (only for tests of deliberately undocumented outcomes, e.g. a forced 500). */
  checkContract?: false;
}

export interface CallResult<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export async function call<T = any>(handler: Handler, opts: CallOptions): Promise<CallResult<T>> {
  const headers = new Headers(opts.headers);
  if (opts.bearer) headers.set("authorization", `Bearer ${opts.bearer}`);
  let body: string | undefined = opts.rawBody;
  if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    if (!headers.has("content-type")) headers.set("content-type", "application/json");
  }
  const req = new Request(`http://localhost${opts.path}`, { method: opts.method ?? "GET", headers, body });
  const res = await handler(req, { params: Promise.resolve(opts.params ?? {}) });
  const text = await res.text();
  const contract = (handler as Partial<RouteFunction>).contract;
  if (contract && opts.checkContract !== false) {
    const problems = checkResponse(contract, res.status, res.headers, text);
    if (problems.length > 0) {
      throw new Error(
        `Response does not match the OpenAPI document:\n  ${problems.slice(0, 10).join("\n  ")}\nbody: ${text.slice(0, 2000)}`,
      );
    }
  }
  let parsed: unknown = undefined;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = text;
  }
  return { status: res.status, headers: res.headers, body: parsed as T, text };
}
