/**
 * Calls a route handler in-process with a real Request, as Next would.
 * Tests of routes use this; e2e tests go over real HTTP.
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
  let parsed: unknown = undefined;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = text;
  }
  return { status: res.status, headers: res.headers, body: parsed as T, text };
}
