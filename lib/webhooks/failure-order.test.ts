import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, describeWithPostgres, type TestDatabase } from "@/lib/db/testing/test-db";
import { makeUser } from "@/lib/testing/fixtures";
import { claimDueDeliveries, type ClaimedDelivery } from "./claim-deliveries";
import { emitEvent } from "@/lib/events/emit-event";
import { recordAttempt } from "./record-attempt";
import { endpointFor, endpointRow, eventsOfType, setWebhookEnv } from "./testing/helpers";

/*
 * failure_count counts by ATTEMPT time, not commit order: a failure's record
 * may commit after a success attempted later (successes wait in a group-commit
 * batch; instances interleave), and must not count as consecutive then. These
 * tests record attempts directly, with the attempt times a runner would have
 * seen, in the commit order a busy cluster can produce.
 */
let t: TestDatabase;
const TYPE = { type: "weather.change_detected" };
// Attempt times are relative to now: a failure's retry (an hour after its attempt) must stay in the
// future, or a later test's claim would pick up an earlier test's retries.
const T0 = Date.now();
const at = (ms: number) => new Date(T0 + ms);

const facts = (status: number, attemptedMs: number) => ({
  result: { status, timeMs: 1, bodyExcerpt: "", error: null },
  signature: "v1=x",
  timestamp: Math.floor((T0 + attemptedMs) / 1000),
  attemptedAt: at(attemptedMs),
  completedAt: at(attemptedMs + 1),
});
const fail = (c: ClaimedDelivery, attemptedMs: number) => recordAttempt(c, TYPE, facts(500, attemptedMs));
const succeed = (c: ClaimedDelivery, attemptedMs: number) => recordAttempt(c, TYPE, facts(200, attemptedMs));

/** An endpoint (plus one subscribed to the disabled event) with `n` claimed first attempts. */
async function endpointWithClaims(n: number) {
  const u = await makeUser();
  const ep = await endpointFor(u.accountId, "https://127.0.0.1:9/hook", ["weather.change_detected"]);
  await endpointFor(u.accountId, "https://127.0.0.1:9/ops", ["weather.webhook_endpoint_disabled"]);
  for (let i = 0; i < n; i++) await emitEvent({ accountId: u.accountId, type: "weather.change_detected", data: { i } });
  // Only this endpoint's (an earlier test may have left a disabled event due for its ops endpoint).
  const claims = (await claimDueDeliveries(t.db, n + 10)).filter((c) => c.endpointId === ep.webhook_id);
  expect(claims).toHaveLength(n);
  return { accountId: u.accountId, id: ep.webhook_id, claims };
}

beforeAll(async () => {
  // Two attempts per chain, the retry far away: a failure never exhausts its chain here.
  setWebhookEnv({ WEBHOOK_ALLOWED_HOSTS: "127.0.0.1", WEBHOOK_RETRY_SCHEDULE: "0,3600" });
  t = await createTestDatabase({ poolSize: 40 });
});
afterAll(async () => {
  await t.close();
  setWebhookEnv({ WEBHOOK_ALLOWED_HOSTS: undefined, WEBHOOK_RETRY_SCHEDULE: undefined });
});

describe("failure_count by attempt time", () => {
  it("50 failures recorded after a success but attempted before it do not count and cannot disable", async () => {
    const { accountId, id, claims } = await endpointWithClaims(51);
    expect((await succeed(claims[50], 1_000))?.status).toBe("delivered");
    for (let i = 0; i < 50; i++) expect((await fail(claims[i], i))?.status).toBe("retrying");
    expect(await endpointRow(id)).toMatchObject({
      status: "active",
      failureCount: 0,
      lastSuccessAttemptedAt: at(1_000),
    });
    expect(await eventsOfType(accountId, "weather.webhook_endpoint_disabled")).toHaveLength(0);
  });

  it("a success resets the count, but failures attempted after it (already recorded) stay counted", async () => {
    const { id, claims } = await endpointWithClaims(9);
    for (let i = 0; i < 5; i++) await fail(claims[i], 100 + i); // attempted at +100..+104
    expect((await endpointRow(id)).failureCount).toBe(5);
    await succeed(claims[5], 50); // attempted before all five: none of them is reset
    expect((await endpointRow(id)).failureCount).toBe(5);
    await succeed(claims[6], 102); // after the first three
    expect(await endpointRow(id)).toMatchObject({ failureCount: 2, lastSuccessAttemptedAt: at(102) });
    await succeed(claims[7], 60); // an older success recorded late changes nothing
    expect(await endpointRow(id)).toMatchObject({ failureCount: 2, lastSuccessAttemptedAt: at(102) });
    await fail(claims[8], 110);
    expect((await endpointRow(id)).failureCount).toBe(3);
  });
});

describeWithPostgres("failure_count by attempt time, records racing (real Postgres)", () => {
  it("60 failures after the latest success, recorded concurrently with 30 older ones, disable once at exactly 50", async () => {
    const { accountId, id, claims } = await endpointWithClaims(91);
    await succeed(claims[90], 1_000);
    // 60 failures attempted after the success and 30 before it, all recorded at once.
    const records = claims.slice(0, 90).map((c, i) => (i < 60 ? fail(c, 2_000 + i) : fail(c, i)));
    expect((await Promise.all(records)).every((r) => r?.status === "retrying")).toBe(true);

    // The last record to commit recounted every failure after the success, and only those.
    expect(await endpointRow(id)).toMatchObject({
      status: "disabled",
      disabledReason: "auto_disabled_consecutive_failures",
      failureCount: 60,
    });
    const events = await eventsOfType(accountId, "weather.webhook_endpoint_disabled");
    expect(events).toHaveLength(1);
    expect(events[0].data).toMatchObject({
      webhook_id: id,
      reason: "auto_disabled_consecutive_failures",
      consecutive_failures: 50,
    });
  });
});
