import { sql, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { queryRows } from "@/lib/db/sql";
import { env } from "@/lib/env";
import { ApiError, isApiError } from "@/lib/http/errors";
import type { ProviderId } from "@/lib/weather/core/types";
import type { Cell } from "@/lib/weather/core/cells";

/**
 * Circuit breaker for the upstream weather provider, one circuit per cache cell, kept on the
 * cell's row in weather_refresh_claims so every instance shares it (docs/operations.md):
 *
 * - closed: no row, or a row whose open_until has passed;
 * - open: after a provider failure (timeout, HTTP error, unreadable body) no instance calls the
 *   provider for that cell before open_until = now + base × 2^(failures − 1), capped at the max,
 *   or the provider's Retry-After when longer (capped at RETRY_AFTER_CAP_S). Callers meanwhile get
 *   the recorded failure at once (502/504 with Retry-After) or a stale snapshot where one exists;
 * - half-open: the first caller to claim the cell after open_until makes one probe call (the
 *   claim is the single-flight row, so exactly one across instances). Success deletes the row
 *   (closed, failures reset); failure re-opens it with the next, doubled backoff.
 *
 * A 429 or 503 carrying Retry-After also opens the provider-wide circuit (`<provider>:*`) for
 * that long: the limit is the provider's, not the cell's.
 */

/**
 * The circuit's clock: the database's now() (one clock for every instance), or a test's own
 * (setCircuitClock) so no test waits out a backoff in wall time. Claim leases stay on the
 * database clock: only open_until is read against this one.
 */
let clock: (() => Date) | undefined;

/** Tests: read open_until against `now` instead of the database clock; undefined restores it. */
export function setCircuitClock(now: (() => Date) | undefined): void {
  clock = now;
}

/** SQL for the circuit's "now". */
export function circuitNow(): SQL {
  return clock ? sql`${clock().toISOString()}::timestamptz` : sql`now()`;
}

/** The longest a provider's Retry-After may keep a circuit open. */
export const RETRY_AFTER_CAP_S = 900;

export function providerCircuitKey(provider: ProviderId): string {
  return `${provider}:*`;
}

/** A failure of the provider (not of our database): these open the circuit. */
export function isProviderFault(err: unknown): err is ApiError {
  return isApiError(err) && (err.code === "provider_unavailable" || err.code === "weather_refresh_timeout");
}

/** The error given while a circuit is open (no upstream call was made). */
export function isCircuitOpenError(err: unknown): boolean {
  return isApiError(err) && (err.details as { circuit?: string } | null)?.circuit === "open";
}

interface StoredError {
  code: "provider_unavailable" | "weather_refresh_timeout";
  message: string;
  details: Record<string, unknown> | null;
}

/** The error to answer while the cell's (or its provider's) circuit is open; undefined when closed. */
export async function openCircuitError(db: Db, cell: Cell): Promise<ApiError | undefined> {
  const now = circuitNow();
  const rows = await queryRows<{ wait_s: number | string; open_until: string | Date; last_error: unknown }>(
    db,
    sql`select ceil(extract(epoch from open_until - ${now}))::int as wait_s, open_until, last_error
        from weather_refresh_claims
        where cache_key in (${cell.key}, ${providerCircuitKey(cell.provider)}) and open_until > ${now}
        order by open_until desc limit 1`,
  );
  const r = rows[0];
  if (!r) return undefined;
  const last = (typeof r.last_error === "string" ? JSON.parse(r.last_error) : r.last_error) as StoredError | null;
  const wait = Math.max(1, Number(r.wait_s));
  const code = last?.code ?? "provider_unavailable";
  const until = new Date(r.open_until).toISOString();
  return new ApiError(
    code,
    `${last?.message ?? `The weather provider (${cell.provider}) is failing.`} Not retried for this area before ${until}.`,
    {
      details: { ...(last?.details ?? { provider: cell.provider }), circuit: "open", retry_after_s: wait },
      headers: { "retry-after": String(wait) },
    },
  );
}

/**
 * Records a provider failure for the cell and releases the caller's claim in one statement
 * (claimed_until = now(), so waiters on other instances stop waiting and read the open circuit).
 */
export async function recordProviderFailure(db: Db, cell: Cell, err: ApiError): Promise<void> {
  const { WEATHER_CIRCUIT_BASE_MS, WEATHER_CIRCUIT_MAX_MS } = env();
  const base = WEATHER_CIRCUIT_BASE_MS / 1000;
  const max = Math.max(WEATHER_CIRCUIT_MAX_MS, WEATHER_CIRCUIT_BASE_MS) / 1000;
  const details = (err.details ?? null) as Record<string, unknown> | null;
  const upstreamRetry =
    typeof details?.upstream_retry_after_s === "number"
      ? Math.min(details.upstream_retry_after_s, RETRY_AFTER_CAP_S)
      : 0;
  const stored = JSON.stringify({
    code: err.code as StoredError["code"],
    message: err.message,
    details,
  } satisfies StoredError);
  const now = circuitNow();
  await db.execute(
    sql`insert into weather_refresh_claims as c (cache_key, claimed_until, claimed_at, failures, open_until, last_error)
        values (${cell.key}, now(), now(), 1, ${now} + make_interval(secs => greatest(${upstreamRetry}::float8, ${base}::float8)), ${stored}::jsonb)
        on conflict (cache_key) do update set
          claimed_until = now(),
          failures = c.failures + 1,
          open_until = ${now} + make_interval(secs => greatest(${upstreamRetry}::float8, least(${base}::float8 * power(2, c.failures), ${max}::float8))),
          last_error = excluded.last_error`,
  );
  const status = details?.upstream_status;
  if (upstreamRetry > 0 && (status === 429 || status === 503)) {
    await db.execute(
      sql`insert into weather_refresh_claims as c (cache_key, claimed_until, claimed_at, failures, open_until, last_error)
          values (${providerCircuitKey(cell.provider)}, now(), now(), 1, ${now} + make_interval(secs => ${upstreamRetry}::float8), ${stored}::jsonb)
          on conflict (cache_key) do update set failures = c.failures + 1, last_error = excluded.last_error,
            open_until = greatest(c.open_until, excluded.open_until)`,
    );
  }
}

/** Success: the cell's circuit closes (its row goes, failures reset). Never deletes a live claim of someone else. */
export async function closeCircuit(db: Db, cell: Cell): Promise<void> {
  await db.execute(
    sql`delete from weather_refresh_claims where cache_key = ${cell.key} and open_until is not null and open_until <= ${circuitNow()} and claimed_until <= now()`,
  );
}
