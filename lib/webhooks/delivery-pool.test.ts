import { describe, expect, it } from "vitest";
import { KeyedPool } from "./delivery-pool";

/** A task that records how many of its key (and overall) run at once, then waits for `release`. */
function harness() {
  const running = new Map<string, number>();
  let overall = 0;
  const peak = { overall: 0, byKey: new Map<string, number>() };
  const gates: Array<() => void> = [];
  const order: string[] = [];
  const task = (key: string, label: string) => async () => {
    order.push(label);
    overall++;
    running.set(key, (running.get(key) ?? 0) + 1);
    peak.overall = Math.max(peak.overall, overall);
    peak.byKey.set(key, Math.max(peak.byKey.get(key) ?? 0, running.get(key)!));
    await new Promise<void>((r) => gates.push(r));
    overall--;
    running.set(key, running.get(key)! - 1);
  };
  const releaseAll = async () => {
    while (gates.length) {
      for (const g of gates.splice(0)) g();
      await new Promise((r) => setImmediate(r));
    }
  };
  return { task, peak, order, gates, releaseAll };
}

describe("KeyedPool (webhook delivery concurrency)", () => {
  it("never runs more than perKey of one endpoint nor more than overall in total", async () => {
    const h = harness();
    const pool = new KeyedPool(6, 2);
    for (let i = 0; i < 20; i++) pool.add(`e${i % 4}`, h.task(`e${i % 4}`, String(i)));
    expect(pool.outstanding).toBe(20);
    expect(h.gates).toHaveLength(6);
    const done = pool.drained();
    await h.releaseAll();
    await done;
    expect(h.order).toHaveLength(20);
    expect(h.peak.overall).toBe(6);
    expect(Math.max(...h.peak.byKey.values())).toBe(2);
    expect(pool.outstanding).toBe(0);
  });

  it("a busy endpoint does not hold up the others (no head-of-line blocking)", async () => {
    const h = harness();
    const pool = new KeyedPool(8, 2);
    for (let i = 0; i < 10; i++) pool.add("slow", h.task("slow", `slow${i}`));
    pool.add("other", h.task("other", "other0"));
    // Two of the slow endpoint run; the other endpoint's task starts at once behind eight queued ones.
    expect(h.order).toEqual(["slow0", "slow1", "other0"]);
    const done = pool.drained();
    await h.releaseAll();
    await done;
    expect(h.order).toHaveLength(11);
  });

  it("untilAtMost resolves once enough tasks finished; a rejecting task still frees its slot", async () => {
    const h = harness();
    const pool = new KeyedPool(4, 4);
    pool.add("x", async () => {
      throw new Error("handled by the caller in real use");
    });
    for (let i = 0; i < 4; i++) pool.add("x", h.task("x", String(i)));
    await pool.untilAtMost(4);
    expect(pool.outstanding).toBe(4);
    const room = pool.untilAtMost(2);
    h.gates.shift()!();
    h.gates.shift()!();
    await room;
    expect(pool.outstanding).toBeLessThanOrEqual(2);
    const done = pool.drained();
    await h.releaseAll();
    await done;
  });

  it("a task that gives its key's slot back lets the next task of that key start, while the overall bound still counts it", async () => {
    const pool = new KeyedPool(3, 1);
    const started: string[] = [];
    const answered: Array<() => void> = [];
    const recorded: Array<() => void> = [];
    // Like a delivery: wait for the endpoint's answer, give the key back, then wait for the record.
    const delivery = (label: string) => async (releaseKey: () => void) => {
      started.push(label);
      await new Promise<void>((r) => answered.push(r));
      releaseKey();
      releaseKey(); // a second call changes nothing
      await new Promise<void>((r) => recorded.push(r));
    };
    for (let i = 0; i < 5; i++) pool.add("e", delivery(`d${i}`));
    expect(started).toEqual(["d0"]);
    answered.shift()!();
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual(["d0", "d1"]);
    answered.shift()!();
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual(["d0", "d1", "d2"]);
    // Three are outstanding (two recording, one waiting for its answer): the overall bound holds d3.
    answered.shift()!();
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual(["d0", "d1", "d2"]);
    expect(pool.outstanding).toBe(5);
    recorded.shift()!();
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual(["d0", "d1", "d2", "d3"]);
    const done = pool.drained();
    while (answered.length || recorded.length || started.length < 5) {
      for (const f of answered.splice(0)) f();
      for (const f of recorded.splice(0)) f();
      await new Promise((r) => setImmediate(r));
    }
    await done;
    expect(started).toHaveLength(5);
    expect(pool.outstanding).toBe(0);
  });

  it("a key given back before the task's first await starts the next task of that key at once", async () => {
    const pool = new KeyedPool(4, 1);
    const started: string[] = [];
    const gates: Array<() => void> = [];
    for (let i = 0; i < 3; i++) {
      pool.add("e", async (releaseKey) => {
        started.push(`t${i}`);
        releaseKey();
        await new Promise<void>((r) => gates.push(r));
      });
    }
    expect(started).toEqual(["t0", "t1", "t2"]);
    expect(pool.outstanding).toBe(3);
    const done = pool.drained();
    for (const g of gates.splice(0)) g();
    await done;
    expect(pool.outstanding).toBe(0);
  });
});
