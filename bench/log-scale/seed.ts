import { sql, type SQL } from "drizzle-orm";

/*
 * Seed statements of the log-scale bench: one INSERT … SELECT generate_series per table, with
 * independent pseudo-random columns (hashint4 of the row number under different salts) so
 * filters hit realistic, uncorrelated fractions of the rows. Ids are md5 of the row number with
 * the version-4 and variant nibbles set, so the API's UUID validation accepts them.
 */
const h = (salt: number) => sql.raw(`((hashint4(g # ${salt}) & 2147483647) % 100)`);

/**
 * n request-log rows for one account over the last 6 days 22 hours (newest = highest g):
 * 80 % 2xx, 14 % 4xx, 6 % 5xx; ten path templates (four under /v1/weather) plus /v1/rare/{id} on
 * 0.1 %; six API keys (1001-1006, 60 %), two access tokens (2001-2002, 20 %), the portal session
 * (10 %, its GETs hidden by default) and none (10 %); 10 % POST.
 */
export function SEED_REQUEST_LOG(accountId: string, n: number): SQL {
  return sql`INSERT INTO request_log (request_id, account_id, at, method, path, status, latency_ms, credential_type, credential_id, billing_units, error_code, source)
    SELECT gen_random_uuid(), ${accountId}::uuid, now() - ((${n}::int - g)::float8 / ${n}::int) * interval '6 days 22 hours',
      CASE WHEN m < 10 THEN 'POST' ELSE 'GET' END,
      CASE WHEN g % 1000 = 7 THEN '/v1/rare/{id}'
        ELSE (ARRAY['/v1/weather/current', '/v1/weather/forecast', '/v1/weather/watch', '/v1/weather/watch/{watch_id}', '/v1/trips',
                    '/v1/trips/{trip_id}', '/v1/webhooks', '/v1/requests', '/v1/visa/check', '/v1/usage'])[1 + p % 10] END,
      st, 5 + p % 40,
      CASE WHEN c < 60 THEN 'api_key' WHEN c < 80 THEN 'access_token' WHEN c < 90 THEN 'session' ELSE 'none' END,
      CASE WHEN c < 60 THEN (1001 + c % 6)::text WHEN c < 80 THEN (2001 + c % 2)::text END,
      1, CASE WHEN st >= 400 THEN 'error_' || st END,
      CASE WHEN c >= 80 AND c < 90 THEN 'portal' ELSE 'api' END
    FROM (SELECT g, ${h(11)} AS s, ${h(22)} AS p, ${h(33)} AS c, ${h(44)} AS m FROM generate_series(1, ${n}::int) g) x
    CROSS JOIN LATERAL (SELECT CASE WHEN s < 80 THEN 200 WHEN s < 85 THEN 400 WHEN s < 90 THEN 404 WHEN s < 92 THEN 401
                                    WHEN s < 94 THEN 429 WHEN s < 97 THEN 500 ELSE 503 END AS st) y`;
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
