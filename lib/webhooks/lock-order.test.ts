import { afterAll, beforeAll, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createTestDatabase, describeWithPostgres, type TestDatabase } from "@/lib/db/testing/test-db";
import { queryOne, queryRows } from "@/lib/db/sql";
import { makeUser } from "@/lib/testing/fixtures";
import { claimDueDeliveries, renewLeases, type ClaimedDelivery } from "./claim-deliveries";
import { emitEvent } from "@/lib/events/emit-event";
import { markAttemptStarted } from "./mark-attempt-started";
import { recordSuccessBatched } from "./record-success-batch";
import { endpointFor, setWebhookEnv } from "./testing/helpers";

/*
 * Issue 40: the success group commit and the lease heartbeat's renewal updated the same delivery
 * rows in no fixed order, Postgres aborted one as a deadlock, and the successes of the aborted
 * batch were never recorded (so they were sent again). Here both run at once, at a rate far above
 * production's (renewers in a tight loop over every held chain, each time in a new random order;
 * successes recorded in batches of random membership; attempt marks in between), on real Postgres.
 * Every statement's error is caught and counted; the server's own deadlock counter must not move.
 */
const CHAINS_PER_ROUND = 320;
const ROUNDS = 3;
const RENEWERS = 4;

function shuffled<T>(xs: readonly T[]): T[] {
  const a = [...xs];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
}

let t: TestDatabase;

/** The SQLSTATE of a failed statement (drizzle wraps the driver's error as `cause`): 40P01 is a deadlock. */
function codeOf(err: unknown): string {
  const e = err as { code?: string; cause?: { code?: string } };
  return e.code ?? e.cause?.code ?? (err as Error).message.split("\n")[0].slice(0, 80);
}

async function serverDeadlocks(): Promise<number> {
  // Other backends flush their counters when idle (at most every second): ask for ours, then read.
  await t.db.execute(sql`SELECT pg_stat_force_next_flush()`);
  const r = await queryOne<{ n: string }>(
    t.db,
    sql`SELECT deadlocks AS n FROM pg_stat_database WHERE datname = current_database()`,
  );
  return Number(r?.n ?? 0);
}

describeWithPostgres(
  "delivery row locks: group commit, heartbeat and attempt marks never deadlock (real Postgres)",
  () => {
    beforeAll(async () => {
      setWebhookEnv({ WEBHOOK_ALLOWED_HOSTS: "127.0.0.1" });
      t = await createTestDatabase({ poolSize: 12 });
    });
    afterAll(async () => {
      await t.close();
      setWebhookEnv({ WEBHOOK_ALLOWED_HOSTS: undefined });
    });

    it("records every success exactly once with renewals racing it: 0 deadlocks, 0 lost, 0 duplicates", async () => {
      const u = await makeUser();
      // Four endpoints: every batch also locks several endpoint rows.
      for (let e = 0; e < 4; e++)
        await endpointFor(u.accountId, `https://127.0.0.1:9/e${e}`, ["weather.change_detected"]);
      const before = await serverDeadlocks();
      const errors: string[] = [];
      let recorded = 0;
      let lost = 0;
      let total = 0;

      for (let round = 0; round < ROUNDS; round++) {
        for (let i = 0; i < CHAINS_PER_ROUND / 4; i++)
          await emitEvent({ accountId: u.accountId, type: "weather.change_detected", data: { round, i } });
        const claims = await claimDueDeliveries(t.db, CHAINS_PER_ROUND * 2);
        expect(claims.length).toBeGreaterThanOrEqual(CHAINS_PER_ROUND);
        total += claims.length;
        const held = new Set<ClaimedDelivery>(claims);
        let recording = true;

        const renewers = Array.from({ length: RENEWERS }, async () => {
          while (recording) {
            try {
              await renewLeases(t.db, shuffled([...held]));
            } catch (err) {
              errors.push(`renew: ${codeOf(err)}`);
            }
          }
        });
        const now = new Date();
        const facts = {
          result: { status: 200, timeMs: 1, bodyExcerpt: "", error: null },
          signature: "s",
          timestamp: 1,
          attemptedAt: now,
          completedAt: now,
        };
        const outcomes: Array<Promise<void>> = [];
        const order = shuffled(claims);
        for (let i = 0; i < order.length;) {
          // Batches of random membership: each chunk joins whatever batch forms next.
          const chunk = order.slice(i, (i += 10 + Math.floor(Math.random() * 60)));
          for (const c of chunk) {
            outcomes.push(
              markAttemptStarted(c)
                .then(() => recordSuccessBatched(c, { type: "weather.change_detected" }, facts))
                .then((r) => {
                  held.delete(c);
                  if (r) recorded++;
                  else lost++;
                })
                .catch((err: unknown) => {
                  held.delete(c);
                  errors.push(`record: ${codeOf(err)}`);
                }),
            );
          }
          await new Promise((r) => setImmediate(r));
        }
        await Promise.all(outcomes);
        recording = false;
        await Promise.all(renewers);
      }

      expect(errors).toEqual([]);
      expect(lost).toBe(0);
      expect(recorded).toBe(total);
      const dupes = await queryRows(
        t.db,
        sql`SELECT delivery_id FROM webhook_attempts GROUP BY delivery_id HAVING count(*) > 1`,
      );
      expect(dupes).toEqual([]);
      const undelivered = await queryOne<{ n: string }>(
        t.db,
        sql`SELECT count(*) AS n FROM webhook_deliveries WHERE status <> 'delivered'`,
      );
      expect(Number(undelivered?.n)).toBe(0);
      // The server's counter as well (the pool's backends flush theirs when idle, so it may lag; the
      // errors caught above are the exact count for every statement of this test).
      expect((await serverDeadlocks()) - before).toBe(0);
    }, 120_000);
  },
);
