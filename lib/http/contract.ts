import type { z } from "zod";
import type { ApiError } from "./errors";
import type { RawJson } from "./raw-json";
import type { AuthStrategy, Family, Principal, Reply, RouteMeter } from "./types";

/**
 * A route's contract: method, path, auth, validation schemas and documented responses. One
 * object is the validation (lib/http/route.ts), the OpenAPI operation (lib/http/openapi.ts)
 * and the test client's response check; contracts import only this file, not the runtime.
 */

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
  /**
   * Access to the addressed resource, checked after the path params and before the query and
   * body are validated: a caller who may not see the resource gets its 404 (or 403) whatever
   * else is wrong with the request, so a 400 never confirms that the resource exists.
   */
  authorize?: (ctx: {
    req: Request;
    principal: A extends AuthStrategy<infer PR> ? PR : Principal;
    params: Out<P>;
  }) => Promise<unknown>;
  /** Map a validation failure to a domain error (e.g. timeline_item_invalid). */
  onValidationError?: (where: "body" | "query" | "params", error: z.ZodError, raw: unknown) => ApiError | undefined;
  /** Hidden from the OpenAPI document (internal/portal-only routes). */
  internal?: boolean;
  /** The operation's request example (every public operation has one; a test runs each). */
  examples?: OperationExample;
  /** Extra response headers to document (name -> description, type, statuses they appear on). */
  headers?: Record<string, { description: string; type?: "string" | "integer"; statuses?: number[] }>;
  /** Recorded in the account's audit log when the operation succeeds (lib/audit, docs/audit.md). */
  audit?: AuditSpec<Out<P>, Out<B>>;
}

/** What an operation's success records: its action, its target and a summary of the change (never a secret). */
export interface AuditSpec<P = any, B = any> {
  /** "<resource>.<verb>", e.g. api_key.created. */
  action: string;
  /** "<resource>:<id>", from the path params or the response data. */
  target: (x: { params: P; body: B; data: any }) => string;
  /** Field names and non-secret values of the change (secret-looking fields are dropped anyway). */
  summary?: (x: { params: P; body: B; data: any }) => Record<string, unknown>;
}

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;

type SuccessStatus<R> = { [S in keyof R]: `${S & number}` extends `${1 | 2 | 3}${string}` ? S : never }[keyof R];
type BodyOf<E> = E extends { schema: infer Z extends z.ZodType } ? z.input<Z> : undefined;

/**
 * What a handler may return: `data` is typed by the contract's 2xx response schemas, so a
 * handler cannot return a field the document does not declare (and the route tests check
 * every body against the generated document at run time).
 */
export type ReplyFor<R> = Omit<Reply, "data"> & {
  data?: BodyOf<R[SuccessStatus<R>]> | RawJson<BodyOf<R[SuccessStatus<R>]>>;
};

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

/** The second argument Next passes a route handler. */
export type NextRouteContext = { params: Promise<Record<string, string | string[]>> };
