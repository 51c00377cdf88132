import { afterAll, beforeAll, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { setPlan } from "@/lib/accounts/set-plan";
import { getDb } from "@/lib/db/client";
import { queryOne } from "@/lib/db/sql";
import { createTestDatabase, describeWithPostgres, type TestDatabase } from "@/lib/db/testing/test-db";
import { call } from "@/lib/http/testing/call-route";
import { makeUser } from "@/lib/testing/fixtures";
import { eventsOfType } from "@/lib/webhooks/testing/helpers";
import { assertActiveWatchCapacity } from "./active-watches";
import { periodOf } from "./period";
import { recordQuotaAlert } from "./quota-alerts";
import { meteredRoute } from "./testing/metered-route";

/*
 * Exactly one billing.quota_threshold_reached per (dimension, threshold, period) when requests race
 * past the thresholds on real Postgres. The per-process memory dedupes within one instance; the
 * database key is what makes it exactly-once across instances, so that path is raced directly too
 * (every caller bypasses the memory, as separate instances would).
 */
const CALLS = 200;
let t: TestDatabase;

async function alertsOf(accountId: string) {
  const events = await eventsOfType(accountId, "billing.quota_threshold_reached");
  return events.map((e) => `${e.data.dimension}:${e.data.threshold_percent}`).sort();
}

describeWithPostgres("quota alerts under concurrency (real Postgres)", () => {
  beforeAll(async () => {
    t = await createTestDatabase({ poolSize: 30 });
  });
  afterAll(async () => t?.close());

  it("200 concurrent calls against a cap of 100: one 80 % and one 100 % event", async () => {
    const u = await makeUser({ plan: "starter" });
    await setPlan({ accountId: u.accountId, overrides: { requests_per_month: 100 } });
    const key = await u.key(["weather:timeline"]);
    const results = await Promise.all(
      Array.from({ length: CALLS }, () =>
        call(meteredRoute, { method: "POST", path: "/test/metered", bearer: key, body: {} }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(100);
    expect(results.filter((r) => r.status === 429)).toHaveLength(CALLS - 100);
    expect(await alertsOf(u.accountId)).toEqual(["requests:100", "requests:80"]);
    const rows = await queryOne<{ n: number }>(
      await getDb(),
      sql`SELECT count(*)::int AS n FROM quota_alerts WHERE account_id = ${u.accountId}::uuid AND event_id IS NOT NULL`,
    );
    expect(rows?.n).toBe(2);
  });

  it("200 racing recordQuotaAlert calls for each threshold (as 200 instances would make): one event each", async () => {
    const u = await makeUser({ plan: "starter" });
    const account = {
      id: u.accountId,
      plan: "starter" as const,
      environment: "production" as const,
      limitOverrides: {},
    };
    const db = await getDb();
    const period = periodOf();
    const emitted = await Promise.all(
      Array.from({ length: CALLS }, (_, i) =>
        recordQuotaAlert(db, {
          accountId: u.accountId,
          account: account as never,
          period,
          dimension: "route_calls",
          threshold: i % 2 ? 80 : 100,
          used: 1000,
          limit: 1000,
        }),
      ),
    );
    expect(emitted.filter(Boolean)).toHaveLength(2);
    expect(await alertsOf(u.accountId)).toEqual(["route_calls:100", "route_calls:80"]);
  });

  it("active_watches: 40 concurrent creations against a cap of 5 alert at the 4th and the 5th watch, once each", async () => {
    const u = await makeUser({ plan: "starter" });
    await setPlan({ accountId: u.accountId, overrides: { active_watches: 5 } });
    const db = await getDb();
    const account = {
      id: u.accountId,
      plan: "starter" as const,
      environment: "production" as const,
      limitOverrides: { active_watches: 5 },
    };
    const outcomes = await Promise.allSettled(
      Array.from({ length: 40 }, () =>
        db.transaction(async (tx) => {
          await assertActiveWatchCapacity(tx, account);
          await queryOne(
            tx,
            sql`INSERT INTO watches (account_id, target_type, target_ref, latitude, longitude, place_type, activity_type, outdoor,
                                     starts_at, ends_at, webhook_url, change_rules)
                VALUES (${u.accountId}::uuid, 'place', '{}'::jsonb, 48.85, 2.35, 'city', 'walking', true,
                        now(), now() + interval '1 day', 'https://example.test/hook', '{}'::jsonb)
                RETURNING id`,
          );
        }),
      ),
    );
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(5);
    const events = await eventsOfType(u.accountId, "billing.quota_threshold_reached");
    expect(events.map((e) => [e.data.threshold_percent, e.data.used, e.data.resets_at]).sort()).toEqual([
      [100, 5, null],
      [80, 4, null],
    ]);
  });
});
