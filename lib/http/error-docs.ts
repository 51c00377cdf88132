import { ERROR_STATUS, type ErrorCode } from "./errors";
import type { RouteContract } from "./contract";
import { takesIdempotencyKey } from "./idempotency";

type AnyContract = RouteContract<any, any, any, any, any>;

/**
 * What each documented error status means, keyed by the error table's code (lib/http/errors.ts):
 * the document states these once, not per area. An operation documents its own wording (or an
 * extra status such as 409) in `responses`, which wins over the derived one.
 */
const ERROR_DOCS: Partial<Record<ErrorCode, string>> = {
  bad_request: "Invalid request: the message names the field to fix; details.issues lists every problem.",
  unauthorized: "Missing, malformed, unknown, revoked or expired credentials.",
  billing_limit_reached:
    "billing_limit_reached: the plan does not include a dimension this call needs (details.dimension).",
  forbidden: "The credentials lack a required scope or role.",
  not_found: "Not found, or not owned by the caller.",
  payload_too_large: "Body larger than the limit (1 MB by default).",
  unsupported_media_type: "Body sent without Content-Type: application/json.",
  rate_limit_exceeded:
    "rate_limit_exceeded: a monthly cap is reached (details.dimension); X-RateLimit-Reset says when it resets.",
  internal_error: "Unexpected error; quote the request id.",
  idempotency_key_in_use:
    "idempotency_key_in_use: a request with the same Idempotency-Key is still in progress; retry after it finishes (Retry-After).",
  idempotency_key_reused:
    "idempotency_key_reused: the Idempotency-Key was already used with a different request to this operation in the last 24 h.",
  service_unavailable:
    "The database is unreachable (an outage); retry after the Retry-After seconds (docs/operations.md).",
};

/** Whether the operation honours Idempotency-Key: a POST or PATCH with a credential to scope the key to. */
export function honoursIdempotencyKey(c: AnyContract): boolean {
  return takesIdempotencyKey(c.method) && c.auth.security.length > 0;
}

/**
 * The statuses the idempotency layer adds (lib/http/idempotency.ts). Merged into an operation's own
 * description of that status when it documents one (409 conflict, 422…), not replacing it.
 */
export function idempotencyErrorDocs(c: AnyContract): Record<number, string> {
  if (!honoursIdempotencyKey(c)) return {};
  const codes: ErrorCode[] = ["idempotency_key_in_use", "idempotency_key_reused"];
  return Object.fromEntries(codes.map((code) => [ERROR_STATUS[code], ERROR_DOCS[code]!]));
}

/**
 * The error responses an operation can answer with, derived from its shape: every operation can
 * be 400 (a malformed request), 401 (credentials), 500 and 503 (an outage); 403 when its auth scheme needs a scope or takes the session (a role),
 * 404 when it has path parameters, 413/415 when it reads a body, 402/429 when its meter can refuse the call (a charge that is not always 0).
 * Returns status -> description (from ERROR_DOCS).
 */
export function derivedErrorDocs(c: AnyContract): Record<number, string> {
  const codes: ErrorCode[] = ["bad_request", "unauthorized", "internal_error", "service_unavailable"];
  if (c.auth.scopes?.length || byAccessToken(c) || bySession(c)) codes.push("forbidden");
  if (c.params) codes.push("not_found");
  if (c.body) codes.push("payload_too_large", "unsupported_media_type");
  if (c.meter?.refuses) codes.push("billing_limit_reached", "rate_limit_exceeded");
  return Object.fromEntries(codes.map((code) => [ERROR_STATUS[code], scoped(c, code)]));
}

/** Trip operations: an access token carries trip scopes chosen at its creation (docs/agents.md). */
const byAccessToken = (c: AnyContract) =>
  (c.auth.security as Array<Record<string, string[]>>).some((s) => "accessToken" in s);

/** The portal session: the person's role in the account decides (lib/accounts/permissions.ts). */
const bySession = (c: AnyContract) => (c.auth.security as Array<Record<string, string[]>>).some((s) => "session" in s);

const ROLE_REFUSED =
  "forbidden: with the portal session, the person's role in the account (owner, admin, developer, viewer) does not allow this operation.";

/** A state-changing operation that takes the portal session cookie: its 403 includes origin_mismatch (lib/auth/strategies.ts). */
function acceptsCookieWrites(c: AnyContract): boolean {
  const cookie = c.auth.security.some((s: Record<string, string[]>) => "session" in s);
  return cookie && !["GET", "HEAD", "OPTIONS"].includes(c.method);
}

const ORIGIN_MISMATCH =
  "origin_mismatch: a cookie-authenticated request that did not come from this site (Origin header).";

function scoped(c: AnyContract, code: ErrorCode): string {
  const scopes: string[] = c.auth.scopes ?? [];
  if (code === "forbidden") {
    const first = byAccessToken(c)
      ? "insufficient_scope: the access token lacks the trip scope this needs (trips:read to read, trips:propose to propose, trips:write to change), or your role on the trip does not allow it."
      : scopes.length
        ? `The credentials lack the ${scopes.join(" and ")} scope (insufficient_scope), or a required role.`
        : ERROR_DOCS.forbidden!;
    const withRole =
      bySession(c) && first !== ERROR_DOCS.forbidden
        ? `${first} Or ${ROLE_REFUSED}`
        : bySession(c)
          ? ROLE_REFUSED
          : first;
    return acceptsCookieWrites(c) ? `${withRole} Or ${ORIGIN_MISMATCH}` : withRole;
  }
  return ERROR_DOCS[code] ?? code;
}
