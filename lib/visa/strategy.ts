import { env } from "@/lib/env";
import { safeEqual } from "@/lib/auth/secrets";
import { ApiError } from "@/lib/http/errors";
import type { AuthStrategy, PrincipalOf } from "@/lib/http/types";
import { consumeVisaUnit } from "./consume-visa-unit";
import { secondsUntil } from "./rate-window";

export const VISA_KEY_HEADER = "X-Visa-Intel-Key";

type VisaPrincipal = PrincipalOf<"visa_key">;

export interface VisaKeyOptions {
  /** Clock for the rate window; tests inject one. */
  now?: () => Date;
}

function unauthorized(message: string): ApiError {
  return new ApiError("unauthorized", message);
}

function rateHeaders(limit: number, remaining: number, resetEpochSeconds: number): Record<string, string> {
  return {
    "X-RateLimit-Limit": String(limit),
    "X-RateLimit-Remaining": String(Math.max(0, remaining)),
    "X-RateLimit-Reset": String(resetEpochSeconds),
  };
}

/**
 * Visa API credential: `X-Visa-Intel-Key`. Authenticating IS consuming: every
 * authenticated request costs one unit whatever the endpoint, so the unit is
 * taken here (one statement) and a 400 after it still counts. The master
 * development key (VISA_MASTER_KEY) is never limited and carries no X-RateLimit-*.
 */
export function visaKey(opts: VisaKeyOptions = {}): AuthStrategy<VisaPrincipal> {
  const clock = opts.now ?? (() => new Date());
  return {
    security: [{ visaKey: [] }],
    challenge: `ApiKey realm="visa", header="${VISA_KEY_HEADER}"`,
    async authenticate(req) {
      const key = req.headers.get(VISA_KEY_HEADER)?.trim();
      if (!key) throw unauthorized(`Missing visa API key; send the header "${VISA_KEY_HEADER}: <API_KEY>".`);
      const master = env().VISA_MASTER_KEY;
      if (master && safeEqual(key, master))
        return { type: "visa_key", visaKeyId: null, accountId: null, isMaster: true };
      const now = clock();
      const r = await consumeVisaUnit(key, now);
      if (r.outcome === "unknown") throw unauthorized(`The ${VISA_KEY_HEADER} value is not a valid visa API key.`);
      if (r.outcome === "revoked") throw unauthorized("This visa API key has been revoked.");
      const reset = Math.floor(r.windowEnd.getTime() / 1000);
      if (r.outcome === "limited") {
        const retryAfter = secondsUntil(r.windowEnd, now);
        throw new ApiError(
          "visa_api_rate_limited",
          `Hourly limit of ${r.limit} requests reached for this key; retry after ${retryAfter} s, when the next UTC hour starts.`,
          {
            extra: { retryAfter },
            headers: { ...rateHeaders(r.limit, 0, reset), "Retry-After": String(retryAfter) },
          },
        );
      }
      return {
        type: "visa_key",
        visaKeyId: r.keyId,
        accountId: r.accountId,
        isMaster: false,
        rateLimit: { limit: r.limit, remaining: r.limit - r.used, resetEpochSeconds: reset },
      };
    },
    responseHeaders(p) {
      return p.rateLimit ? rateHeaders(p.rateLimit.limit, p.rateLimit.remaining, p.rateLimit.resetEpochSeconds) : {};
    },
  };
}
