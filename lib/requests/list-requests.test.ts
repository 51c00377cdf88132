import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-db";
import { makeUser } from "@/lib/testing/fixtures";
import { listRequests, ListRequestsQuery } from "./list-requests";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.close();
});

/**
 * 6,000 calls (more than the newest-rows pass reads), one a minute back from now (100 hours, so
 * every time window of the rare-match passes holds some): every 7th a 429, the 6 oldest the only
 * 429s on /v1/rare. What each filter returns is checked against the same filter applied in memory,
 * whichever pass (recent rows or the windows over the filters' indexes) answered.
 */
const N = 6000;
async function seed(accountId: string) {
  await (
    await getDb()
  )
    .execute(sql`INSERT INTO request_log (request_id, account_id, at, method, path, status, latency_ms, credential_type, billing_units, source)
    SELECT gen_random_uuid(), ${accountId}::uuid, now() - g * interval '1 minute', CASE WHEN g % 5 = 0 THEN 'POST' ELSE 'GET' END,
      CASE WHEN g > ${N - 6}::int THEN '/v1/rare/{id}' WHEN g % 2 = 0 THEN '/v1/weather/current' ELSE '/v1/trips' END,
      CASE WHEN g > ${N - 6}::int OR g % 7 = 0 THEN 429 ELSE 200 END, 5, 'none', 1, CASE WHEN g % 3 = 0 THEN 'portal' ELSE 'api' END
    FROM generate_series(1, ${N}::int) g`);
}

type Listed = Awaited<ReturnType<typeof listRequests>>["requests"][number];
async function everyPage(accountId: string, o: Record<string, string>) {
  const out: Listed[] = [];
  let cursor: string | null = null;
  do {
    const page = await listRequests(
      accountId,
      ListRequestsQuery.parse({ limit: "200", ...o, ...(cursor ? { cursor } : {}) }),
    );
    out.push(...page.requests);
    cursor = page.next_cursor;
  } while (cursor);
  return out;
}

describe("request log filters, whichever pass answers", () => {
  it("finds rare matches older than the newest rows, newest first, and pages through them", async () => {
    const u = await makeUser();
    await seed(u.accountId);
    const rare = await listRequests(
      u.accountId,
      ListRequestsQuery.parse({ status: "429", path: "/v1/rare", portal_reads: "true" }),
    );
    expect(rare.requests).toHaveLength(6);
    expect(rare.requests.every((r) => r.status === 429 && r.path === "/v1/rare/{id}")).toBe(true);
    const ats = rare.requests.map((r) => r.at);
    expect([...ats].sort().reverse()).toEqual(ats);
    expect(rare.has_more).toBe(false);

    const none = await listRequests(u.accountId, ListRequestsQuery.parse({ status: "5xx", path: "/v1/weather" }));
    expect(none).toMatchObject({ requests: [], has_more: false, next_cursor: null });
  });

  it("returns for common, rare and empty combinations exactly the rows the filter matches, in page order", async () => {
    const u = await makeUser();
    await seed(u.accountId);
    const all = await everyPage(u.accountId, { portal_reads: "true" });
    const now = Date.parse(all[0].at);
    const ago = (hours: number) => new Date(now - hours * 3_600_000 - 30_000).toISOString();
    expect(all).toHaveLength(N);
    const cases: [Record<string, string>, (r: Listed) => boolean][] = [
      [{ status: "429" }, (r) => r.status === 429 && !(r.source === "portal" && r.method === "GET")],
      [
        { status: "4xx", path: "/v1/trips", source: "portal" },
        (r) => r.status === 429 && r.path === "/v1/trips" && r.source === "portal",
      ],
      [{ path: "/v1/rare", source: "api" }, (r) => r.path === "/v1/rare/{id}" && r.source === "api"],
      [{ status: "200", path: "/v1/rare" }, () => false],
      // One match in 42 minutes: pages of 20 end inside the windows and the cursor starts the next ones there.
      [
        { status: "4xx", path: "/v1/trips", source: "portal", limit: "20" },
        (r) => r.status === 429 && r.path === "/v1/trips" && r.source === "portal",
      ],
      [
        { status: "429", source: "portal", since: ago(50), until: ago(3) },
        (r) => r.status === 429 && r.source === "portal" && r.at >= ago(50) && r.at < ago(3),
      ],
      [
        { status: "429", path: "/v1/trips", since: ago(80), limit: "7" },
        (r) =>
          r.status === 429 &&
          r.path === "/v1/trips" &&
          !(r.source === "portal" && r.method === "GET") &&
          r.at >= ago(80),
      ],
    ];
    for (const [o, keep] of cases) {
      const got = await everyPage(u.accountId, o);
      expect(
        got.map((r) => r.request_id),
        JSON.stringify(o),
      ).toEqual(all.filter(keep).map((r) => r.request_id));
    }
  });
});
