import { afterAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-db";
import { queryOne } from "@/lib/db/sql";
import { ensureVisaData } from "@/lib/visa/sample-data";
import { onDatabaseChange } from "./client";

/*
 * Test files share worker processes (decision 0173), and scripts may install another database: a
 * process cache of rows read from one database must not answer for the next one.
 */
const opened: TestDatabase[] = [];
afterAll(async () => {
  for (const d of opened) await d.close().catch(() => {});
});

async function visaRows(d: TestDatabase): Promise<number> {
  const row = await queryOne<{ n: number }>(d.db, sql`SELECT count(*)::int AS n FROM visa_requirements`);
  return row?.n ?? 0;
}

describe("installing another database", () => {
  it("calls every onDatabaseChange listener, on install and on close", async () => {
    let calls = 0;
    onDatabaseChange(() => calls++);
    const a = await createTestDatabase();
    opened.push(a);
    expect(calls).toBe(1);
    await a.close();
    expect(calls).toBeGreaterThanOrEqual(2);
  });

  it("a cache filled from the first database is empty for the second (the visa sample is seeded again)", async () => {
    const a = await createTestDatabase();
    opened.push(a);
    await ensureVisaData();
    expect(await visaRows(a)).toBeGreaterThan(0);

    const b = await createTestDatabase();
    opened.push(b);
    expect(await visaRows(b)).toBe(0);
    await ensureVisaData();
    expect(await visaRows(b)).toBeGreaterThan(0);
  });
});
