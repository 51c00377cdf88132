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
import { pruneRequestLog, REQUEST_LOG_RETENTION_DAYS } from "@/lib/requests/list-requests";
import { AttemptFiltersQuery, listAttemptLog, type AttemptTarget } from "@/lib/webhooks/attempt-log";
import { getEvent, listEvents, ListEventsQuery } from "@/lib/webhooks/event-log";
import { pruneWebhookHistory } from "@/lib/webhooks/retention";
import { measure, timed, type LogScaleRow } from "./measure";
import { measureRequestLog } from "./request-log-bench";
import { logAccount, SEED_ATTEMPT_ROWS, SEED_ATTEMPTS, SEED_EVENTS, SEED_REQUEST_LOG } from "./seed";

/**
 * Logs at scale (issue 32): 1,000,000 request-log rows, 1,000,000 webhook attempts and 1,000,000
 * webhook events for ONE account, seeded in SQL into a throw-away database on the given Postgres,
 * then every documented filter of GET /v1/requests, of the attempts listing and of GET /v1/events
 * (and GET /v1/events/{id}) measured in-process through the same lib functions the routes call
 * (listRequests, listAttemptLog, listEvents, getEvent): p50/p99 over `runs` calls each,
 * varying the value (request ids, cursor depths) between calls. Target: every p99 < 100 ms.
 */
export type { LogScaleRow };

export interface LogScaleOptions {
  /** Calls per case (default 200); requestRuns: per request-log case (default: runs). */
  runs?: number;
  requestRuns?: number;
  /** Request-log rows over all accounts (bench/log-scale/seed.ts), and attempts and events of the one account. */
  rows?: number;
  /** "requests": seed and measure the request log alone (minutes less). */
  only?: "requests";
  /** Prefix of the throw-away database's name (a shared server's naming rule); default: the URL's database name. */
  dbPrefix?: string;
  /** Leave the throw-away database in place (to look at plans afterwards; drop it yourself). */
  keep?: boolean;
}

const worstOf = (rows: LogScaleRow[]) => rows.reduce((a, r) => Math.max(a, r.p99), 0);

export interface LogScaleResult {
  rows: LogScaleRow[];
  figures: Record<string, number | string>;
}

const ACCOUNT = logAccount(1);
const ENDPOINT = "0b5e0000-0000-4000-8000-0000000000e1";
const WATCH = "0b5e0000-0000-4000-8000-0000000000a1";
const DAY = 86_400_000;

/** Cursors of the rows at these depths (0 = newest) of the account's log, as next_cursor would carry them. */
async function cursorsAt(table: "webhook_attempts" | "webhook_events", depths: number[]): Promise<string[]> {
  const db = await getDb();
  const [col, idCast] = table === "webhook_attempts" ? ["attempted_at", "id::text"] : ["created_at", "id::text"];
  const out: string[] = [];
  for (const d of depths) {
    const where =
      table === "webhook_attempts" ? sql`endpoint_id = ${ENDPOINT}::uuid` : sql`account_id = ${ACCOUNT}::uuid`;
    const row = await queryOne<{ at: string; id: string }>(
      db,
      sql`SELECT ${sql.raw(col)}::text AS at, ${sql.raw(idCast)} AS id FROM ${sql.raw(table)} WHERE ${where}
          ORDER BY ${sql.raw(col)} DESC, id DESC OFFSET ${d}::int LIMIT 1`,
    );
    if (row) out.push(encodeCursor({ at: row.at, id: row.id }));
  }
  return out;
}

export async function runLogScaleBench(serverUrl: string, opts: LogScaleOptions = {}): Promise<LogScaleResult> {
  const runs = opts.runs ?? 200;
  const requestRuns = opts.requestRuns ?? runs;
  const n = opts.rows ?? 1_000_000;
  const only = opts.only;
  const { default: postgres } = await import("postgres");
  const { drizzle } = await import("drizzle-orm/postgres-js");
  const { migrate } = await import("drizzle-orm/postgres-js/migrator");
  // A prefix of our own replaces the one taken from the URL's database name (e.g. "hc_" on a shared server).
  const name = opts.dbPrefix
    ? `${opts.dbPrefix}${throwawayDatabaseName("postgres://server/", "logbench")}`
    : throwawayDatabaseName(serverUrl, "logbench");
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
    const [, seedLogMs] = await timed(() => db.execute(SEED_REQUEST_LOG(now, n)));
    let seedAttemptsMs = 0;
    let seedEventsMs = 0;
    if (only !== "requests") {
      [, seedAttemptsMs] = await timed(async () => {
        await db.execute(SEED_ATTEMPTS(ACCOUNT, ENDPOINT, WATCH, n));
        await db.execute(SEED_ATTEMPT_ROWS(ACCOUNT, ENDPOINT, n));
      });
      [, seedEventsMs] = await timed(() => db.execute(SEED_EVENTS(ACCOUNT, WATCH, n - Math.floor(n / 10))));
    }
    await db.execute(sql`ANALYZE`);
    // Summed over the partitions: pg_total_relation_size of a partitioned parent is 0.
    const size = async (t: string, fn: "pg_total_relation_size" | "pg_indexes_size" = "pg_total_relation_size") =>
      (await queryOne<{ b: string }>(
        db,
        sql`SELECT sum(${sql.raw(fn)}(c.oid))::bigint::text AS b FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = ${t}::regclass`,
      ))!.b;
    const mbPerMillion = (b: string) => +((Number(b) / 1048576) * (1_000_000 / n)).toFixed(1);

    const rows: LogScaleRow[] = await measureRequestLog(now, requestRuns);
    if (only === "requests")
      return {
        rows,
        figures: {
          "rows (all accounts)": n,
          "seed request_log ms": seedLogMs,
          "worst p99 ms (target < 100)": worstOf(rows),
        },
      };

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
    const worst = worstOf(rows);
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
    if (opts.keep) console.error(`kept database ${name}`);
    else await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}
