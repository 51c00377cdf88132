import { sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { queryOne, queryRows } from "@/lib/db/sql";
import { encodeCursor } from "@/lib/http/cursor";
import { listRequests, ListRequestsQuery } from "@/lib/requests/list-requests";
import { measure, type LogScaleRow } from "./measure";
import { GAP_END_MS, logAccount } from "./seed";

/*
 * GET /v1/requests at scale (issue 42 item 9): every filter of the listing alone and in
 * combination, the combinations that match nothing included, on the first page and on cursor
 * pages, through listRequests (what the route calls) against the SEED_REQUEST_LOG data.
 * Target: every p99 < 100 ms. "(empty)" cases must return 0 rows: the bench fails otherwise.
 */
const HOT = logAccount(1);
const SMALL = logAccount(9);
const DAY = 86_400_000;
const HOUR = 3_600_000;

type Query = Record<string, string>;
interface Case {
  title: string;
  /** The query of call i (values vary between calls where the case says so). */
  query: (i: number) => Query;
  account?: string;
  empty?: boolean;
  /** A handful of rows at 1 M: may be none at a smaller LOG_BENCH_ROWS. */
  rare?: boolean;
}

/** Cursors at these depths (0 = newest) of the hot account's default listing, as next_cursor would carry them. */
async function cursorsAt(depths: number[]): Promise<string[]> {
  const db = await getDb();
  const out: string[] = [];
  for (const d of depths) {
    const row = await queryOne<{ at: string; id: string }>(
      db,
      sql`SELECT at::text AS at, id::text AS id FROM request_log
          WHERE account_id = ${HOT}::uuid AND NOT (source = 'portal' AND method IN ('GET', 'HEAD'))
          ORDER BY at DESC, id DESC OFFSET ${d}::int LIMIT 1`,
    );
    if (row) out.push(encodeCursor({ at: row.at, id: row.id }));
  }
  return out;
}

function cases(now: Date, reqIds: string[], otherReqIds: string[], deep: string[], page2: string[]): Case[] {
  const iso = (ms: number) => new Date(now.getTime() - ms).toISOString();
  const hour = (i: number) => ({ since: iso((1 + (i % 5)) * DAY + HOUR), until: iso((1 + (i % 5)) * DAY) });
  const gap = { since: iso(GAP_END_MS + HOUR - 60_000), until: iso(GAP_END_MS + 60_000) };
  const cur = (i: number) => deep[i % deep.length];
  return [
    { title: "newest page (portal reads hidden)", query: () => ({}) },
    { title: "limit=200", query: () => ({ limit: "200" }) },
    { title: "portal_reads=true", query: () => ({ portal_reads: "true" }) },
    { title: "status=2xx", query: () => ({ status: "2xx" }) },
    { title: "status=4xx", query: () => ({ status: "4xx" }) },
    { title: "status=5xx", query: () => ({ status: "5xx" }) },
    { title: "status=404", query: () => ({ status: "404" }) },
    { title: "status=429 (1.5 %)", query: () => ({ status: "429" }) },
    { title: "status=418 (never)", query: () => ({ status: "418" }), empty: true },
    { title: "path=/v1/weather (prefix, 78 %)", query: () => ({ path: "/v1/weather" }) },
    { title: "path=/v1/usage (1 %)", query: () => ({ path: "/v1/usage" }) },
    { title: "path=/v1/rare (0.1 %)", query: () => ({ path: "/v1/rare" }) },
    { title: "path=/v1/never", query: () => ({ path: "/v1/never" }), empty: true },
    { title: "request_id", query: (i) => ({ request_id: reqIds[i % reqIds.length] }) },
    {
      title: "request_id of another account",
      query: (i) => ({ request_id: otherReqIds[i % otherReqIds.length] }),
      empty: true,
    },
    { title: "source=api", query: () => ({ source: "api" }) },
    { title: "source=portal", query: () => ({ source: "portal" }) },
    { title: "source=playground (2 %)", query: () => ({ source: "playground" }) },
    { title: "key_id=1001 (30 %)", query: () => ({ key_id: "1001" }) },
    { title: "key_id=1006 (1 %)", query: () => ({ key_id: "1006" }) },
    { title: "key_id=1007 (a key with no requests)", query: () => ({ key_id: "1007" }), empty: true },
    { title: "token_id=2001", query: () => ({ token_id: "2001" }) },
    { title: "token_id=2003 (no requests)", query: () => ({ token_id: "2003" }), empty: true },
    { title: "since 1 day back", query: () => ({ since: iso(DAY) }) },
    { title: "until 3-5 days back", query: (i) => ({ until: iso((3 + (i % 3)) * DAY) }) },
    { title: "since/until 1 h, 1-5 days back", query: hour },
    { title: "since/until inside the outage hour", query: () => gap, empty: true },
    {
      title: "since/until 9-8 days back (before the log)",
      query: () => ({ since: iso(9 * DAY), until: iso(8 * DAY) }),
      empty: true,
    },
    { title: "since tomorrow", query: () => ({ since: iso(-DAY) }), empty: true },
    {
      title: "status=429 + path=/v1/trips (never a 429)",
      query: () => ({ status: "429", path: "/v1/trips" }),
      empty: true,
    },
    { title: "status=429 + path=/v1/never", query: () => ({ status: "429", path: "/v1/never" }), empty: true },
    { title: "status=5xx + source=playground", query: () => ({ status: "5xx", source: "playground" }), empty: true },
    {
      title: "status=5xx + path=/v1/weather + source=playground",
      query: () => ({ status: "5xx", path: "/v1/weather", source: "playground" }),
      empty: true,
    },
    { title: "status=4xx + key_id=1001", query: () => ({ status: "4xx", key_id: "1001" }) },
    {
      title: "status=429 + key_id=1006 + path=/v1/weather/watch (rare)",
      query: () => ({ status: "429", key_id: "1006", path: "/v1/weather/watch" }),
      rare: true,
    },
    {
      title: "status=429 + key_id=1006 + path=/v1/trips",
      query: () => ({ status: "429", key_id: "1006", path: "/v1/trips" }),
      empty: true,
    },
    { title: "key_id=1007 + status=4xx", query: () => ({ key_id: "1007", status: "4xx" }), empty: true },
    { title: "key_id=1001 + token_id=2001", query: () => ({ key_id: "1001", token_id: "2001" }), empty: true },
    {
      title: "token_id + status=5xx + source=portal",
      query: (i) => ({ token_id: String(2001 + (i % 2)), status: "5xx", source: "portal" }),
      empty: true,
    },
    { title: "token_id + status=4xx", query: (i) => ({ token_id: String(2001 + (i % 2)), status: "4xx" }) },
    {
      title: "status=4xx + path=/v1/rare + source=portal (rare)",
      query: () => ({ status: "4xx", path: "/v1/rare", source: "portal" }),
      rare: true,
    },
    {
      title: "source=portal + portal_reads=true + status=404",
      query: () => ({ source: "portal", portal_reads: "true", status: "404" }),
    },
    {
      title: "request_id + status=418",
      query: (i) => ({ request_id: reqIds[i % reqIds.length], status: "418" }),
      empty: true,
    },
    { title: "path=/v1/rare + since/until 1 h (rare)", query: (i) => ({ path: "/v1/rare", ...hour(i) }), rare: true },
    {
      title: "status=429 + path=/v1/trips + since 1 day back",
      query: () => ({ status: "429", path: "/v1/trips", since: iso(DAY) }),
      empty: true,
    },
    { title: "status=5xx + until 3 days back", query: () => ({ status: "5xx", until: iso(3 * DAY) }) },
    { title: "limit=200 + status=4xx", query: () => ({ limit: "200", status: "4xx" }) },
    { title: "cursor: page 2 (from page 1's next_cursor)", query: (i) => ({ cursor: page2[i % page2.length] }) },
    { title: "cursor 45-90 % deep", query: (i) => ({ cursor: cur(i) }) },
    { title: "cursor deep + status=4xx", query: (i) => ({ cursor: cur(i), status: "4xx" }) },
    {
      title: "cursor deep + key_id=1006 + path=/v1/usage (rare)",
      query: (i) => ({ cursor: cur(i), key_id: "1006", path: "/v1/usage" }),
      rare: true,
    },
    {
      title: "cursor deep + status=429 + path=/v1/trips",
      query: (i) => ({ cursor: cur(i), status: "429", path: "/v1/trips" }),
      empty: true,
    },
    { title: "small account (1 %): newest page", query: () => ({}), account: SMALL },
    {
      title: "small account: status=429 + path=/v1/trips",
      query: () => ({ status: "429", path: "/v1/trips" }),
      account: SMALL,
      empty: true,
    },
  ];
}

/** Every case of GET /v1/requests, `runs` calls each, on the seeded hot account (and one small one). */
export async function measureRequestLog(now: Date, runs: number): Promise<LogScaleRow[]> {
  const db = await getDb();
  const sample = async (account: string) =>
    (
      await queryRows<{ id: string }>(
        db,
        sql`SELECT request_id::text AS id FROM request_log TABLESAMPLE SYSTEM (1) WHERE account_id = ${account}::uuid LIMIT 50`,
      )
    ).map((r) => r.id);
  const hotRows = (await queryOne<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM request_log WHERE account_id = ${HOT}::uuid`,
  ))!.n;
  const deep = await cursorsAt(
    Array.from({ length: 20 }, (_, i) => Math.floor(hotRows * 0.45 + (i * hotRows * 0.45) / 20)),
  );
  const first = await listRequests(HOT, ListRequestsQuery.parse({}));
  const page2 = [first.next_cursor!];
  const rows: LogScaleRow[] = [];
  const wrong: string[] = [];
  for (const c of cases(now, await sample(HOT), await sample(logAccount(2)), deep, page2)) {
    const row = await measure(
      `requests: ${c.title}${c.empty ? " (empty)" : ""}`,
      runs,
      async (i) => (await listRequests(c.account ?? HOT, ListRequestsQuery.parse(c.query(i)))).requests.length,
    );
    if (c.empty ? row.rows > 0 : row.rows === 0 && !c.rare) wrong.push(`${c.title}: ${row.rows} rows`);
    if (process.env.LOG_BENCH_PROGRESS) console.error(`${row.title}: p50 ${row.p50} p99 ${row.p99} rows ${row.rows}`);
    rows.push(row);
  }
  if (wrong.length > 0) throw new Error(`the seed does not give the cases' shape: ${wrong.join("; ")}`);
  return rows;
}
