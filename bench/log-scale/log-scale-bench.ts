import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { getDb, MIGRATIONS_FOLDER, openPostgres, setDbHandle } from "@/lib/db/client";
import { throwawayDatabaseName, withDatabase } from "@/lib/db/database-url";
import {
  dropExpiredPartitions,
  ensurePartitions,
  listPartitions,
  REQUEST_LOG_PARTITIONS,
  WEBHOOK_ATTEMPT_PARTITIONS,
  WEBHOOK_EVENT_PARTITIONS,
} from "@/lib/db/log-partitions";
import { queryOne, queryRows } from "@/lib/db/sql";
import { encodeCursor } from "@/lib/http/cursor";
import {
  listRequests,
  ListRequestsQuery,
  pruneRequestLog,
  REQUEST_LOG_RETENTION_DAYS,
} from "@/lib/requests/list-requests";
import { AttemptFiltersQuery, listAttemptLog, type AttemptTarget } from "@/lib/webhooks/attempt-log";
import { getEvent, listEvents, ListEventsQuery } from "@/lib/webhooks/event-log";
import { pruneWebhookHistory } from "@/lib/webhooks/retention";
import { SEED_ATTEMPT_ROWS, SEED_ATTEMPTS, SEED_EVENTS, SEED_REQUEST_LOG } from "./seed";

/**
 * Logs at scale (issue 32): 1,000,000 request-log rows, 1,000,000 webhook attempts and 1,000,000
 * webhook events for ONE account, seeded in SQL into a throw-away database on the given Postgres,
 * then every documented filter of GET /v1/requests, of the attempts listing and of GET /v1/events
 * (and GET /v1/events/{id}) measured in-process through the same lib functions the routes call
 * (listRequests, listAttemptLog, listEvents, getEvent): p50/p99 over `runs` calls each,
 * varying the value (request ids, cursor depths) between calls. Target: every p99 < 100 ms.
 */
export interface LogScaleRow {
  title: string;
  runs: number;
  p50: number;
  p99: number;
  rows: number;
}

export interface LogScaleResult {
  rows: LogScaleRow[];
  figures: Record<string, number | string>;
}

const ACCOUNT = "0b5e0000-0000-4000-8000-000000000001";
const ENDPOINT = "0b5e0000-0000-4000-8000-0000000000e1";
const WATCH = "0b5e0000-0000-4000-8000-0000000000a1";
const DAY = 86_400_000;

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function measure(title: string, runs: number, call: (i: number) => Promise<number>): Promise<LogScaleRow> {
  for (let i = 0; i < 3; i++) await call(i); // warm: plans cached, pages in memory
  const ms: number[] = [];
  let rows = 0;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    rows = await call(i);
    ms.push(performance.now() - t0);
  }
  ms.sort((a, b) => a - b);
  return { title, runs, p50: +pct(ms, 50).toFixed(2), p99: +pct(ms, 99).toFixed(2), rows };
}

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const t0 = performance.now();
  const v = await fn();
  return [v, Math.round(performance.now() - t0)];
}

/** Cursors of the rows at these depths (0 = newest) of the account's log, as next_cursor would carry them. */
async function cursorsAt(
  table: "request_log" | "webhook_attempts" | "webhook_events",
  depths: number[],
): Promise<string[]> {
  const db = await getDb();
  const [col, idCast] =
    table === "request_log"
      ? ["at", "id::text"]
      : table === "webhook_attempts"
        ? ["attempted_at", "id::text"]
        : ["created_at", "id::text"];
  const out: string[] = [];
  for (const d of depths) {
    const where =
      table === "request_log"
        ? sql`account_id = ${ACCOUNT}::uuid AND NOT (source = 'portal' AND method IN ('GET', 'HEAD'))`
        : table === "webhook_attempts"
          ? sql`endpoint_id = ${ENDPOINT}::uuid`
          : sql`account_id = ${ACCOUNT}::uuid`;
    const row = await queryOne<{ at: string; id: string }>(
      db,
      sql`SELECT ${sql.raw(col)}::text AS at, ${sql.raw(idCast)} AS id FROM ${sql.raw(table)} WHERE ${where}
          ORDER BY ${sql.raw(col)} DESC, id DESC OFFSET ${d}::int LIMIT 1`,
    );
    if (row) out.push(encodeCursor({ at: row.at, id: row.id }));
  }
  return out;
}

export async function runLogScaleBench(
  serverUrl: string,
  opts: { runs?: number; rows?: number } = {},
): Promise<LogScaleResult> {
  const runs = opts.runs ?? 200;
  const n = opts.rows ?? 1_000_000;
  const { default: postgres } = await import("postgres");
  const { drizzle } = await import("drizzle-orm/postgres-js");
  const { migrate } = await import("drizzle-orm/postgres-js/migrator");
  const name = throwawayDatabaseName(serverUrl, "logbench");
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const dbUrl = withDatabase(serverUrl, name);
  const handle = await openPostgres(dbUrl, { max: 4 });
  try {
    const mig = postgres(dbUrl, { max: 1, onnotice: () => {} });
    await migrate(drizzle(mig), { migrationsFolder: MIGRATIONS_FOLDER });
    await mig.end();
    setDbHandle(handle);
    const db = handle.db;
    const now = new Date();
    // The days the seed covers (the job keeps only today..+7 ahead): 7 days of log, 14 of attempts.
    await ensurePartitions(REQUEST_LOG_PARTITIONS, new Date(now.getTime() - 7 * DAY));
    for (const back of [14, 7])
      await ensurePartitions(WEBHOOK_ATTEMPT_PARTITIONS, new Date(now.getTime() - back * DAY));
    for (const back of [28, 21, 14, 7])
      await ensurePartitions(WEBHOOK_EVENT_PARTITIONS, new Date(now.getTime() - back * DAY));
    await db.execute(
      sql`INSERT INTO accounts (id, name, plan) VALUES (${ACCOUNT}::uuid, 'log bench', 'pro') ON CONFLICT DO NOTHING`,
    );
    const [, seedLogMs] = await timed(() => db.execute(SEED_REQUEST_LOG(ACCOUNT, n)));
    const [, seedAttemptsMs] = await timed(async () => {
      await db.execute(SEED_ATTEMPTS(ACCOUNT, ENDPOINT, WATCH, n));
      await db.execute(SEED_ATTEMPT_ROWS(ACCOUNT, ENDPOINT, n));
    });
    const [, seedEventsMs] = await timed(() => db.execute(SEED_EVENTS(ACCOUNT, WATCH, n - Math.floor(n / 10))));
    await db.execute(sql`ANALYZE`);
    // Summed over the partitions: pg_total_relation_size of a partitioned parent is 0.
    const size = async (t: string, fn: "pg_total_relation_size" | "pg_indexes_size" = "pg_total_relation_size") =>
      (await queryOne<{ b: string }>(
        db,
        sql`SELECT sum(${sql.raw(fn)}(c.oid))::bigint::text AS b FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = ${t}::regclass`,
      ))!.b;
    const mbPerMillion = (b: string) => +((Number(b) / 1048576) * (1_000_000 / n)).toFixed(1);

    const q = (o: Record<string, string>) => ListRequestsQuery.parse(o);
    const reqIds = (
      await queryRows<{ id: string }>(
        db,
        sql`SELECT request_id::text AS id FROM request_log TABLESAMPLE SYSTEM (1) LIMIT ${runs + 3}::int`,
      )
    ).map((r) => r.id);
    const deep = await cursorsAt(
      "request_log",
      Array.from({ length: 20 }, (_, i) => Math.floor(n * 0.45 + (i * n * 0.45) / 20)),
    );
    const hour = (i: number) => {
      const end = now.getTime() - (1 + (i % 5)) * DAY;
      return { since: new Date(end - 3_600_000).toISOString(), until: new Date(end).toISOString() };
    };
    const list = async (o: Record<string, string>) => (await listRequests(ACCOUNT, q(o))).requests.length;
    const rows: LogScaleRow[] = [];
    rows.push(await measure("requests: newest page (portal reads hidden)", runs, () => list({})));
    rows.push(await measure("requests: status=5xx", runs, () => list({ status: "5xx" })));
    rows.push(await measure("requests: status=404", runs, () => list({ status: "404" })));
    rows.push(await measure("requests: path=/v1/weather (common prefix)", runs, () => list({ path: "/v1/weather" })));
    rows.push(await measure("requests: path=/v1/rare (0.1 % of rows)", runs, () => list({ path: "/v1/rare" })));
    rows.push(await measure("requests: request_id", runs, (i) => list({ request_id: reqIds[i % reqIds.length] })));
    rows.push(await measure("requests: key_id", runs, (i) => list({ key_id: String(1001 + (i % 6)) })));
    rows.push(
      await measure("requests: token_id + status=4xx", runs, (i) =>
        list({ token_id: String(2001 + (i % 2)), status: "4xx" }),
      ),
    );
    rows.push(await measure("requests: since/until (1 h, 1-5 days back)", runs, (i) => list(hour(i))));
    rows.push(await measure("requests: source=portal", runs, () => list({ source: "portal" })));
    // Issue 42 item 9: combinations that match nothing or almost nothing read no more rows than a page needs.
    rows.push(
      await measure("requests: status=429 + a path that never got one (empty)", runs, () =>
        list({ status: "429", path: "/v1/never" }),
      ),
    );
    rows.push(
      await measure("requests: status=5xx + path + source=playground (empty)", runs, () =>
        list({ status: "5xx", path: "/v1/weather", source: "playground" }),
      ),
    );
    rows.push(
      await measure("requests: token_id + status=5xx + source=portal (empty)", runs, (i) =>
        list({ token_id: String(2001 + (i % 2)), status: "5xx", source: "portal" }),
      ),
    );
    rows.push(
      await measure("requests: status=4xx + path=/v1/rare + source=portal (rare)", runs, () =>
        list({ status: "4xx", path: "/v1/rare", source: "portal" }),
      ),
    );
    rows.push(await measure("requests: cursor 450k-900k deep", runs, (i) => list({ cursor: deep[i % deep.length] })));
    rows.push(
      await measure("requests: cursor deep + status=4xx", runs, (i) =>
        list({ cursor: deep[i % deep.length], status: "4xx" }),
      ),
    );

    const endpoint: AttemptTarget = { endpointId: ENDPOINT };
    const aq = (o: Record<string, string>) => AttemptFiltersQuery.parse(o);
    const attempts = async (o: Record<string, string>, target: AttemptTarget = endpoint) =>
      (await listAttemptLog(ACCOUNT, target, aq(o))).attempts.length;
    const eventIds = (
      await queryRows<{ id: string }>(
        db,
        sql`SELECT event_id::text AS id FROM webhook_attempts TABLESAMPLE SYSTEM (1) LIMIT ${runs + 3}::int`,
      )
    ).map((r) => r.id);
    const deepAttempts = await cursorsAt(
      "webhook_attempts",
      Array.from({ length: 20 }, (_, i) => Math.floor(n * 0.4 + (i * n * 0.4) / 20)),
    );
    rows.push(await measure("attempts: endpoint newest page", runs, () => attempts({})));
    rows.push(await measure("attempts: status=giving_up", runs, () => attempts({ status: "giving_up" })));
    rows.push(await measure("attempts: status=failed", runs, () => attempts({ status: "failed" })));
    rows.push(await measure("attempts: event_id", runs, (i) => attempts({ event_id: eventIds[i % eventIds.length] })));
    rows.push(
      await measure("attempts: since 3 days back", runs, () =>
        attempts({ since: new Date(now.getTime() - 3 * DAY).toISOString() }),
      ),
    );
    rows.push(
      await measure("attempts: cursor 400k-800k deep", runs, (i) =>
        attempts({ cursor: deepAttempts[i % deepAttempts.length] }),
      ),
    );
    rows.push(await measure("attempts: a watch's deliveries", runs, () => attempts({}, { watchId: WATCH })));

    const eq = (o: Record<string, string>) => ListEventsQuery.parse(o);
    const events = async (o: Record<string, string>) => (await listEvents(ACCOUNT, eq(o))).events.length;
    const someEvents = (
      await queryRows<{ id: string }>(
        db,
        sql`SELECT id::text AS id FROM webhook_events TABLESAMPLE SYSTEM (1) LIMIT ${runs + 3}::int`,
      )
    ).map((r) => r.id);
    const deepEvents = await cursorsAt(
      "webhook_events",
      Array.from({ length: 20 }, (_, i) => Math.floor(n * 0.45 + (i * n * 0.45) / 20)),
    );
    const sinceDays = (d: number) => new Date(now.getTime() - d * DAY).toISOString();
    rows.push(await measure("events: newest page", runs, () => events({})));
    rows.push(
      await measure("events: type=weather.change_detected (35 %)", runs, () =>
        events({ type: "weather.change_detected" }),
      ),
    );
    rows.push(
      await measure("events: type=weather.watch_failed (1 %)", runs, () => events({ type: "weather.watch_failed" })),
    );
    rows.push(await measure("events: since 1-20 days back", runs, (i) => events({ since: sinceDays(1 + (i % 20)) })));
    rows.push(
      await measure("events: since 3 days back + rare type", runs, () =>
        events({ since: sinceDays(3), type: "billing.quota_threshold_reached" }),
      ),
    );
    rows.push(await measure("events: watch_id (a watch page, 3 %)", runs, () => events({ watch_id: WATCH })));
    rows.push(await measure("events: status=failed", runs, () => events({ status: "failed" })));
    rows.push(await measure("events: status=pending", runs, () => events({ status: "pending" })));
    rows.push(await measure("events: status=delivered", runs, () => events({ status: "delivered" })));
    rows.push(
      await measure("events: cursor 450k-900k deep", runs, (i) =>
        events({ cursor: deepEvents[i % deepEvents.length] }),
      ),
    );
    rows.push(
      await measure("events: cursor deep + type (35 %)", runs, (i) =>
        events({ cursor: deepEvents[i % deepEvents.length], type: "weather.change_detected" }),
      ),
    );
    rows.push(
      await measure(
        "events: by id (GET /v1/events/{id})",
        runs,
        async (i) => (await getEvent(ACCOUNT, someEvents[i % someEvents.length])).deliveries.length + 1,
      ),
    );

    const sizes = {
      "request_log MB per million (table + indexes)": mbPerMillion(await size("request_log")),
      "webhook_attempts MB per million (table + indexes)": mbPerMillion(await size("webhook_attempts")),
      "request_log index MB per million (of the total)": mbPerMillion(await size("request_log", "pg_indexes_size")),
      "webhook_attempts index MB per million (of the total)": mbPerMillion(
        await size("webhook_attempts", "pg_indexes_size"),
      ),
      "webhook_events MB per million (table + indexes)": mbPerMillion(await size("webhook_events")),
      "webhook_events index MB per million (of the total)": mbPerMillion(
        await size("webhook_events", "pg_indexes_size"),
      ),
    };
    // Retention on the seeded data, the clock moved 3 days on: the oldest seeded days expire and
    // their partitions (about 143,000 rows each) are dropped whole; then the job's own prune (now).
    const count = async () => (await queryOne<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM request_log`))!.n;
    const before = await count();
    const [dropped, dropMs] = await timed(() =>
      dropExpiredPartitions(REQUEST_LOG_PARTITIONS, REQUEST_LOG_RETENTION_DAYS, new Date(now.getTime() + 3 * DAY)),
    );
    const removed = before - (await count());
    const [, pruneMs] = await timed(async () => {
      for (let x = await pruneRequestLog(); x > 0; x = await pruneRequestLog());
    });
    // Events retention, the clock moved 4 days on: the seeded days older than the longest plan
    // retention (30 days) are detached and dropped whole, by the job's own prune.
    const eventCount = async () =>
      (await queryOne<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM webhook_events`))!.n;
    const eventsBefore = await eventCount();
    const partsBefore = (await listPartitions(WEBHOOK_EVENT_PARTITIONS)).length;
    const later = new Date(now.getTime() + 4 * DAY);
    const [, eventPruneMs] = await timed(async () => {
      for (let x = await pruneWebhookHistory(1000, later); x > 0; x = await pruneWebhookHistory(1000, later));
    });
    const eventsRemoved = eventsBefore - (await eventCount());
    const eventPartsDropped = partsBefore - (await listPartitions(WEBHOOK_EVENT_PARTITIONS)).length;
    const worst = rows.reduce((a, r) => Math.max(a, r.p99), 0);
    return {
      rows,
      figures: {
        "rows per table": n,
        "seed request_log ms": seedLogMs,
        "seed webhook_attempts ms": seedAttemptsMs,
        ...sizes,
        "retention (clock +3 days): partitions dropped": dropped,
        "retention (clock +3 days): rows removed": removed,
        "retention (clock +3 days): drop ms": dropMs,
        "request-log-prune afterwards (nothing due) ms": pruneMs,
        "seed webhook_events (beyond the attempts' own) ms": seedEventsMs,
        "events retention (clock +4 days): partitions dropped": eventPartsDropped,
        "events retention (clock +4 days): events removed": eventsRemoved,
        "events retention (clock +4 days): prune ms": eventPruneMs,
        "worst p99 ms (target < 100)": worst,
      },
    };
  } finally {
    setDbHandle(undefined);
    await handle.close();
    await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}
