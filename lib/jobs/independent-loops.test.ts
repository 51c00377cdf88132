import { describe, expect, it } from "vitest";
import { installMetricSources } from "@/lib/registry/metric-sources";
import { JOBS } from "@/lib/registry/job-table";
import { eq, sql } from "drizzle-orm";
import { watches } from "@/drizzle/schema";
import { queryOne } from "@/lib/db/sql";
import { makeUser } from "@/lib/testing/fixtures";
import { emitEvent } from "@/lib/events/emit-event";
import { deliveryTestWorld } from "@/lib/webhooks/testing/delivery-world";
import { endpointFor, waitFor, withWebhookEnv } from "@/lib/webhooks/testing/helpers";
import { createWatchVia, watchBody } from "@/lib/watches/testing/watch-fixtures";
import { metricsText } from "@/lib/platform/metrics";
import { localTasks, startLocalRunner, type PollTask } from "./local-runner";
import { jobStats } from "./runner-status";

const world = deliveryTestWorld("0,0,0");

/** A task whose every batch waits until released: a backlog that does not drain. */
function stuckTask(name: string) {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  let started = 0;
  const task: PollTask = {
    name,
    async run() {
      started++;
      await gate;
      return 0;
    },
  };
  return { task, release, started: () => started };
}

function countingTask(name: string) {
  let runs = 0;
  const task: PollTask = { name, run: async () => (runs++, 0) };
  return { task, runs: () => runs };
}

describe("every job runs in its own loop", () => {
  it("a task stuck in a batch does not stop another task's polls, in either order", async () => {
    for (const stuckFirst of [true, false]) {
      const stuck = stuckTask(`stuck-${stuckFirst}`);
      const other = countingTask(`other-${stuckFirst}`);
      const runner = startLocalRunner(stuckFirst ? [stuck.task, other.task] : [other.task, stuck.task], 10);
      try {
        await waitFor(async () => stuck.started() === 1, "the stuck batch to start");
        const before = other.runs();
        await waitFor(
          async () => other.runs() >= before + 5,
          "five more polls of the other task while the first is stuck",
        );
        expect(stuck.started()).toBe(1); // still inside its first batch
      } finally {
        stuck.release();
        await runner.stop();
      }
    }
  });

  it("a task's concurrency runs that many batches at once", async () => {
    let inFlight = 0;
    let peak = 0;
    let left = 12;
    const task: PollTask = {
      name: "parallel",
      concurrency: 3,
      async run() {
        if (left <= 0) return 0;
        left--;
        inFlight++;
        peak = Math.max(peak, inFlight);
        await new Promise((r) => setTimeout(r, 30));
        inFlight--;
        return 1;
      },
    };
    const runner = startLocalRunner([task], 10);
    try {
      await waitFor(async () => left === 0 && inFlight === 0, "the backlog to drain");
    } finally {
      await runner.stop();
    }
    expect(peak).toBe(3);
    expect(jobStats("parallel").items).toBe(12);
  });

  it("deliveries hanging on a receiver that never answers do not delay a due watch's refresh (real runner, real receiver)", async () => {
    // Hanging requests must outlast the test.
    await withWebhookEnv({ WEBHOOK_TIMEOUT_MS: "60000" }, async () => {
      const runner = { stop: async () => {} };
      try {
        world.rx.respond((r) => (r.url === "/never" ? { status: 200, hang: true } : { status: 200 }));
        const u = await makeUser({ plan: "starter", environment: "sandbox" });
        await endpointFor(u.accountId, world.rx.url("/never"), ["weather.change_detected"]);
        for (let i = 0; i < 40; i++)
          await emitEvent({ accountId: u.accountId, type: "weather.change_detected", data: { i } });
        const started = startLocalRunner(localTasks({ jobs: JOBS }), 50, { wake: true });
        runner.stop = () => started.stop();
        await waitFor(
          async () => world.rx.requests.filter((r) => r.url === "/never").length >= 32,
          "the receiver to hold 32 requests (the per-endpoint bound)",
        );

        // The delivery loop is now inside a batch that waits for 60 s timeouts. A watch created now is refreshed anyway.
        const { watch } = await createWatchVia(
          u,
          watchBody(
            { latitude: 61.5, longitude: 24.5, webhook_url: world.rx.url("/watch") },
            { startInHours: 2, hours: 3 },
          ),
        );
        const id = watch.watch_id;
        await waitFor(
          async () => (await world.db.select().from(watches).where(eq(watches.id, id)))[0]?.lastCheckedAt,
          "the watch to be refreshed",
        );
        const hanging = await queryOne<{ n: string }>(
          world.db,
          sql`SELECT count(*) AS n FROM webhook_deliveries d WHERE d.account_id = ${u.accountId} AND d.url LIKE '%/never' AND d.attempts_made = 0`,
        );
        expect(Number(hanging!.n)).toBe(40); // none of the hanging attempts has finished, yet the refresh happened

        installMetricSources();
        const { body } = await metricsText();
        expect(body).toMatch(/job_queue_depth\{job="webhook-delivery"\} \d+/);
        expect(body).toMatch(/job_oldest_due_age_seconds\{job="webhook-delivery"\} [\d.]+/);
        expect(body).toMatch(/job_runs_total\{job="watch-refresh"\} [1-9]/);
        expect(body).toMatch(/job_failures_total\{job="watch-refresh"\} 0/);
        expect(body).toMatch(/job_queue_depth\{job="trip-op-log-prune"\} 0/);
      } finally {
        await world.rx.close(); // ends the hanging requests so the delivery batch (and the runner) can stop
        await runner.stop();
      }
    });
  });
});
