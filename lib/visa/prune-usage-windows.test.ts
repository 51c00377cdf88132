import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { InngestTestEngine } from "@inngest/test";
import { eq } from "drizzle-orm";
import { visaUsageWindows } from "@/drizzle/schema";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-db";
import { resetEnvCache } from "@/lib/env";
import { localTasks } from "@/lib/jobs/local-runner";
import { job, JOBS } from "@/lib/registry/job-table";
import { makeUser } from "@/lib/testing/fixtures";
import { cronFunction } from "@/inngest/cron-jobs";
import { createVisaKey } from "./visa-keys";
import { pruneVisaUsageWindows } from "./prune-usage-windows";

let t: TestDatabase;
beforeAll(async () => {
  process.env.VISA_MASTER_KEY = "visa-master-key-for-tests-0123456789";
  resetEnvCache();
  t = await createTestDatabase();
});
afterAll(async () => {
  delete process.env.VISA_MASTER_KEY;
  resetEnvCache();
  await t.close();
});

async function newKeyId(): Promise<number> {
  const u = await makeUser();
  const created = await createVisaKey({ accountId: u.accountId, userId: u.userId }, { name: "prune" });
  return created.id;
}

async function addWindows(keyId: number, starts: string[]) {
  await t.db
    .insert(visaUsageWindows)
    .values(starts.map((s) => ({ keyId, windowStart: new Date(s), used: 3, hourlyLimit: 1000 })));
}

async function windowStarts(keyId: number): Promise<string[]> {
  const rows = await t.db
    .select({ s: visaUsageWindows.windowStart })
    .from(visaUsageWindows)
    .where(eq(visaUsageWindows.keyId, keyId));
  return rows.map((r) => r.s.toISOString()).sort();
}

describe("visa usage-window retention", () => {
  it("deletes windows that ended more than 48 h ago, keeps the rest, and is idempotent", async () => {
    const keyId = await newKeyId();
    const now = new Date("2026-06-01T12:30:00Z");
    await addWindows(keyId, [
      "2026-05-20T08:00:00Z", // long gone
      "2026-05-30T11:00:00Z", // ended 12:00, 48.5 h before now
      "2026-05-30T11:30:00Z", // not hour-aligned but ends 12:30: exactly 48 h, kept
      "2026-05-30T12:00:00Z", // ended 47.5 h ago
      "2026-06-01T12:00:00Z", // the current window
    ]);
    expect(await pruneVisaUsageWindows({ now })).toBe(2);
    expect(await windowStarts(keyId)).toEqual([
      "2026-05-30T11:30:00.000Z",
      "2026-05-30T12:00:00.000Z",
      "2026-06-01T12:00:00.000Z",
    ]);
    expect(await pruneVisaUsageWindows({ now })).toBe(0);
    expect(await windowStarts(keyId)).toHaveLength(3);
  });

  it("runs as a local task at its hourly slot (:23) and not again before the next one, and is in localTasks()", async () => {
    expect(localTasks({ jobs: JOBS }).map((task) => task.name)).toContain("visa-usage-window-prune");
    const keyId = await newKeyId();
    await addWindows(keyId, ["2020-01-01T00:00:00Z"]);
    let clock = new Date("2026-06-01T12:00:00Z");
    const [task] = localTasks({ jobs: [job("visa-usage-window-prune")], now: () => clock });
    expect(await task.run()).toBe(0); // 12:00: the slot is 12:23
    clock = new Date("2026-06-01T12:23:00Z");
    expect(await task.run()).toBeGreaterThanOrEqual(1); // deleted a batch: keeps draining
    expect(await task.run()).toBe(0); // drained: next slot 13:23
    await addWindows(keyId, ["2020-01-01T01:00:00Z"]);
    clock = new Date("2026-06-01T13:22:00Z");
    expect(await task.run()).toBe(0);
    expect(await windowStarts(keyId)).toEqual(["2020-01-01T01:00:00.000Z"]);
  });

  it("the hourly Inngest cron prunes until nothing is due", async () => {
    const keyId = await newKeyId();
    await addWindows(keyId, ["2020-02-01T00:00:00Z", "2020-02-01T01:00:00Z"]);
    const { result } = await new InngestTestEngine({
      function: cronFunction(job("visa-usage-window-prune")),
    }).execute();
    expect((result as { handled: number }).handled).toBeGreaterThanOrEqual(2);
    expect(await windowStarts(keyId)).toEqual([]);
  });
});
