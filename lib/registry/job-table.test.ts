import { describe, expect, it } from "vitest";
import { functions } from "@/inngest";
import { JOBS } from "./job-table";
import { localTasks } from "@/lib/jobs/local-runner";
import { cronOf, nextSlot, type Cadence } from "@/lib/jobs/schedule";

interface FnOpts {
  id: string;
  triggers?: Array<{ cron?: string; event?: string }>;
}
const inngestFns = functions.map((f) => (f as unknown as { opts: FnOpts }).opts);

describe("one job table drives both runners", () => {
  it("every Inngest function belongs to a job, and every job has an Inngest function", () => {
    const claimed = new Map<string, string>();
    for (const j of JOBS) {
      const ids = j.inngest.kind === "generated" ? [j.name] : j.inngest.functionIds;
      for (const id of ids) claimed.set(id, j.name);
    }
    expect(new Set(JOBS.map((j) => j.name)).size).toBe(JOBS.length);
    expect(inngestFns.map((f) => f.id).sort()).toEqual([...claimed.keys()].sort());
  });

  it("cron jobs have the same cadence on Inngest as in the local runner", () => {
    for (const j of JOBS) {
      if (j.trigger.kind !== "cron") continue;
      const fn = inngestFns.find((f) => f.id === j.name);
      expect(fn, j.name).toBeDefined();
      expect(fn!.triggers, j.name).toEqual([{ cron: cronOf(j.trigger.cadence) }]);
    }
  });

  it("the local runner has exactly the table's jobs, and only queue jobs that ask for it are woken by NOTIFY", () => {
    expect(localTasks({ jobs: JOBS }).map((t) => t.name)).toEqual(JOBS.map((j) => j.name));
    expect(
      localTasks({ jobs: JOBS })
        .filter((t) => t.wakeOnNotify)
        .map((t) => t.name),
    ).toEqual(["webhook-delivery"]);
  });

  it("a local cron task runs once per slot of its cadence, like cron (simulated clock over a day)", async () => {
    for (const j of JOBS) {
      if (j.trigger.kind !== "cron") continue;
      const cadence = j.trigger.cadence;
      let clock = new Date("2026-03-01T00:00:30Z");
      const runs: string[] = [];
      const [task] = localTasks({
        jobs: [{ ...j, run: async () => (runs.push(clock.toISOString()), 0) }],
        now: () => clock,
      });
      for (let m = 0; m < 24 * 60; m++) {
        clock = new Date(Date.parse("2026-03-01T00:00:30Z") + m * 60_000);
        await task.run();
      }
      expect(runs, j.name).toEqual(expectedSlots(cadence));
    }
  });

  it("nextSlot matches the cron expression's next firing", () => {
    const at = new Date("2026-03-01T10:41:00Z");
    expect(nextSlot({ every: "minute" }, at).toISOString()).toBe("2026-03-01T10:42:00.000Z");
    expect(nextSlot({ every: "hour", minute: 41 }, at).toISOString()).toBe("2026-03-01T11:41:00.000Z");
    expect(nextSlot({ every: "hour", minute: 45 }, at).toISOString()).toBe("2026-03-01T10:45:00.000Z");
    expect(nextSlot({ every: "day", hour: 3, minute: 17 }, at).toISOString()).toBe("2026-03-02T03:17:00.000Z");
    expect(nextSlot({ every: "day", hour: 23, minute: 0 }, at).toISOString()).toBe("2026-03-01T23:00:00.000Z");
    expect(cronOf({ every: "day", hour: 3, minute: 17 })).toBe("17 3 * * *");
  });
});

/** Minutes of 2026-03-01 (sampled at :30 s) at which cron would have fired since the previous sample. */
function expectedSlots(c: Cadence): string[] {
  const out: string[] = [];
  for (let m = 1; m < 24 * 60; m++) {
    const h = Math.floor(m / 60);
    const min = m % 60;
    const fires =
      c.every === "minute" ||
      (c.every === "hour" && min === c.minute) ||
      (c.every === "day" && h === c.hour && min === c.minute);
    if (fires) out.push(new Date(Date.parse("2026-03-01T00:00:30Z") + m * 60_000).toISOString());
  }
  return out;
}
