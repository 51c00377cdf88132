import { afterAll, beforeAll, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createTestDatabase, describeWithPostgres, type TestDatabase } from "@/lib/db/testing/test-db";
import { queryOne } from "@/lib/db/sql";
import { isDatabaseDown, noteDatabaseError } from "./outage";
import { retryableOnFreshConnection, terminatedRetries } from "./retry-terminated";

/*
 * Issue 40 item 3: idle pooled connections killed by a restart raised 57P01 on their next use and
 * the instance declared an outage. Here every backend of the pool is terminated while idle
 * (pg_terminate_backend from another connection: what a restart does to them); the next statements
 * and transactions succeed on fresh connections and nothing is marked down.
 */
let t: TestDatabase;

async function terminatePool(): Promise<number> {
  const { default: postgres } = await import("postgres");
  const admin = postgres(t.url!, { max: 1, onnotice: () => {} });
  try {
    const rows = await admin`SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity
      WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'`;
    return rows.length;
  } finally {
    await admin.end();
  }
}

it("classifies what may be sent again: terminated backends always, a reset socket for reads only", () => {
  expect(retryableOnFreshConnection({ code: "57P01" }, "UPDATE x SET y = 1")).toBe(true);
  expect(retryableOnFreshConnection({ code: "57P02" }, null)).toBe(true);
  expect(retryableOnFreshConnection({ code: "ECONNRESET" }, " select 1")).toBe(true);
  expect(retryableOnFreshConnection({ code: "ECONNRESET" }, "insert into x values (1)")).toBe(false);
  expect(retryableOnFreshConnection({ code: "CONNECT_TIMEOUT" }, "insert into x values (1)")).toBe(true);
  expect(retryableOnFreshConnection({ code: "ECONNREFUSED" }, "select 1")).toBe(false);
  expect(retryableOnFreshConnection({ code: "23505" }, "select 1")).toBe(false);
});

describeWithPostgres("terminated idle connections are retried once, not taken for an outage (real Postgres)", () => {
  beforeAll(async () => {
    t = await createTestDatabase({ poolSize: 4 });
  });
  afterAll(async () => t.close());

  it("statements and transactions after every pooled backend was terminated succeed; the database is not marked down", async () => {
    // Open all four pooled connections, then let them idle.
    await Promise.all(Array.from({ length: 4 }, () => t.db.execute(sql`SELECT pg_sleep(0.05)`)));
    const before = terminatedRetries.n;
    expect(await terminatePool()).toBeGreaterThan(0);

    const failures: unknown[] = [];
    const results = await Promise.all(
      Array.from({ length: 8 }, async (_, i) => {
        try {
          if (i % 2 === 0) return (await queryOne<{ n: number }>(t.db, sql`SELECT ${i}::int AS n`))?.n;
          return await t.db.transaction(
            async (tx) => (await queryOne<{ n: number }>(tx, sql`SELECT ${i}::int AS n`))?.n,
          );
        } catch (err) {
          failures.push(err);
          if (noteDatabaseError(err)) return "outage";
          throw err;
        }
      }),
    );
    expect(failures).toEqual([]);
    expect(results).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(isDatabaseDown()).toBe(false);
    // The retry did the work (postgres-js may notice some closed sockets before sending).
    expect(terminatedRetries.n).toBeGreaterThanOrEqual(before);
  });
});
