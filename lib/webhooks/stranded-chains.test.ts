import { afterAll, beforeAll, beforeEach, afterEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-db";
import { queryOne } from "@/lib/db/sql";
import { makeUser } from "@/lib/testing/fixtures";
import { attemptDueDeliveries } from "./attempt-delivery";
import { emitEvent } from "@/lib/events/emit-event";
import { trustExtraCa } from "./post-signed";
import { repairStrandedChains } from "./repair-stranded";
import { overdueDeliveryIds } from "./sweep-overdue";
import { startReceiver, type Receiver } from "./testing/https-receiver";
import { attemptsOf, endpointFor, eventsOfType, setWebhookEnv, waitFor } from "./testing/helpers";

/**
 * Every way a chain could be left `pending` forever, each with its repair.
 * The first two are the reproduction: the emitter (e.g. the admin CLI)
 * and the worker run with different WEBHOOK_RETRY_SCHEDULE settings.
 */
let t: TestDatabase;
let rx: Receiver;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.close();
  setWebhookEnv({ WEBHOOK_ALLOWED_HOSTS: undefined, WEBHOOK_RETRY_SCHEDULE: undefined });
});
beforeEach(async () => {
  setWebhookEnv({ WEBHOOK_ALLOWED_HOSTS: "127.0.0.1" });
  rx = await startReceiver();
  trustExtraCa(rx.cert);
  rx.respond(() => ({ status: 500, body: "down" }));
});
afterEach(async () => rx.close());

interface Chain {
  status: string;
  attempts_made: number;
  max_attempts: number;
  next_attempt_at: Date | null;
}
const chain = async (id: string) =>
  (await queryOne<Chain>(
    t.db,
    sql`SELECT status, attempts_made, max_attempts, next_attempt_at FROM webhook_deliveries WHERE id = ${id}`,
  ))!;

/** Runs the delivery task (as a worker would) until the chain is terminal, bounded. */
async function runUntilTerminal(id: string): Promise<Chain> {
  return waitFor(async () => {
    await attemptDueDeliveries();
    const c = await chain(id);
    return c.status !== "pending" && c;
  }, `chain ${id} to end`);
}

async function failingChain(schedule: string) {
  const u = await makeUser();
  const ep = await endpointFor(u.accountId, rx.url("/down"), ["weather.change_detected"]);
  setWebhookEnv({ WEBHOOK_RETRY_SCHEDULE: schedule }); // the emitter's setting
  const { deliveryIds } = await emitEvent({ accountId: u.accountId, type: "weather.change_detected", data: { x: 1 } });
  return { u, ep, id: deliveryIds[0] };
}

describe("chains always end", () => {
  it("emitter on 8 attempts, worker on WEBHOOK_RETRY_SCHEDULE=0,1,1 (the issue's reproduction): all 8 attempts, then delivery_failed", async () => {
    const { u, ep, id } = await failingChain("0,0.01,0.01,0.01,0.01,0.01,0.01,0.01");
    setWebhookEnv({ WEBHOOK_RETRY_SCHEDULE: "0,1,1" }); // the worker's setting differs
    const end = await runUntilTerminal(id);
    expect(end).toMatchObject({ status: "giving_up", attempts_made: 8, max_attempts: 8, next_attempt_at: null });
    expect((await attemptsOf(ep.webhook_id)).map((a) => a.attemptNumber)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const failed = await eventsOfType(u.accountId, "weather.webhook_delivery_failed");
    expect(failed).toHaveLength(1);
    expect(failed[0].data).toMatchObject({ delivery_id: id, attempts: 8 });
  });

  it("emitter on 3 attempts, worker on 8: the chain ends after its own 3", async () => {
    const { u, id } = await failingChain("0,0.01,0.01");
    setWebhookEnv({ WEBHOOK_RETRY_SCHEDULE: "0,0,0,0,0,0,0,0" });
    expect(await runUntilTerminal(id)).toMatchObject({ status: "giving_up", attempts_made: 3 });
    expect(await eventsOfType(u.accountId, "weather.webhook_delivery_failed")).toHaveLength(1);
  });

  it("the delay before the next attempt comes from the chain's stored schedule, not the worker's", async () => {
    const { id } = await failingChain("0,3600");
    setWebhookEnv({ WEBHOOK_RETRY_SCHEDULE: "0,0" });
    await waitFor(async () => (await attemptDueDeliveries()) === 1 || undefined, "first attempt");
    const c = await chain(id);
    expect(c).toMatchObject({ status: "pending", attempts_made: 1 });
    const inMs = new Date(c.next_attempt_at!).getTime() - Date.now();
    expect(inMs).toBeGreaterThan(3600_000 * 0.75); // 1 h ± 20 % jitter
  });

  it("a pending chain with no next attempt (a row from before schedules were stored) is given one and then ends", async () => {
    const { u, id } = await failingChain("0,0,0");
    setWebhookEnv({ WEBHOOK_RETRY_SCHEDULE: "0,0,0" });
    await t.db.execute(
      sql`UPDATE webhook_deliveries SET attempts_made = 1, next_attempt_at = NULL, retry_schedule_ms = NULL WHERE id = ${id}`,
    );
    expect(await attemptDueDeliveries()).toBe(0); // stranded: nothing claims it
    expect(await repairStrandedChains()).toEqual({ rescheduled: 1, ended: 0 });
    expect(await runUntilTerminal(id)).toMatchObject({ status: "giving_up", attempts_made: 3 });
    expect(await eventsOfType(u.accountId, "weather.webhook_delivery_failed")).toHaveLength(1);
  });

  it("a pending chain with no attempts left is ended once, with delivery_failed, even when two sweepers race", async () => {
    const { u, id } = await failingChain("0,0,0");
    await t.db.execute(sql`UPDATE webhook_deliveries SET attempts_made = 3, next_attempt_at = NULL WHERE id = ${id}`);
    const results = await Promise.all([repairStrandedChains(), repairStrandedChains()]);
    expect(results.reduce((n, r) => n + r.ended, 0)).toBe(1);
    expect(await chain(id)).toMatchObject({ status: "giving_up", next_attempt_at: null });
    const failed = await eventsOfType(u.accountId, "weather.webhook_delivery_failed");
    expect(failed).toHaveLength(1);
    expect(failed[0].data).toMatchObject({ delivery_id: id, attempts: 3 });
    expect(await repairStrandedChains()).toEqual({ rescheduled: 0, ended: 0 });
  });

  it("a spent chain whose worker died holding the lease is ended only after the lease lapses", async () => {
    const { id } = await failingChain("0,0,0");
    await t.db.execute(
      sql`UPDATE webhook_deliveries SET attempts_made = 3, lease_id = gen_random_uuid(), next_attempt_at = now() + interval '1 minute' WHERE id = ${id}`,
    );
    expect((await repairStrandedChains()).ended).toBe(0);
    await t.db.execute(
      sql`UPDATE webhook_deliveries SET next_attempt_at = now() - interval '1 second' WHERE id = ${id}`,
    );
    expect((await repairStrandedChains()).ended).toBe(1);
  });

  it("a chain overdue past the bound (lost Inngest event, lapsed lease) is found for re-announcement and any local runner claims it", async () => {
    const { ep, id } = await failingChain("0,0,0");
    await t.db.execute(
      sql`UPDATE webhook_deliveries SET lease_id = gen_random_uuid(), next_attempt_at = now() - interval '10 minutes' WHERE id = ${id}`,
    );
    expect(await overdueDeliveryIds(500, 60)).toContain(id);
    await waitFor(async () => (await attemptDueDeliveries()) >= 1 || undefined, "the overdue chain to be claimed");
    expect((await attemptsOf(ep.webhook_id)).map((a) => a.attemptNumber)).toEqual([1]);
  });
});
