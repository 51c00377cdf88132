import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { InngestTestEngine } from "@inngest/test";
import { eq } from "drizzle-orm";
import { watches } from "@/drizzle/schema";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-db";
import { makeUser } from "@/lib/testing/fixtures";
import { createWatchVia, watchBody } from "@/lib/watches/testing/watch-fixtures";
import { WATCH_REFRESH_EVENT, watchRefreshScheduler } from "./watch-refresh-scheduler";
import { watchRefresh } from "./watch-refresh";
import { job } from "@/lib/registry/job-table";
import { cronFunction } from "./cron-jobs";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t.close());

describe("watch Inngest functions", () => {
  it("the scheduler claims due watches and fans out one refresh event per claim; the refresh function processes it once", async () => {
    const u = await makeUser({ plan: "starter", environment: "sandbox" });
    const { watch } = await createWatchVia(u, watchBody({}, { startInHours: 2 }));
    const scheduler = new InngestTestEngine({ function: watchRefreshScheduler });
    const { result, ctx } = await scheduler.execute({
      steps: [{ id: "fan-out-refreshes", handler: () => ({ ids: [] }) }],
    });
    expect(result).toMatchObject({ claimed: 1 });
    const [, sent] = (ctx.step.sendEvent as unknown as { mock: { calls: unknown[][] } }).mock.calls[0] as [
      string,
      Array<{ name: string; data: { watchId: string; claimToken: string } }>,
    ];
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ name: WATCH_REFRESH_EVENT, data: { watchId: watch.watch_id } });

    // A fresh engine per run: an engine memoizes step results like a single Inngest run would.
    const refresh = () => new InngestTestEngine({ function: watchRefresh });
    const first = await refresh().execute({ events: [{ name: WATCH_REFRESH_EVENT, data: sent[0].data }] });
    expect(first.result).toMatchObject({ outcome: "refreshed" });
    // A duplicate of the same event finds its claim consumed.
    const dup = await refresh().execute({ events: [{ name: WATCH_REFRESH_EVENT, data: sent[0].data }] });
    expect(dup.result).toEqual({ outcome: "skipped", reason: "claim_lost" });
    const [row] = await t.db.select().from(watches).where(eq(watches.id, watch.watch_id));
    expect(row.latestSnapshot).not.toBeNull();
  });

  it("the daily accrual cron bills in-window active watches once per day", async () => {
    const u = await makeUser({ plan: "starter" });
    await createWatchVia(u, watchBody({}, { startInHours: -1, hours: 3 }));
    const accrual = () => new InngestTestEngine({ function: cronFunction(job("watch-billing-accrual")) });
    const first = await accrual().execute();
    expect((first.result as { handled: number }).handled).toBeGreaterThanOrEqual(1);
    const again = await accrual().execute();
    expect(again.result).toEqual({ handled: 0 });
  });
});
