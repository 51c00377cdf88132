import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { queryOne } from "@/lib/db/sql";
import { decryptSecret, encryptSecret } from "@/lib/crypto/encryption";
import { log } from "@/lib/log";
import { ApiError } from "./errors";
import type { Principal } from "./types";

/**
 * Idempotency keys (issue 29, Stripe semantics; docs/idempotency.md). The route helper calls
 * `claimIdempotencyKey` on every POST and PATCH that carries `Idempotency-Key`, after the request
 * was authenticated, authorized and validated and before the meter reserves quota; the first writer
 * of (account, credential, operation, key) runs the handler and `settle`s its response, a retry by
 * the same credential gets the stored response (same body), 422 (different body) or 409 (still
 * running). All in Postgres, so it holds across instances.
 *
 * Why the credential is part of the key (issue 43): a stored response is the answer to one
 * credential's request, checked by the handler's own rules (a new key's scopes within the caller's,
 * only owners and admins mint `admin`, roll acts on the caller's own key) and often carrying a
 * secret shown once. Another credential of the account sending the same key must never receive it:
 * for it the key is a fresh one, so its request runs, through every check, as if no key had been sent.
 */

export const IDEMPOTENCY_HEADER = "Idempotency-Key";
export const REPLAYED_HEADER = "Idempotent-Replayed";
export const ORIGINAL_REQUEST_HEADER = "Original-Request";
/** How long a stored response is replayed (and the key refused for another body). */
export const IDEMPOTENCY_TTL_HOURS = 24;
/**
 * How long an in-progress claim holds the key. A claim whose instance crashed before settling is
 * taken over after this (longer than any request runs: provider calls time out after 8 s).
 */
export const IDEMPOTENCY_LEASE_SECONDS = 60;

/**
 * 1-255 printable ASCII characters (Stripe: up to 255). Spaces only inside: HTTP trims a field
 * value's ends (RFC 9110 5.5), so a key that began or ended with one could not arrive as sent.
 * No comma: two header lines arrive joined by ", " (RFC 9110 5.3), and one joined key made of two
 * must be refused, not stored (issue 43).
 */
export const IdempotencyKeySchema = z
  .string()
  .min(1)
  .max(255)
  .regex(/^[\x21-\x2b\x2d-\x7e](?:[\x20-\x2b\x2d-\x7e]*[\x21-\x2b\x2d-\x7e])?$/)
  .meta({
    description:
      "Makes a retry safe: the same key with the same request within 24 h returns the stored response (with `Idempotent-Replayed: true`) and bills nothing; " +
      "a different body is 422 idempotency_key_reused; while the first request runs, 409 idempotency_key_in_use. 1-255 printable ASCII characters except the comma, no space at either end, sent once (a V4 UUID is a good key). " +
      "Scoped to the credential that sent it (one API key, one person's session, one access token) and this operation: another credential's request with the same key runs as a new request. Ignored on operations without a credential. See docs/idempotency.md.",
    example: "2f1c7f9e-8d3b-4a51-9f0e-6c2d1b7a4e55",
  });

/** The operations the layer applies to (DELETE is idempotent by itself). */
export function takesIdempotencyKey(method: string): boolean {
  return method === "POST" || method === "PATCH";
}

/** The header's value, undefined when absent; 400 when malformed. */
export function idempotencyKeyOf(req: Request): string | undefined {
  const raw = req.headers.get(IDEMPOTENCY_HEADER);
  if (raw === null) return undefined;
  if (!IdempotencyKeySchema.safeParse(raw).success) {
    throw new ApiError(
      "bad_request",
      "Invalid Idempotency-Key header: send it once, 1-255 printable ASCII characters other than a comma.",
      {
        details: { location: "header", field: IDEMPOTENCY_HEADER },
      },
    );
  }
  return raw;
}

/** The account a key is scoped to; none for requests without one (sign-up, the visa master key). */
export function idempotencyAccount(principal: Principal): string | undefined {
  return "accountId" in principal && typeof principal.accountId === "string" ? principal.accountId : undefined;
}

/**
 * The credential a key is bound to, "type:id": an API key by its id (the portal playground acting
 * through a key is that key: only its owner may use it), a session by its person, an access token
 * and a visa key by their ids. Undefined when the request has no account (the layer is skipped).
 */
export function idempotencyPrincipal(principal: Principal): string | undefined {
  switch (principal.type) {
    case "api_key":
      return `api_key:${principal.keyId}`;
    case "session":
      return `session:${principal.userId}`;
    case "access_token":
      return `access_token:${principal.tokenId}`;
    case "visa_key":
      return principal.visaKeyId === null ? undefined : `visa_key:${principal.visaKeyId}`;
    default:
      return undefined;
  }
}

/** What a stored response belongs to: the account, the credential that made it, the operation and the key. */
export interface IdempotencyScope {
  accountId: string;
  principal: string;
  operation: string;
  key: string;
}

/** Canonical JSON (keys sorted at every level): bodies that differ only in key order or spacing are the same request. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(",")}]`;
  if (v && typeof v === "object") {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o)
      .filter((k) => o[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`)
      .join(",")}}`;
  }
  return JSON.stringify(v) ?? "null";
}

/** SHA-256 of what identifies the request within an operation: path parameters, query and body. */
export function requestFingerprint(parts: { params: unknown; query: unknown; body: unknown }): string {
  return createHash("sha256").update(canonical(parts)).digest("base64url");
}

export interface StoredResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export type Claim =
  | { kind: "owner"; settle: (res: Response, opts: { secret: boolean }) => Promise<Response> }
  | { kind: "replay"; stored: StoredResponse };

interface Row {
  inserted?: boolean;
  lock: string | null;
  request_hash: string;
  status: "in_progress" | "done";
  response_status: number | null;
  response_headers: Record<string, string> | null;
  response_body: string | null;
}

/**
 * One statement decides ownership: insert the key, or take over a row whose 24 h ran out or whose
 * owner's lease lapsed (same request only). Nothing returned = someone else holds the key; its row
 * tells what to answer. A row deleted in between (its owner failed with a 5xx) is claimed again.
 */
export async function claimIdempotencyKey(k: IdempotencyScope & { hash: string }): Promise<Claim> {
  const db = await getDb();
  for (let round = 0; round < 3; round++) {
    const mine = await queryOne<Row>(
      db,
      sql`INSERT INTO idempotency_keys AS k (account_id, principal, operation, key, request_hash, status, locked_until, expires_at)
          VALUES (${k.accountId}::uuid, ${k.principal}, ${k.operation}, ${k.key}, ${k.hash}, 'in_progress',
                  now() + make_interval(secs => ${IDEMPOTENCY_LEASE_SECONDS}::int), now() + make_interval(hours => ${IDEMPOTENCY_TTL_HOURS}::int))
          ON CONFLICT (account_id, principal, operation, key) DO UPDATE SET
            request_hash = EXCLUDED.request_hash, status = 'in_progress', locked_until = EXCLUDED.locked_until,
            response_status = NULL, response_headers = NULL, response_body = NULL, created_at = now(), expires_at = EXCLUDED.expires_at
          WHERE k.expires_at < now()
             OR (k.status = 'in_progress' AND k.locked_until < now() AND k.request_hash = EXCLUDED.request_hash)
          RETURNING k.locked_until::text AS lock`,
    );
    if (mine?.lock) return { kind: "owner", settle: settler(k, mine.lock) };
    const held = await queryOne<Row>(
      db,
      sql`SELECT request_hash, status, response_status, response_headers, response_body, locked_until::text AS lock
          FROM idempotency_keys WHERE account_id = ${k.accountId}::uuid AND principal = ${k.principal} AND operation = ${k.operation} AND key = ${k.key}`,
    );
    if (!held) continue;
    if (held.request_hash !== k.hash) {
      throw new ApiError(
        "idempotency_key_reused",
        "This Idempotency-Key was already used with a different request to this operation; use a new key for a new request.",
        {
          details: { header: IDEMPOTENCY_HEADER },
        },
      );
    }
    if (held.status === "done" && held.response_status !== null) {
      return {
        kind: "replay",
        stored: {
          status: held.response_status,
          headers: held.response_headers ?? {},
          body: readBody(held.response_body ?? ""),
        },
      };
    }
    throw new ApiError(
      "idempotency_key_in_use",
      "A request with this Idempotency-Key is still in progress; retry after it finishes.",
      {
        details: { header: IDEMPOTENCY_HEADER },
        headers: { "Retry-After": "1" },
      },
    );
  }
  throw new ApiError(
    "idempotency_key_in_use",
    "A request with this Idempotency-Key is changing state; retry shortly.",
    { headers: { "Retry-After": "1" } },
  );
}

/** Headers a replay must not repeat: the request id is per request; cookies are never stored. */
const NOT_STORED = new Set(["x-request-id", "set-cookie", "content-length"]);

/** Bodies of operations that return a secret are stored encrypted (secrets are never at rest in the clear). */
const SECRET_PREFIX = "enc:";
const readBody = (stored: string) =>
  stored.startsWith(SECRET_PREFIX) ? decryptSecret(stored.slice(SECRET_PREFIX.length)) : stored;

/**
 * Finishes the owner's claim with its response. Stored: 2xx and every 4xx the operation answered.
 * Released (the key may be used again, nothing is replayed): 5xx (our handlers commit nothing on
 * them; the retry runs again) and 402/429 (quota refusals: the retry after a reset or an upgrade
 * must run). Settling is guarded by the claim's lease, so a lapsed owner cannot overwrite a takeover.
 */
function settler(k: IdempotencyScope, lock: string) {
  return async (res: Response, opts: { secret: boolean }): Promise<Response> => {
    // getDb() throws while the database is known down (it is declared down by the very failure that
    // made this response a 503): it stays inside the try blocks, so settling never turns the answer into a 500.
    const where = sql`account_id = ${k.accountId}::uuid AND principal = ${k.principal} AND operation = ${k.operation} AND key = ${k.key} AND status = 'in_progress' AND locked_until = ${lock}::timestamptz`;
    if (res.status >= 500 || res.status === 402 || res.status === 429) {
      try {
        await (await getDb()).execute(sql`DELETE FROM idempotency_keys WHERE ${where}`);
      } catch (err) {
        // The key stays in progress until its lease lapses; then a retry runs again.
        log.warn("idempotency key not released", { operation: k.operation, error: (err as Error).message });
      }
      return res;
    }
    const body = await res.text();
    const headers: Record<string, string> = {};
    res.headers.forEach((v, name) => {
      if (!NOT_STORED.has(name)) headers[name] = v;
    });
    const original = res.headers.get("x-request-id");
    if (original) headers[ORIGINAL_REQUEST_HEADER.toLowerCase()] = original;
    try {
      const stored = opts.secret ? SECRET_PREFIX + encryptSecret(body) : body;
      await (
        await getDb()
      ).execute(
        sql`UPDATE idempotency_keys SET status = 'done', locked_until = NULL, response_status = ${res.status},
              response_headers = ${JSON.stringify(headers)}::jsonb, response_body = ${stored} WHERE ${where}`,
      );
    } catch (err) {
      // The response is still the caller's: the key stays in progress until its lease lapses, then a retry runs again.
      log.warn("idempotency key not settled", { operation: k.operation, error: (err as Error).message });
    }
    return new Response(res.status === 204 || res.status === 304 ? null : body, {
      status: res.status,
      headers: res.headers,
    });
  };
}

/** A stored response, as answered again: same status, headers and body; this request's id; marked replayed. */
export function replayResponse(
  stored: StoredResponse,
  requestId: string,
  extraHeaders: Record<string, string>,
): Response {
  const headers = new Headers(stored.headers);
  for (const [k, v] of Object.entries(extraHeaders)) headers.set(k, v);
  headers.set("X-Request-Id", requestId);
  headers.set(REPLAYED_HEADER, "true");
  const body = stored.status === 204 || stored.status === 304 ? null : stored.body;
  return new Response(body, { status: stored.status, headers });
}

/** Retention: deletes keys past their 24 h, a batch at a time (the job table's idempotency-key-prune). */
export async function pruneIdempotencyKeys(batch = 5000): Promise<number> {
  const db = await getDb();
  const r = await queryOne<{ n: number }>(
    db,
    sql`WITH gone AS (DELETE FROM idempotency_keys WHERE ctid IN (
          SELECT ctid FROM idempotency_keys WHERE expires_at < now() LIMIT ${batch}::int) RETURNING 1)
        SELECT count(*)::int AS n FROM gone`,
  );
  return r?.n ?? 0;
}
