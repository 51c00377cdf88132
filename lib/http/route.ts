import { randomUUID } from "node:crypto";
import { z } from "zod";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { recordRequest, type RequestTrace } from "@/lib/requests/request-log";
import { admit } from "./admit";
import { errorBody, weatherMeta } from "./envelopes";
import { RawJson } from "./raw-json";
import { ApiError, isApiError } from "./errors";
import { assertCleanText, readJsonBody, searchParamsObject, validationError } from "./parse";
import type { AuthStrategy, Family, MeterSession, Principal, Reply, RouteMeter } from "./types";
import { DatabaseLockedError } from "@/lib/db/pglite-lock";
import { dbCause, isDatabaseUnavailable } from "@/lib/db/errors";
import { observeRequest } from "@/lib/platform/metrics";

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export type ResponseDocs = Record<number, { description: string; schema?: z.ZodType; contentType?: "text/calendar" }>;

/**
 * A realistic request for an operation, shown in the document and on /docs (with copy-as-curl) and
 * executed by lib/http/examples.routes.test.ts (path ids are replaced by ids of fixtures it creates).
 * The response example is the recorded answer to this request (lib/http/examples/responses.json).
 */
export interface OperationExample {
  params?: Record<string, string | number>;
  query?: Record<string, string | number | boolean>;
  body?: unknown;
  /** The documented status this request answers with (default: the first 2xx response). */
  status?: number;
}

export interface RouteContract<
  A extends AuthStrategy = AuthStrategy,
  P extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends ResponseDocs = ResponseDocs,
> {
  method: Method;
  /** Stable OpenAPI operationId (e.g. weather.getCurrent); derived from method and path when absent. */
  operationId?: string;
  /** The success body carries a secret shown once (key, signing secret): every response is `Cache-Control: no-store`. */
  secret?: boolean;
  /** OpenAPI-style path, e.g. /v1/weather/watch/{watch_id}. */
  path: string;
  summary: string;
  description?: string;
  tags: string[];
  family: Family;
  auth: A;
  params?: P;
  query?: Q;
  body?: B;
  /**
   * The body as documented, when the runtime validates it in stages (e.g. an op's payload per
   * type, after the role check): built from the same zod parts, never a hand-written copy.
   */
  documentedBody?: z.ZodType;
  /** Body may be omitted entirely (e.g. accept without a selected option). */
  bodyOptional?: boolean;
  /** Documented responses; the success schema is the `data` (weather) or the whole body. */
  responses: R;
  /** Weather family: quota reservation and rate-limit headers. */
  meter?: RouteMeter<HandlerContext<A, P, Q, B>>;
  /** Map a validation failure to a domain error (e.g. timeline_item_invalid). */
  onValidationError?: (where: "body" | "query" | "params", error: z.ZodError, raw: unknown) => ApiError | undefined;
  /** Hidden from the OpenAPI document (internal/portal-only routes). */
  internal?: boolean;
  /** The operation's request example (every public operation has one; a test runs each). */
  examples?: OperationExample;
  /** Extra response headers to document (name -> description, type, statuses they appear on). */
  headers?: Record<string, { description: string; type?: "string" | "integer"; statuses?: number[] }>;
}

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;

type SuccessStatus<R> = { [S in keyof R]: `${S & number}` extends `${1 | 2 | 3}${string}` ? S : never }[keyof R];
type BodyOf<E> = E extends { schema: infer Z extends z.ZodType } ? z.input<Z> : undefined;

/**
 * What a handler may return: `data` is typed by the contract's 2xx response schemas, so a
 * handler cannot return a field the document does not declare (and the route tests check
 * every body against the generated document at run time).
 */
export type ReplyFor<R> = Omit<Reply, "data"> & { data?: BodyOf<R[SuccessStatus<R>]> | RawJson<BodyOf<R[SuccessStatus<R>]>> };

/** A route function with its contract attached (the test client validates responses against it). */
export type RouteFunction = ((req: Request, nextCtx?: NextRouteContext) => Promise<Response>) & {
  contract: RouteContract<any, any, any, any, any>;
};

export interface HandlerContext<A extends AuthStrategy, P, Q, B> {
  req: Request;
  requestId: string;
  principal: A extends AuthStrategy<infer PR> ? PR : Principal;
  params: Out<P>;
  query: Out<Q>;
  body: Out<B>;
  /** Set by the meter: units this call is billed (weather family). */
  billingUnits: number;
}

export function contract<
  A extends AuthStrategy,
  P extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  const R extends ResponseDocs = ResponseDocs,
>(c: RouteContract<A, P, Q, B, R>): RouteContract<A, P, Q, B, R> {
  return c;
}

type AreaDefaults<A extends AuthStrategy> = Pick<RouteContract<A>, "tags" | "family" | "auth">;

/**
 * Per-area defaults (auth scheme, tags, envelope family) said once: `const contract = areaContract({
 * auth, tags: ["Watches"], family: "weather" })`, then each contract states only what differs. A
 * contract may still override any default. `errors` are error responses every operation of the
 * area documents beyond those derived from the error table (lib/http/error-docs.ts), e.g. the
 * weather provider's 502/504; an operation's own `responses` win.
 */
export function areaContract<A extends AuthStrategy>(defaults: AreaDefaults<A> & { errors?: ResponseDocs }) {
  const { errors, ...rest } = defaults;
  return <
    P extends z.ZodType | undefined = undefined,
    Q extends z.ZodType | undefined = undefined,
    B extends z.ZodType | undefined = undefined,
    const R extends ResponseDocs = ResponseDocs,
  >(
    c: Omit<RouteContract<A, P, Q, B, R>, keyof AreaDefaults<A>> & Partial<AreaDefaults<A>>,
  ): RouteContract<A, P, Q, B, R> => ({ ...rest, ...c, responses: { ...errors, ...c.responses } });
}

export const DEFAULT_CHALLENGE = 'Bearer realm="skycast"';

type NextRouteContext = { params: Promise<Record<string, string | string[]>> };

/**
 * The one route helper. Owns, in order: request id, authentication and scope,
 * params/query/body validation (400 bills nothing), quota reservation (402/429),
 * the handler, the envelope, response headers, and error mapping.
 */
export function defineRoute<
  A extends AuthStrategy,
  P extends z.ZodType | undefined,
  Q extends z.ZodType | undefined,
  B extends z.ZodType | undefined,
  R extends ResponseDocs,
>(c: RouteContract<A, P, Q, B, R>, handler: (ctx: HandlerContext<A, P, Q, B>) => Promise<ReplyFor<R> | Response>): RouteFunction {
  const route = async function route(req: Request, nextCtx?: NextRouteContext): Promise<Response> {
    const started = performance.now();
    const trace: Trace = { requestId: randomUUID(), principal: { type: "none" }, billingUnits: 0, errorCode: null };
    const response = await run(req, nextCtx, trace);
    if (c.secret) response.headers.set("Cache-Control", "no-store");
    // Off the hot path: a buffer push; the log is written in batches (lib/requests/request-log.ts).
    recordRequest({ ...trace, method: c.method, path: c.path, status: response.status, latencyMs: performance.now() - started });
    accessLog(c, req, response.status, trace.requestId, started, trace.principal);
    return response;
  };
  return Object.assign(route, { contract: c as RouteContract<any, any, any, any, any> });

  async function run(req: Request, nextCtx: NextRouteContext | undefined, trace: Trace): Promise<Response> {
    await admit();
    const requestId = trace.requestId;
    let principal: Principal = { type: "none" };
    let session: MeterSession | undefined;
    let meterHeaders: Record<string, string> = {};
    let authHeaders: Record<string, string> = {};
    try {
      // Authenticate before checking path params: a malformed id is 401 without
      // credentials, and with them its 404 carries the X-RateLimit-* headers.
      principal = await c.auth.authenticate(req);
      trace.principal = principal;
      authHeaders = c.auth.responseHeaders?.(principal) ?? {};
      const rawParams = nextCtx?.params ? await nextCtx.params : {};
      const params = c.params ? parseOr404(c.params, rawParams) : undefined;
      c.auth.authorize?.(principal, params);
      let query: unknown = undefined;
      if (c.query) {
        const rawQuery = searchParamsObject(new URL(req.url).searchParams);
        assertCleanText("query", rawQuery);
        query = validate(c, "query", c.query, rawQuery);
      }
      let body: unknown = undefined;
      if (c.body) {
        const raw = await readJsonBody(req, env().MAX_BODY_BYTES, c.bodyOptional === true);
        body = raw === undefined && c.bodyOptional ? undefined : validate(c, "body", c.body, raw);
      }
      const ctx = { req, requestId, principal, params, query, body, billingUnits: 0 } as HandlerContext<A, P, Q, B>;
      if (c.meter) {
        session = await c.meter.start(ctx);
        ctx.billingUnits = session.billingUnits;
      }
      let result: ReplyFor<R> | Response;
      try {
        result = await handler(ctx);
      } catch (err) {
        if (session) {
          const billable = isApiError(err) && (err.status === 502 || err.status === 504);
          meterHeaders = await session.finish(billable ? "billable_error" : "error");
          if (billable) trace.billingUnits = ctx.billingUnits;
          session = undefined;
        }
        throw err;
      }
      if (session) meterHeaders = await session.finish("success");
      trace.billingUnits = ctx.billingUnits;
      if (result instanceof Response) {
        result.headers.set("X-Request-Id", requestId);
        for (const [k, v] of Object.entries({ ...authHeaders, ...meterHeaders })) result.headers.set(k, v);
        return result;
      }
      return render(c.family, result as Reply, requestId, ctx.billingUnits, { ...authHeaders, ...meterHeaders }, sandboxMeta(principal));
    } catch (err) {
      trace.errorCode = isApiError(err) ? err.code : "internal_error";
      return renderError(c, err, requestId, principal, meterHeaders, authHeaders);
    }
  }
}

/** Name, first message line and stack frames: a driver's message can carry query parameters on later lines. */
function errorSummary(err: unknown): Record<string, unknown> {
  if (!(err instanceof Error)) return { message: String(err).split("\n")[0] };
  const frames = (err.stack ?? "").split("\n").filter((l) => l.startsWith("    at ")).slice(0, 12);
  return { name: err.name, message: err.message.split("\n")[0].slice(0, 500), stack: frames.join("\n") };
}

/**
 * One JSON line per request at info (LOG_LEVEL): the route template, never the
 * raw path or query (they can carry ids and coordinates), and no headers.
 */
function accessLog(c: RouteContract<any, any, any, any>, req: Request, status: number, requestId: string, started: number, principal: Principal) {
  const seconds = (performance.now() - started) / 1000;
  observeRequest(c.method, c.path, status, seconds);
  log.info("request", {
    request_id: requestId,
    method: req.method,
    route: c.path,
    status,
    latency_ms: Math.round(seconds * 10_000) / 10,
    account_id: "account" in principal ? (principal.account?.id ?? null) : null,
  });
}

type Trace = Pick<RequestTrace, "requestId" | "principal" | "billingUnits" | "errorCode">;

function parseOr404(schema: z.ZodType, raw: unknown): unknown {
  const r = schema.safeParse(raw);
  if (!r.success) throw new ApiError("not_found", "No resource exists at this path.");
  return r.data;
}

function validate(c: RouteContract<any, any, any, any, any>, where: "query" | "body", schema: z.ZodType, raw: unknown) {
  const r = schema.safeParse(raw);
  if (r.success) return r.data;
  throw c.onValidationError?.(where, r.error, raw) ?? validationError(where, r.error);
}

/** meta.environment of a sandbox account is "sandbox" on every weather response (as the weather core labels it). */
function sandboxMeta(principal: Principal): Record<string, unknown> {
  return "account" in principal && principal.account?.environment === "sandbox" ? { environment: "sandbox" } : {};
}

function render(
  family: Family,
  reply: Reply,
  requestId: string,
  billingUnits: number,
  meterHeaders: Record<string, string>,
  defaultMeta: Record<string, unknown> = {},
): Response {
  const status = reply.status ?? 200;
  const headers = new Headers({ "X-Request-Id": requestId, ...meterHeaders, ...(reply.headers ?? {}) });
  // Weather answers say which language their text is in (handlers with a `language` set their own).
  if (family === "weather" && !headers.has("Content-Language")) headers.set("Content-Language", "en");
  if (status === 204 || (reply.data === undefined && family !== "weather")) {
    return new Response(null, { status: status === 200 ? 204 : status, headers });
  }
  const meta = family === "weather" ? weatherMeta(requestId, { ...defaultMeta, billing_units: billingUnits, ...(reply.meta ?? {}) }) : undefined;
  if (reply.data instanceof RawJson) {
    // Pre-serialised data (raw-json.ts): spliced into the envelope, never parsed here.
    headers.set("content-type", "application/json");
    const text = meta ? `{"data":${reply.data.text},"meta":${JSON.stringify(meta)}}` : reply.data.text;
    return new Response(text, { status, headers });
  }
  return Response.json(meta ? { data: reply.data, meta } : reply.data, { status, headers });
}

async function renderError(
  c: RouteContract<any, any, any, any, any>,
  err: unknown,
  requestId: string,
  principal: Principal,
  meterHeaders: Record<string, string>,
  authHeaders: Record<string, string>,
): Promise<Response> {
  let apiErr: ApiError;
  if (isApiError(err)) {
    apiErr = err;
  } else if (err instanceof DatabaseLockedError) {
    // Development only: another process holds the embedded database directory.
    apiErr = new ApiError("service_unavailable", err.message);
  } else if (isDatabaseUnavailable(err)) {
    // Postgres restarting or unreachable: a retryable 503, not a 500 storm.
    log.warn("database unavailable", { request_id: requestId, path: c.path, method: c.method, cause: dbCause(err) });
    apiErr = new ApiError("service_unavailable", "The service is temporarily unavailable; retry shortly.", { headers: { "Retry-After": "1" } });
  } else {
    log.error("unhandled error", { request_id: requestId, path: c.path, method: c.method, cause: dbCause(err), error: errorSummary(err) });
    apiErr = new ApiError("internal_error", "An unexpected error occurred; quote the request id when reporting it.");
  }
  let headers: Record<string, string> = { "X-Request-Id": requestId, ...authHeaders, ...meterHeaders, ...apiErr.headers };
  // RFC 9110: a 401 names the scheme that would be accepted.
  if (apiErr.status === 401) headers["WWW-Authenticate"] ??= c.auth.challenge ?? DEFAULT_CHALLENGE;
  // Error messages are English.
  if (c.family === "weather") headers["Content-Language"] = "en";
  if (c.meter && principal.type !== "none" && Object.keys(meterHeaders).length === 0) {
    try {
      headers = { ...(await c.meter.headers(principal)), ...headers };
    } catch {
      /* headers are best effort on an error path */
    }
  }
  return Response.json(errorBody(c.family, apiErr, requestId), { status: apiErr.status, headers });
}
