import { randomUUID } from "node:crypto";
import type { z } from "zod";
import { env } from "@/lib/env";
import { accessLog, type Trace } from "./access-log";
import { admit } from "./admit";
import type {
  HandlerContext,
  NextRouteContext,
  ReplyFor,
  ResponseDocs,
  RouteContract,
  RouteFunction,
} from "./contract";
import { ApiError, isApiError } from "./errors";
import {
  claimIdempotencyKey,
  idempotencyAccount,
  idempotencyKeyOf,
  idempotencyPrincipal,
  replayResponse,
  requestFingerprint,
  takesIdempotencyKey,
  type Claim,
} from "./idempotency";
import { assertCleanText, readJsonBody, searchParamsObject, validationError } from "./parse";
import { render, renderError, sandboxMeta } from "./render";
import { routeHooks } from "./route-hooks";
import type { AuthStrategy, MeterSession, Principal, Reply } from "./types";

// Contracts are declared in ./contract (no runtime imports); re-exported for route files.
export * from "./contract";

/**
 * The one route helper. Owns, in order: request id, authentication and scope (and, for a session,
 * the person's role: the assertRoleMay hook, lib/accounts/permissions.ts),
 * params/query/body validation (400 bills nothing), the Idempotency-Key (POST/PATCH: replay,
 * 409, 422; lib/http/idempotency.ts), quota reservation (402/429), the handler, the envelope,
 * response headers, and error mapping. The domain steps (role check, audit row, request log) are
 * hooks the composition root installs (./route-hooks.ts): defining a route without them throws.
 */
export function defineRoute<
  A extends AuthStrategy,
  P extends z.ZodType | undefined,
  Q extends z.ZodType | undefined,
  B extends z.ZodType | undefined,
  R extends ResponseDocs,
>(
  c: RouteContract<A, P, Q, B, R>,
  handler: (ctx: HandlerContext<A, P, Q, B>) => Promise<ReplyFor<R> | Response>,
): RouteFunction {
  // Read once, at definition: a route module loaded without the registry's hooks fails to load.
  const hooks = routeHooks();
  const route = async function route(req: Request, nextCtx?: NextRouteContext): Promise<Response> {
    const started = performance.now();
    const trace: Trace = {
      requestId: randomUUID(),
      principal: { type: "none" },
      billingUnits: 0,
      errorCode: null,
      errorMessage: null,
    };
    const response = await run(req, nextCtx, trace);
    if (c.secret) response.headers.set("Cache-Control", "no-store");
    // Off the hot path: a buffer push; the log is written in batches (lib/requests/request-log.ts).
    hooks.logRequest(req, {
      ...trace,
      method: c.method,
      path: c.path,
      status: response.status,
      latencyMs: performance.now() - started,
    });
    accessLog(c, req, response.status, trace.requestId, started, trace.principal);
    return response;
  };
  return Object.assign(route, { contract: c as RouteContract<any, any, any, any, any> });

  async function run(req: Request, nextCtx: NextRouteContext | undefined, trace: Trace): Promise<Response> {
    const claim: { owner?: Extract<Claim, { kind: "owner" }> } = {};
    const response = await execute(req, nextCtx, trace, claim);
    // The first request with an Idempotency-Key stores (or releases) its response, whatever it was.
    return claim.owner ? claim.owner.settle(response, { secret: c.secret === true }) : response;
  }

  async function execute(
    req: Request,
    nextCtx: NextRouteContext | undefined,
    trace: Trace,
    claim: { owner?: Extract<Claim, { kind: "owner" }> },
  ): Promise<Response> {
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
      // A person's role decides what their session may do (lib/accounts/permissions.ts); a key's scopes decide for keys.
      const role =
        principal.type === "session"
          ? principal.role
          : principal.type === "api_key"
            ? principal.sessionRole
            : undefined;
      if (role) hooks.assertRoleMay(role, c.operationId);
      authHeaders = c.auth.responseHeaders?.(principal) ?? {};
      const rawParams = nextCtx?.params ? await nextCtx.params : {};
      const params = c.params ? parseOr404(c.params, rawParams) : undefined;
      c.auth.authorize?.(principal, params);
      if (c.authorize) await c.authorize({ req, principal: principal as never, params: params as never });
      let query: unknown = undefined;
      if (c.query) {
        const rawQuery = searchParamsObject(new URL(req.url).searchParams);
        assertCleanText("query", rawQuery);
        query = validate(c, "query", c.query, rawQuery);
      }
      let body: unknown = undefined;
      let rawBody: unknown = undefined;
      if (c.body) {
        rawBody = await readJsonBody(req, env().MAX_BODY_BYTES, c.bodyOptional === true);
        body = rawBody === undefined && c.bodyOptional ? undefined : validate(c, "body", c.body, rawBody);
      }
      // After authorization and validation (a rejected request stores nothing: fix it and retry with the same key), before the meter (a replay bills nothing).
      // Bound to the credential: another credential's request with the same key runs as a new one, through the handler's own checks.
      // Where there is no account (sign-up, the visa master key) the header is accepted and ignored, whatever its value.
      const accountId = takesIdempotencyKey(c.method) ? idempotencyAccount(principal) : undefined;
      const boundTo = accountId === undefined ? undefined : idempotencyPrincipal(principal);
      const key = boundTo === undefined ? undefined : idempotencyKeyOf(req);
      if (key !== undefined && accountId !== undefined && boundTo !== undefined) {
        const fingerprint = requestFingerprint({
          params: rawParams,
          query: c.query ? searchParamsObject(new URL(req.url).searchParams) : undefined,
          body: rawBody,
        });
        const claimed = await claimIdempotencyKey({
          accountId,
          principal: boundTo,
          operation: `${c.method} ${c.path}`,
          key,
          hash: fingerprint,
        });
        if (claimed.kind === "replay") return replayResponse(claimed.stored, requestId, authHeaders);
        claim.owner = claimed;
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
      if (c.audit) await hooks.auditSuccess(c.audit, { req, requestId, principal, params, body, result });
      if (result instanceof Response) {
        result.headers.set("X-Request-Id", requestId);
        for (const [k, v] of Object.entries({ ...authHeaders, ...meterHeaders })) result.headers.set(k, v);
        return result;
      }
      return render(
        c.family,
        result as Reply,
        requestId,
        ctx.billingUnits,
        { ...authHeaders, ...meterHeaders },
        sandboxMeta(principal),
      );
    } catch (err) {
      // A refusal after the credential was verified (insufficient_scope) is logged under that account.
      if (trace.principal.type === "none" && isApiError(err) && err.principal) trace.principal = err.principal;
      return renderError(c, err, requestId, principal, meterHeaders, authHeaders, trace);
    }
  }
}

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
