import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { queryOne } from "@/lib/db/sql";
import { makeUser } from "@/lib/testing/fixtures";
import { attemptDueDeliveries } from "./attempt-delivery";
import { claimDueDeliveries, leaseMs, renewLeases, WORKER_LOST } from "./claim-deliveries";
import { emitEvent } from "@/lib/events/emit-event";
import { markAttemptStarted } from "./mark-attempt-started";
import { repairStrandedChains } from "./repair-stranded";
import {
  attemptsOf,
  endpointFor,
  endpointRow,
  eventsOfType,
  setWebhookEnv,
  waitFor,
  withWebhookEnv,
} from "./testing/helpers";
import { deliveryTestWorld } from "./testing/delivery-world";

/*
 * Issue 27 item 5, in process: leases follow the worker (a heartbeat renews a short lease while
 * the attempt runs), and an attempt cut off by a dead worker is recorded as failed, "worker lost",
 * by the claim that takes its chain back. The kill -9 itself is in test/multi/faults.test.ts.
 */
const world = deliveryTestWorld("0,0,0");
const CHANGE = "weather.change_detected" as const;

beforeAll(() => setWebhookEnv({ WORK_LEASE_MS: "1000" }));
afterAll(() => setWebhookEnv({ WORK_LEASE_MS: undefined }));

/** A dead worker: its lease lapses without a heartbeat (as one lease after a kill -9). */
async function lapse(deliveryId: string): Promise<void> {
  await (
    await getDb()
  ).execute(
    sql`UPDATE webhook_deliveries SET next_attempt_at = now() - interval '1 millisecond' WHERE id = ${deliveryId}::uuid`,
  );
}

async function chainOf(deliveryId: string) {
  return (await queryOne<{
    status: string;
    attempts_made: number;
    lease_id: string | null;
    attempt_started_at: Date | null;
  }>(
    await getDb(),
    sql`SELECT status, attempts_made, lease_id, attempt_started_at FROM webhook_deliveries WHERE id = ${deliveryId}::uuid`,
  ))!;
}

async function oneChain(path: string) {
  const u = await makeUser();
  const ep = await endpointFor(u.accountId, world.rx.url(path), [CHANGE]);
  const { eventId } = await emitEvent({ accountId: u.accountId, type: CHANGE, data: { n: 1 } });
  const claims = (await claimDueDeliveries(await getDb(), 100)).filter((c) => c.eventId === eventId);
  expect(claims).toHaveLength(1);
  return { u, ep, claim: claims[0] };
}

describe("leases that follow the worker", () => {
  it("an attempt that started and lost its worker is recorded as failed (worker lost) on reclaim; the retry goes out at once and succeeds", async () => {
    const { ep, claim } = await oneChain("/lost");
    await markAttemptStarted(claim);
    expect((await chainOf(claim.id)).attempt_started_at).not.toBeNull();
    await lapse(claim.id);

    const [again] = (await claimDueDeliveries(await getDb(), 100)).filter((c) => c.id === claim.id);
    expect(again.attemptNumber).toBe(2);
    expect(again.leaseId).not.toBe(claim.leaseId);
    const lost = await attemptsOf(ep.webhook_id);
    expect(lost.map((a) => [a.attemptNumber, a.status, a.responseStatus, a.errorMessage])).toEqual([
      [1, "retrying", 0, WORKER_LOST],
    ]);
    expect(lost[0].nextRetryAt).not.toBeNull();
    // Not the receiver's fault: no failure counted against the endpoint.
    expect((await endpointRow(ep.webhook_id)).failureCount).toBe(0);

    // The old worker's late record is refused by the lease guard; the new holder's lands as attempt 2.
    await lapse(claim.id);
    expect(await attemptDueDeliveries()).toBeGreaterThanOrEqual(1);
    const attempts = await attemptsOf(ep.webhook_id);
    expect(attempts.map((a) => [a.attemptNumber, a.status]).sort()).toEqual([
      [1, "retrying"],
      [2, "delivered"],
    ]);
    expect(world.rx.requests).toHaveLength(1); // the reclaim made exactly one request
  });

  it("a claimed chain whose attempt never started is taken back with the same attempt number and nothing recorded", async () => {
    const { ep, claim } = await oneChain("/queued");
    await lapse(claim.id);
    const [again] = (await claimDueDeliveries(await getDb(), 100)).filter((c) => c.id === claim.id);
    expect(again.attemptNumber).toBe(1);
    expect(await attemptsOf(ep.webhook_id)).toEqual([]);
  });

  it("a lost last attempt ends the chain as giving_up (once, with weather.webhook_delivery_failed), never claimed again", async () => {
    const { u, ep, claim } = await oneChain("/last");
    await (
      await getDb()
    ).execute(sql`UPDATE webhook_deliveries SET attempts_made = max_attempts - 1 WHERE id = ${claim.id}::uuid`);
    const last = { ...claim, attemptNumber: claim.maxAttempts };
    await markAttemptStarted(last);
    await lapse(claim.id);
    expect((await claimDueDeliveries(await getDb(), 100)).filter((c) => c.id === claim.id)).toEqual([]);
    const attempts = await attemptsOf(ep.webhook_id);
    expect(attempts.map((a) => [a.attemptNumber, a.status, a.errorMessage])).toEqual([
      [claim.maxAttempts, "giving_up", WORKER_LOST],
    ]);
    expect((await repairStrandedChains()).ended).toBeGreaterThanOrEqual(1);
    expect((await chainOf(claim.id)).status).toBe("giving_up");
    expect(await eventsOfType(u.accountId, "weather.webhook_delivery_failed")).toHaveLength(1);
    expect(world.rx.requests).toHaveLength(0);
  });

  it("the heartbeat renews only leases still held: a lease taken over is never extended", async () => {
    const { claim } = await oneChain("/renew");
    const before = (await queryOne<{ until: Date }>(
      await getDb(),
      sql`SELECT next_attempt_at AS until FROM webhook_deliveries WHERE id = ${claim.id}::uuid`,
    ))!.until;
    await renewLeases(await getDb(), [{ id: claim.id, leaseId: claim.leaseId }]);
    const renewed = (await queryOne<{ until: Date; lease: string }>(
      await getDb(),
      sql`SELECT next_attempt_at AS until, lease_id AS lease FROM webhook_deliveries WHERE id = ${claim.id}::uuid`,
    ))!;
    expect(new Date(renewed.until).getTime()).toBeGreaterThanOrEqual(new Date(before).getTime());
    await lapse(claim.id);
    const [taken] = (await claimDueDeliveries(await getDb(), 100)).filter((c) => c.id === claim.id);
    await lapse(claim.id);
    await renewLeases(await getDb(), [{ id: claim.id, leaseId: claim.leaseId }]); // the old holder's beat
    const after = (await queryOne<{ due: boolean; lease: string }>(
      await getDb(),
      sql`SELECT next_attempt_at <= now() AS due, lease_id AS lease FROM webhook_deliveries WHERE id = ${claim.id}::uuid`,
    ))!;
    expect(after).toEqual({ due: true, lease: taken.leaseId });
  });

  it(`an attempt outlasting the lease (${3000} ms receiver timeout, 1 s lease) keeps its chain: a second worker polling meanwhile never takes it`, async () => {
    expect(leaseMs()).toBe(1000);
    await withWebhookEnv({ WEBHOOK_TIMEOUT_MS: "3000" }, async () => {
      const u = await makeUser();
      world.rx.respond(() => ({ status: 200, hang: true }));
      const ep = await endpointFor(u.accountId, world.rx.url("/slow"), [CHANGE]);
      const { eventId } = await emitEvent({ accountId: u.accountId, type: CHANGE, data: { n: 1 } });
      // The timeout's retry is due in an hour, not at once (this file's schedule): otherwise the second
      // worker may claim the retry between its record and the end of the first pass, a second send
      // that is not the lease's doing. Now only a lapsed lease could send it again.
      await (
        await getDb()
      ).execute(sql`UPDATE webhook_deliveries SET retry_schedule_ms = '{3600000}' WHERE event_id = ${eventId}::uuid`);
      const first = attemptDueDeliveries();
      await waitFor(async () => world.rx.requests.length >= 1 || undefined, "the slow attempt to reach the receiver");
      // A second worker polls through the whole attempt (three leases long).
      let polling = true;
      const second = (async () => {
        while (polling) {
          await attemptDueDeliveries();
          await new Promise((r) => setTimeout(r, 100));
        }
      })();
      await first;
      polling = false;
      await second;
      // The second worker would have sent it again (this receiver hangs every request).
      expect(world.rx.requests.filter((r) => r.url === "/slow")).toHaveLength(1);
      const attempts = await attemptsOf(ep.webhook_id);
      expect(attempts.map((a) => [a.attemptNumber, a.status, a.responseStatus])).toEqual([[1, "retrying", 0]]); // the timeout, recorded by its own worker
      expect(attempts[0].errorMessage).not.toBe(WORKER_LOST);
    });
  });
});
