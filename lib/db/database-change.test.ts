import { afterAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-db";
import { queryOne } from "@/lib/db/sql";
import { ensureVisaData } from "@/lib/visa/sample-data";
import { getDbHandle, onDatabaseChange, setDbHandle } from "./client";
import { isDatabaseDown, noteDatabaseError } from "./outage";

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

  it("a default database that finishes opening after a file installed its own leaves that one's outage probe registered", async () => {
    const own = await createTestDatabase({ install: false });
    opened.push(own);
    let probes = 0;
    setDbHandle(undefined);
    // Work left over from an earlier file reaches for the default database (a private in-memory PGlite)...
    const leftover = getDbHandle();
    // ...and this file installs its own before that one has opened.
    setDbHandle({
      db: own.db,
      driver: own.driver,
      close: async () => {},
      listen: async () => async () => {},
      probe: async () => void probes++,
    });
    await (await leftover).close();
    // An unreachable database is noticed and probed with the installed handle's probe. When the late
    // open registered its own (PGlite: none), the state never went down and nothing was probed (CI,
    // lib/db/outage.test.ts failed this way in a shared worker).
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    expect(noteDatabaseError(refused)).toBe(true);
    expect(isDatabaseDown()).toBe(true);
    for (let i = 0; isDatabaseDown() && i < 2000; i++) await new Promise((r) => setTimeout(r, 10));
    expect(isDatabaseDown()).toBe(false);
    expect(probes).toBe(1);
    setDbHandle(undefined);
  });
});
