import { describe, expect, it } from "vitest";
import { JOBS } from "@/lib/registry/job-table";
import { makeUser } from "@/lib/testing/fixtures";
import { emitEvent } from "@/lib/events/emit-event";
import { deliveryTestWorld } from "@/lib/webhooks/testing/delivery-world";
import { endpointFor, waitFor } from "@/lib/webhooks/testing/helpers";
import { CHANNELS, wake } from "@/lib/db/notify";
import { localTasks, runnerStatus, startLocalRunner } from "./local-runner";

const world = deliveryTestWorld("0,0,0", { receiverPerFile: true });

const HOUR = 3600_000;

describe("local runner wake-up", () => {
  it("a delivery enqueued while the runner sleeps is sent on the NOTIFY, without waiting for the (hour-long) poll", async () => {
    const u = await makeUser();
    await endpointFor(u.accountId, world.rx.url("/wake"), ["weather.change_detected"]);
    const runner = startLocalRunner(localTasks({ jobs: JOBS }), HOUR, { wake: true });
    try {
      await waitFor(async () => runnerStatus().wakeListening, "the runner to LISTEN");
      for (let i = 0; i < 5; i++) {
        const { eventId } = await emitEvent({ accountId: u.accountId, type: "weather.change_detected", data: { i } });
        await waitFor(
          async () => world.rx.requests.some((r) => r.headers["x-service-event-id"] === eventId),
          `event ${i} to be delivered`,
          20_000,
        );
      }
      expect(world.rx.requests).toHaveLength(5);
      expect(runnerStatus().lastOkAt).not.toBeNull();
    } finally {
      await runner.stop();
    }
    expect(runnerStatus()).toMatchObject({ running: false, wakeListening: false });
  });

  it("work enqueued before the runner listens is sent as soon as it listens, not at the (hour-long) poll", async () => {
    const u = await makeUser();
    await endpointFor(u.accountId, world.rx.url("/before-listen"), ["weather.change_detected"]);
    const { eventId } = await emitEvent({
      accountId: u.accountId,
      type: "weather.change_detected",
      data: { early: true },
    });
    await wake(CHANNELS.work, "webhook-delivery"); // resolves once every wake-up so far has been sent: all before LISTEN
    const runner = startLocalRunner(localTasks({ jobs: JOBS }), HOUR, { wake: true });
    try {
      await waitFor(
        async () => world.rx.requests.some((r) => r.headers["x-service-event-id"] === eventId),
        "the event enqueued before LISTEN",
        20_000,
      );
    } finally {
      await runner.stop();
    }
  });

  it("without wake the same runner sends nothing before its poll (the control)", async () => {
    const u = await makeUser();
    await endpointFor(u.accountId, world.rx.url("/nowake"), ["weather.change_detected"]);
    const before = world.rx.requests.length;
    const runner = startLocalRunner(localTasks({ jobs: JOBS }), HOUR, { wake: false });
    const { eventId } = await emitEvent({ accountId: u.accountId, type: "weather.change_detected", data: {} });
    // Prove a later wake-capable runner does get it, so nothing else was in the way.
    const woke = startLocalRunner(localTasks({ jobs: JOBS }), HOUR, { wake: true });
    await waitFor(async () => runnerStatus().wakeListening, "LISTEN");
    const nudge = await emitEvent({ accountId: u.accountId, type: "weather.change_detected", data: { nudge: true } });
    // Deliveries run concurrently, so the two may arrive in either order: wait for both.
    const delivered = (id: string) => world.rx.requests.some((r) => r.headers["x-service-event-id"] === id);
    await waitFor(async () => delivered(eventId) && delivered(nudge.eventId), "both events via the woken runner");
    await runner.stop();
    await woke.stop();
    expect(world.rx.requests.length - before).toBe(2);
  });
});
