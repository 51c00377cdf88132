import { sql, type SQL } from "drizzle-orm";

/*
 * Seed statements of the log-scale bench: one INSERT … SELECT generate_series per table, with
 * independent pseudo-random columns (hashint4 of the row number under different salts) so
 * filters hit realistic, uncorrelated fractions of the rows. Ids are md5 of the row number with
 * the version-4 and variant nibbles set, so the API's UUID validation accepts them.
 */
const h = (salt: number) => sql.raw(`((hashint4(g # ${salt}) & 2147483647) % 100)`);

/** The request-log accounts: 1 (60 % of the rows, the one measured), 2 (25 %), 3-17 (1 % each). */
export const logAccount = (no: number) => `0b5e0000-0000-4000-8000-${String(no).padStart(12, "0")}`;

/** An hour of the seeded week in which no account logged anything (an outage): its end is this far back from `now`. */
export const GAP_END_MS = 3 * 86_400_000;

/**
 * n request-log rows in all, over the 6 days 22 hours before `now` (newest = highest g), less the
 * gap hour: one hot account (60 %), a warm one (25 %) and 15 small ones. Paths skewed
 * (/v1/weather/current 40 %, forecast 20 %, ... /v1/usage 1 %; /v1/rare/{id} 0.1 %); statuses
 * 84 % 2xx, 12 % 4xx (404 6 %), 3 % 5xx; 429 only on /v1/weather/* and no 5xx from the playground,
 * so those combinations match nothing. Keys 1001-1006 (30 % .. 1 %), tokens 2001-2002, the
 * portal session (10 %, mostly GETs: hidden by default), the playground as key 1003 (2 %), none (8 %).
 */
export function SEED_REQUEST_LOG(now: Date, n: number): SQL {
  const t0 = sql`${now.toISOString()}::timestamptz`;
  const gapEnd = sql`${new Date(now.getTime() - GAP_END_MS).toISOString()}::timestamptz`;
  return sql`INSERT INTO request_log (request_id, account_id, at, method, path, status, latency_ms, credential_type, credential_id, billing_units, error_code, source)
    SELECT gen_random_uuid(), ('0b5e0000-0000-4000-8000-' || lpad(CASE WHEN a < 60 THEN 1 WHEN a < 85 THEN 2 ELSE a - 82 END::text, 12, '0'))::uuid, at,
      CASE WHEN m < 80 THEN 'GET' WHEN m < 92 THEN 'POST' WHEN m < 96 THEN 'DELETE' WHEN m < 99 THEN 'PATCH' ELSE 'HEAD' END,
      path, st, 5 + (p * 7 + g) % 400,
      CASE WHEN c < 60 OR c IN (90, 91) THEN 'api_key' WHEN c < 80 THEN 'access_token' WHEN c < 90 THEN 'session' ELSE 'none' END,
      CASE WHEN c < 30 THEN '1001' WHEN c < 45 THEN '1002' WHEN c < 53 OR c IN (90, 91) THEN '1003' WHEN c < 57 THEN '1004'
        WHEN c < 59 THEN '1005' WHEN c < 60 THEN '1006' WHEN c < 73 THEN '2001' WHEN c < 80 THEN '2002' END,
      1, CASE WHEN st >= 400 THEN 'error_' || st END, src
    FROM (SELECT g, ${h(11)} AS s, ${h(22)} AS p, ${h(33)} AS c, ${h(44)} AS m, ${h(77)} AS a FROM generate_series(1, ${n}::int) g) x
    CROSS JOIN LATERAL (SELECT ${t0} - ((${n}::int - g)::float8 / ${n}::int) * interval '6 days 22 hours' AS at,
      CASE WHEN c BETWEEN 80 AND 89 THEN 'portal' WHEN c IN (90, 91) THEN 'playground' ELSE 'api' END AS src,
      CASE WHEN g % 1000 = 7 THEN '/v1/rare/{id}' WHEN p < 40 THEN '/v1/weather/current' WHEN p < 60 THEN '/v1/weather/forecast'
        WHEN p < 70 THEN '/v1/weather/watch' WHEN p < 78 THEN '/v1/weather/watch/{watch_id}' WHEN p < 86 THEN '/v1/trips'
        WHEN p < 91 THEN '/v1/trips/{trip_id}' WHEN p < 94 THEN '/v1/webhooks' WHEN p < 97 THEN '/v1/requests'
        WHEN p < 99 THEN '/v1/visa/check' ELSE '/v1/usage' END AS path) t
    CROSS JOIN LATERAL (SELECT CASE WHEN s < 80 THEN 200 WHEN s < 84 THEN 201 WHEN s < 90 THEN 404 WHEN s < 93 THEN 400
      WHEN s < 95 THEN 401 WHEN s < 97 THEN CASE WHEN path LIKE '/v1/weather/%' THEN 429 ELSE 200 END
      WHEN src = 'playground' THEN 200 WHEN s < 99 THEN 500 ELSE 503 END AS st) y
    WHERE NOT (at >= ${gapEnd} - interval '1 hour' AND at < ${gapEnd})`;
}

/**
 * n attempts for one account over the last 14 days: n/10 events, n/5 chains of 5 attempts each
 * (every tenth chain a watch delivery, the others to one endpoint; 1 in 20 chains gave up, 1 in 50
 * is still pending). Attempts 1-4 of a chain failed (read as `failed`), the 5th delivered or gave up.
 */
export function SEED_ATTEMPTS(accountId: string, endpointId: string, watchId: string, n: number): SQL {
  const chains = Math.floor(n / 5);
  const events = Math.floor(n / 10);
  return sql`WITH ep AS (
      INSERT INTO webhook_endpoints (id, account_id, url, events, secret_encrypted, secret_prefix)
      VALUES (${endpointId}::uuid, ${accountId}::uuid, 'https://receiver.example/hook', ARRAY['weather.change_detected'], 'x', 'whsec_x') RETURNING id
    ), ev AS (
      INSERT INTO webhook_events (id, account_id, type, data, created_at)
      SELECT overlay(overlay(md5('e' || g) placing '4' from 13) placing '8' from 17)::uuid, ${accountId}::uuid, 'weather.change_detected', '{}'::jsonb, now() - ((${events}::int - g)::float8 / ${events}::int) * interval '14 days'
      FROM generate_series(0, ${events - 1}::int) g RETURNING id
    ), dl AS (
      INSERT INTO webhook_deliveries (id, event_id, event_created_at, account_id, endpoint_id, watch_id, kind, url, status, attempts_made, max_attempts, created_at)
      SELECT overlay(overlay(md5('d' || g) placing '4' from 13) placing '8' from 17)::uuid, overlay(overlay(md5('e' || (g / 2)) placing '4' from 13) placing '8' from 17)::uuid,
        now() - ((${events}::int - (g / 2))::float8 / ${events}::int) * interval '14 days', ${accountId}::uuid,
        CASE WHEN g % 10 = 0 THEN NULL ELSE (SELECT id FROM ep) END, CASE WHEN g % 10 = 0 THEN ${watchId}::uuid END,
        CASE WHEN g % 10 = 0 THEN 'watch' ELSE 'endpoint' END, 'https://receiver.example/hook',
        CASE WHEN g % 20 = 3 THEN 'giving_up' WHEN g % 50 = 1 THEN 'pending' ELSE 'delivered' END, 5, 5, now()
      FROM generate_series(0, ${chains - 1}::int) g RETURNING id
    )
    SELECT (SELECT count(*) FROM ev) AS events, (SELECT count(*) FROM dl) AS deliveries`;
}

/** The attempts themselves (after SEED_ATTEMPTS' parents exist: a data-modifying CTE's rows are not visible to FK checks of the same statement). */
export function SEED_ATTEMPT_ROWS(accountId: string, endpointId: string, n: number): SQL {
  return sql`INSERT INTO webhook_attempts (delivery_id, event_id, event_type, endpoint_id, account_id, attempt_number, status, response_status,
      response_time_ms, request_signature, request_timestamp, scheduled_at, attempted_at, completed_at)
    SELECT overlay(overlay(md5('d' || (g / 5)) placing '4' from 13) placing '8' from 17)::uuid, overlay(overlay(md5('e' || (g / 10)) placing '4' from 13) placing '8' from 17)::uuid, 'weather.change_detected',
      CASE WHEN (g / 5) % 10 = 0 THEN NULL ELSE ${endpointId}::uuid END, ${accountId}::uuid, g % 5 + 1,
      CASE WHEN g % 5 < 4 THEN 'retrying' WHEN (g / 5) % 20 = 3 THEN 'giving_up' ELSE 'delivered' END,
      CASE WHEN g % 5 < 4 OR (g / 5) % 20 = 3 THEN 503 ELSE 200 END, 20 + g % 200, 'v1,sig', 0, t, t, t + interval '20 ms'
    FROM generate_series(0, ${n - 1}::int) g
    CROSS JOIN LATERAL (SELECT now() - ((${n}::int - g)::float8 / ${n}::int) * interval '13 days 22 hours' AS t) x`;
}

/**
 * More events for the account, so it holds `total` in all (SEED_ATTEMPTS made n/10 of them, over
 * 14 days): spread over the last 28 days (inside the paid retention, newest = highest g); types
 * weighted as a watch-heavy account sees them (snapshot_refreshed 55 %, change_detected 35 %,
 * severe_alert_added 5 %, the five others 1 % each); 30 % carry one of ten watch ids (WATCH is one).
 */
export function SEED_EVENTS(accountId: string, watchId: string, count: number): SQL {
  return sql`INSERT INTO webhook_events (id, account_id, type, data, watch_id, created_at)
    SELECT overlay(overlay(md5('x' || g) placing '4' from 13) placing '8' from 17)::uuid, ${accountId}::uuid,
      CASE WHEN t < 55 THEN 'weather.snapshot_refreshed' WHEN t < 90 THEN 'weather.change_detected' WHEN t < 95 THEN 'weather.severe_alert_added'
        ELSE (ARRAY['weather.watch_expired', 'weather.watch_failed', 'weather.webhook_delivery_failed', 'weather.webhook_endpoint_disabled',
                    'billing.quota_threshold_reached'])[t - 94] END,
      jsonb_build_object('seq', g), CASE WHEN w < 3 THEN ${watchId}::uuid WHEN w < 30 THEN overlay(overlay(md5('w' || (w % 9)) placing '4' from 13) placing '8' from 17)::uuid END,
      now() - ((${count}::int - g)::float8 / ${count}::int) * interval '27 days 22 hours'
    FROM (SELECT g, ${h(55)} AS t, ${h(66)} AS w FROM generate_series(1, ${count}::int) g) x`;
}
