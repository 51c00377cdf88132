import type { AccountEnvironment, AccountRole, Plan } from "@/drizzle/schema";

export interface AccountInfo {
  id: string;
  plan: Plan;
  environment: AccountEnvironment;
  limitOverrides: Record<string, number>;
}

export type Principal =
  | { type: "none" }
  | {
      type: "api_key";
      keyId: number;
      userId: string;
      accountId: string;
      account: AccountInfo;
      scopes: string[];
      isInternal: boolean;
      /** Set when a portal session acts through one of its keys (playground): that person's role still applies. */
      sessionRole?: AccountRole;
    }
  | {
      type: "session";
      userId: string;
      accountId: string;
      account: AccountInfo;
      email: string;
      /** The person's role in the session's current account (account_members), read on every request. */
      role: AccountRole;
      /** Issue 30: false until the address is confirmed (production keys need it). */
      emailVerified?: boolean;
    }
  | {
      type: "access_token";
      tokenId: number;
      userId: string;
      accountId: string;
      /** Loaded by meters that bill the token's account. */
      account?: AccountInfo;
      /** Only these trips (null: every trip of the user). */
      tripIds: number[] | null;
      /** trips:read | trips:propose | trips:write */
      tripScopes: string[];
      /** RFC 8707 audience of an OAuth token (the MCP resource URL): such a token is refused by the REST API. */
      resource?: string | null;
      /** The OAuth grant that issued the token (issue 41), whose weather key the MCP server adds. */
      oauthGrantId?: number | null;
    }
  | {
      type: "visa_key";
      visaKeyId: number | null;
      accountId: string | null;
      isMaster: boolean;
      /** The unit this request consumed (absent for the unlimited master key). */
      rateLimit?: { limit: number; remaining: number; resetEpochSeconds: number };
    };

export type PrincipalOf<T extends Principal["type"]> = Extract<Principal, { type: T }>;

/**
 * Error envelope families fixed by the spec:
 * - weather: {error:{code,message,details,request_id}, meta:{request_id,generated_at}}; success {data, meta}
 * - api:     {error:{code,message,details,request_id}}; success is the bare body
 * - flat:    {error: message, code, ...extra}; success is the bare body (trip ops, visa)
 */
export type Family = "weather" | "api" | "flat";

export interface AuthStrategy<P extends Principal = Principal> {
  /** OpenAPI security requirement names this strategy satisfies. */
  security: Array<Record<string, string[]>>;
  /** WWW-Authenticate value on a 401 (default: Bearer). */
  challenge?: string;
  /** Scopes, for docs. */
  scopes?: string[];
  authenticate(req: Request): Promise<P>;
  /** Checks the credential's own limits against the parsed path (e.g. a token limited to some trips), after `authenticate`. */
  authorize?(principal: P, params: unknown): void;
  /** Headers the credential adds to every response once authenticated (e.g. the visa key's X-RateLimit-*). */
  responseHeaders?(principal: P): Record<string, string>;
}

/** Outcome of a metered call, decided after the handler. */
export type MeterOutcome = "success" | "billable_error" | "error";

export interface MeterSession {
  billingUnits: number;
  /** Commits (success, 502/504) or releases (other errors) and returns the rate-limit headers. */
  finish(outcome: MeterOutcome): Promise<Record<string, string>>;
}

export interface RouteMeter<Ctx> {
  /** Reserves quota; throws ApiError 402/429 when the call may not run. */
  start(ctx: Ctx): Promise<MeterSession>;
  /** Rate-limit headers for responses that never reached the meter (e.g. 400 after auth). */
  headers(principal: Principal): Promise<Record<string, string>>;
  /** Whether `start` can refuse the call (402/429): false for a meter that never reserves quota. Documents those statuses. */
  refuses: boolean;
}

export interface Reply {
  status?: number;
  /** Weather family: the `data` member. Other families: the whole body. */
  data?: unknown;
  /** Weather family: extra meta fields (cache_status, snapshot_id, units…). */
  meta?: Record<string, unknown>;
  headers?: Record<string, string>;
}
