import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-db";
import { waitFor } from "@/lib/webhooks/testing/helpers";
import { CHANNELS, listen, notify, wake } from "./notify";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t.close());

describe(`LISTEN/NOTIFY (${process.env.TEST_DATABASE_URL ? "Postgres" : "PGlite"})`, () => {
  it("delivers a payload to a listener, only after the sending transaction commits, and never after a rollback", async () => {
    const got: string[] = [];
    const stop = await listen(CHANNELS.work, (p) => got.push(p));
    await notify(t.db, CHANNELS.work, "plain");
    await waitFor(async () => got.includes("plain"), "the plain notification");

    await t.db
      .transaction(async (tx) => {
        await notify(tx, CHANNELS.work, "rolled-back");
        throw new Error("rollback");
      })
      .catch(() => {});
    await t.db.transaction(async (tx) => notify(tx, CHANNELS.work, "committed"));
    await waitFor(async () => got.includes("committed"), "the committed notification");
    // Notifications arrive in commit order, so "committed" arriving proves the rolled-back one never will.
    expect(got).toEqual(["plain", "committed"]);

    await stop();
    await notify(t.db, CHANNELS.work, "after-unlisten");
    await notify(t.db, CHANNELS.credentials, "other-channel");
    const sentinel: string[] = [];
    const stop2 = await listen(CHANNELS.work, (p) => sentinel.push(p));
    await notify(t.db, CHANNELS.work, "sentinel");
    await waitFor(async () => sentinel.includes("sentinel"), "the sentinel");
    expect(got).toEqual(["plain", "committed"]);
    await stop2();
  });

  it("wake coalesces a burst: 50 calls at once cost at most two NOTIFYs, each call resolves after one sent after it", async () => {
    const got: string[] = [];
    const stop = await listen(CHANNELS.work, (p) => got.push(p));
    await Promise.all(Array.from({ length: 50 }, () => wake(CHANNELS.work, "burst")));
    await notify(t.db, CHANNELS.work, "sentinel");
    await waitFor(async () => got.includes("sentinel"), "the sentinel");
    const bursts = got.filter((p) => p === "burst").length;
    // The first call's NOTIFY, then one covering the 49 that arrived while it was in flight.
    expect(bursts).toBeGreaterThanOrEqual(1);
    expect(bursts).toBeLessThanOrEqual(2);
    // A later call is not swallowed by the earlier burst: it gets its own NOTIFY.
    await wake(CHANNELS.work, "burst");
    await waitFor(async () => got.filter((p) => p === "burst").length === bursts + 1, "the later wake-up");
    await stop();
  });
});
