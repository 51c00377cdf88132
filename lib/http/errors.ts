import type { Principal } from "./types";

/**
 * The one error vocabulary: machine code -> HTTP status. Handlers throw
 * `ApiError(code, message)`; the route helper renders it in the route family's
 * envelope. Add a code here, never build an error body by hand.
 */
export const ERROR_STATUS = {
  bad_request: 400,
  timeline_item_invalid: 400,
  route_invalid: 400,
  proposal_not_pending: 400,
  invalid_action: 400,
  unauthorized: 401,
  billing_limit_reached: 402,
  forbidden: 403,
  insufficient_scope: 403,
  origin_mismatch: 403,
  email_not_verified: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  STALE_REVISION: 409,
  proposal_out_of_date: 409,
  OP_INVALID: 409,
  idempotency_key_in_use: 409,
  gone: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unprocessable: 422,
  idempotency_key_reused: 422,
  rate_limit_exceeded: 429,
  visa_api_rate_limited: 429,
  internal_error: 500,
  provider_unavailable: 502,
  service_unavailable: 503,
  weather_refresh_timeout: 504,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface ApiErrorOptions {
  details?: unknown;
  /** Extra top-level fields for flat envelopes (e.g. current_revision, retryAfter). */
  extra?: Record<string, unknown>;
  headers?: Record<string, string>;
  /** Override the table's status (rare; e.g. 401 from the visa family). */
  status?: number;
  cause?: unknown;
  /**
   * The caller, when the credential was verified before the refusal (insufficient_scope): the
   * route helper still adds what that caller's responses carry (the weather X-RateLimit-*).
   */
  principal?: Principal;
}

export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: unknown;
  readonly extra: Record<string, unknown>;
  readonly headers: Record<string, string>;
  readonly principal?: Principal;

  constructor(code: ErrorCode, message: string, opts: ApiErrorOptions = {}) {
    super(message, { cause: opts.cause });
    this.name = "ApiError";
    this.code = code;
    this.status = opts.status ?? ERROR_STATUS[code];
    this.details = opts.details ?? null;
    this.extra = opts.extra ?? {};
    this.headers = opts.headers ?? {};
    this.principal = opts.principal;
  }
}

export function isApiError(err: unknown): err is ApiError {
  return err instanceof ApiError;
}

/** 404 used for "absent" and "owned by someone else" alike, so ids do not leak. */
export function notFound(what: string): ApiError {
  return new ApiError("not_found", `${what} not found.`);
}
