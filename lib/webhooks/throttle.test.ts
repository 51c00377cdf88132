import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { webhookDeliveries } from "@/drizzle/schema";
import { makeUser } from "@/lib/testing/fixtures";
import { emitEvent } from "@/lib/events/emit-event";
import { attemptDueDeliveries } from "./attempt-delivery";
import { createEndpoint } from "./endpoints";
import { updateEndpoint } from "./manage-endpoint";
import { retryAfterSeconds, takeSendSlot } from "./pacing";
import { attemptsOf, endpointRow, eventsOfType, waitFor } from "./testing/helpers";
import { deliveryTestWorld } from "./testing/delivery-world";

/*
 * Issue 29 item 3 on real HTTPS deliveries: rate_limit_per_second paces deliveries (shared bucket
 * in the database; two workers here share it as two instances would), queued never dropped; a
 * receiver's 429 + Retry-After pauses the endpoint without counting as a failure; 410 disables it.
 */
const world = deliveryTestWorld("0,0,0");
const CHANGE = "weather.change_detected" as const;

/** Runs `workers` delivery loops at once (as that many instances would) until `done`. */
async function deliverUntil(done: () => boolean | Promise<boolean>, workers = 2, what = "deliveries"): Promise<void> {
  let stop = false;
  const loops = Array.from({ length: workers }, async () => {
    while (!stop) {
      await attemptDueDeliveries();
      await new Promise((r) => setTimeout(r, 20));
    }
  });
  try {
    await waitFor(async () => await done(), what, 120_000);
  } finally {
    stop = true;
    await Promise.all(loops);
  }
}

async function pendingDeliveries(endpointId: string): Promise<number> {
  const rows = await world.db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.status, "pending")));
  return rows.length;
}

describe("throttle: rate_limit_per_second", () => {
  it("5/s: across two workers the k-th of 100 events arrives no sooner than k/5 s after delivery starts; none dropped, none a failure; pacing is visible on the attempts", async () => {
    const u = await makeUser();
    const ep = await createEndpoint(u.accountId, {
      url: world.rx.url("/paced"),
      events: [CHANGE],
      rate_limit_per_second: 5,
    });
    expect(ep.rate_limit_per_second).toBe(5);
    const ids = new Set<string>();
    for (let i = 0; i < 100; i++)
      ids.add((await emitEvent({ accountId: u.accountId, type: CHANGE, data: { i } })).eventId);
    // No slot is taken before this (the first claim comes after it), so the k-th send's slot is at least k gaps later.
    const deliveryStart = Date.now();
    // Until the database has settled all 100 (a request the receiver has seen is not yet a recorded
    // attempt): a chain attempted twice or recorded as failed then shows in the checks below.
    await deliverUntil(async () => (await pendingDeliveries(ep.webhook_id)) === 0, 2, "100 settled deliveries");

    const got = world.rx.requests.map((r) => String(r.headers["webhook-id"]));
    expect(new Set(got)).toEqual(ids); // every event, none twice
    expect(got).toHaveLength(100);
    const times = world.rx.requests.map((r) => r.receivedAt).sort((a, b) => a - b);
    // The bucket's promise, whatever the machine's load: the k-th arrival is at or after the k-th slot.
    // (A rate over first-to-last arrival is not: a first send held up by a busy event loop shortens the
    // span, and 5.5/s was once measured that way under load 8.)
    // 2 ms for whole-millisecond clocks: a timer may fire up to 1 ms early by Date.now().
    const slotAtLeast = (k: number) => deliveryStart + k * 200 - 2;
    const early = times.flatMap((t, k) => (t < slotAtLeast(k) ? [{ k, early_ms: slotAtLeast(k) - t }] : []));
    expect(early).toEqual([]);
    const rate = (times.length - 1) / ((times.at(-1)! - times[0]) / 1000);
    // Burstiness at the receiver is printed, not asserted: the slots are spaced by the database (the
    // test below), but a stalled event loop on a loaded machine can release a few waiting sends together.
    const maxIn5s = Math.max(...times.map((t, i) => times.slice(i).filter((x) => x < t + 5000).length));
    console.log(
      `[throttle figures] ${JSON.stringify({ events: 100, rate_per_s: Math.round(rate * 100) / 100, max_in_any_5s: maxIn5s })}`,
    );

    const attempts = await attemptsOf(ep.webhook_id);
    expect(attempts).toHaveLength(100);
    expect(attempts.every((a) => a.status === "delivered" && a.attemptNumber === 1)).toBe(true);
    const queued = attempts.map((a) => a.attemptedAt.getTime() - a.scheduledAt.getTime()).sort((a, b) => a - b);
    expect(queued.at(-1)!).toBeGreaterThan(10_000); // the last ones waited ~20 s for their slot
    expect((await endpointRow(ep.webhook_id)).failureCount).toBe(0);
  });

  it("the shared bucket: 60 racing slot takers (as many instances would) get slots exactly 1/rate apart", async () => {
    const u = await makeUser();
    const ep = await createEndpoint(u.accountId, {
      url: world.rx.url("/slots"),
      events: [CHANGE],
      rate_limit_per_second: 5,
    });
    const slots = (await Promise.all(Array.from({ length: 60 }, () => takeSendSlot(ep.webhook_id, 5))))
      .map((d) => d.getTime())
      .sort((a, b) => a - b);
    const gaps = slots.slice(1).map((t, i) => t - slots[i]);
    // Each taker's slot is at least 200 ms after the previous one (the bucket has depth 1); all 60 span >= 11.8 s.
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(199);
    expect(slots.at(-1)! - slots[0]).toBeGreaterThanOrEqual(59 * 200 - 1);
  });

  it("PATCH sets and clears the limit; out-of-range values are refused", async () => {
    const u = await makeUser();
    const ep = await createEndpoint(u.accountId, { url: world.rx.url("/p"), events: [CHANGE] });
    expect(ep.rate_limit_per_second).toBeNull();
    expect(
      (await updateEndpoint(u.accountId, ep.webhook_id, { rate_limit_per_second: 20 })).rate_limit_per_second,
    ).toBe(20);
    expect(
      (await updateEndpoint(u.accountId, ep.webhook_id, { rate_limit_per_second: null })).rate_limit_per_second,
    ).toBeNull();
    const { UpdateWebhookInput } = await import("./manage-endpoint");
    for (const bad of [0, -1, 1.5, 1001, "5"])
      expect(UpdateWebhookInput.safeParse({ rate_limit_per_second: bad }).success).toBe(false);
  });
});

describe("receiver back-pressure", () => {
  it("429 + Retry-After pauses the endpoint for that long and is not a failure; the event then arrives once", async () => {
    const u = await makeUser();
    world.rx.respond((_r, i) => (i === 0 ? { status: 429, headers: { "retry-after": "1" } } : { status: 200 }));
    const ep = await createEndpoint(u.accountId, { url: world.rx.url("/busy"), events: [CHANGE] });
    const { eventId } = await emitEvent({ accountId: u.accountId, type: CHANGE, data: { n: 1 } });
    await attemptDueDeliveries();
    expect(world.rx.requests).toHaveLength(1);
    const paused = await endpointRow(ep.webhook_id);
    expect(paused.pausedUntil!.getTime()).toBeGreaterThan(world.rx.requests[0].receivedAt + 500);
    expect(paused.failureCount).toBe(0);
    expect(await attemptsOf(ep.webhook_id)).toHaveLength(0); // no attempt used

    await deliverUntil(() => world.rx.requests.length >= 2, 1);
    expect(world.rx.requests[1].receivedAt).toBeGreaterThanOrEqual(paused.pausedUntil!.getTime() - 50);
    expect(world.rx.requests[1].headers["webhook-id"]).toBe(eventId);
    const attempts = await attemptsOf(ep.webhook_id);
    expect(attempts.map((a) => [a.attemptNumber, a.status])).toEqual([[1, "delivered"]]);
    expect((await endpointRow(ep.webhook_id)).failureCount).toBe(0);
  });

  it("410 Gone disables the endpoint at once (auto_disabled_gone), announced to the account's other endpoints", async () => {
    const u = await makeUser();
    world.rx.respond((r) => (r.url === "/gone" ? { status: 410 } : { status: 200 }));
    const gone = await createEndpoint(u.accountId, { url: world.rx.url("/gone"), events: [CHANGE] });
    await createEndpoint(u.accountId, { url: world.rx.url("/ops"), events: ["weather.webhook_endpoint_disabled"] });
    await emitEvent({ accountId: u.accountId, type: CHANGE, data: { n: 1 } });
    await emitEvent({ accountId: u.accountId, type: CHANGE, data: { n: 2 } });
    await deliverUntil(() => world.rx.requests.some((r) => r.url === "/ops"), 1);
    await waitFor(async () => (await attemptDueDeliveries()) === 0, "queue drained");
    const row = await endpointRow(gone.webhook_id);
    expect([row.status, row.disabledReason]).toEqual(["disabled", "auto_disabled_gone"]);
    expect(world.rx.requests.filter((r) => r.url === "/gone").length).toBeLessThanOrEqual(2);
    expect((await eventsOfType(u.accountId, "weather.webhook_endpoint_disabled")).map((e) => e.data.reason)).toEqual([
      "auto_disabled_gone",
    ]);
  });

  it("reads Retry-After as seconds or an HTTP date, bounded", () => {
    const now = Date.parse("2026-11-25T07:00:00Z");
    expect(retryAfterSeconds("7", now)).toBe(7);
    expect(retryAfterSeconds("Wed, 25 Nov 2026 07:02:00 GMT", now)).toBe(120);
    expect(retryAfterSeconds(undefined, now)).toBe(60);
    expect(retryAfterSeconds("soon", now)).toBe(60);
    expect(retryAfterSeconds("0", now)).toBe(1);
    expect(retryAfterSeconds("999999", now)).toBe(3600);
  });
});
