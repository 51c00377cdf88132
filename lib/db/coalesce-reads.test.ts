import { describe, expect, it } from "vitest";
import { coalescedReader } from "./coalesce-reads";

/** A reader over a fake store that records each batch it was asked for. */
function recorder(opts: { maxBatch?: number; fail?: (ks: number[]) => boolean } = {}) {
  const batches: number[][] = [];
  const read = coalescedReader<number, string>({
    key: (k) => String(k),
    maxBatch: opts.maxBatch,
    async read(ks) {
      batches.push(ks);
      if (opts.fail?.(ks)) throw new Error("statement failed");
      return new Map(ks.filter((k) => k >= 0).map((k) => [String(k), `v${k}`]));
    },
  });
  return { read, batches };
}

describe("coalescedReader", () => {
  it("one read per turn for distinct keys; equal keys share it; absent keys are undefined", async () => {
    const { read, batches } = recorder();
    const out = await Promise.all([read(1), read(2), read(1), read(-1)]);
    expect(out).toEqual(["v1", "v2", "v1", undefined]);
    expect(batches).toEqual([[1, 2, -1]]);
  });

  it("a later turn is a later batch", async () => {
    const { read, batches } = recorder();
    await read(1);
    await read(2);
    expect(batches).toEqual([[1], [2]]);
  });

  it("splits a turn into batches of at most maxBatch keys", async () => {
    const { read, batches } = recorder({ maxBatch: 2 });
    expect(await Promise.all([1, 2, 3, 4, 5].map(read))).toEqual(["v1", "v2", "v3", "v4", "v5"]);
    expect(batches).toEqual([[1, 2], [3, 4], [5]]);
  });

  it("a failed statement fails every read of its batch, and only of its batch", async () => {
    const { read } = recorder({ maxBatch: 2, fail: (ks) => ks.includes(3) });
    const r = await Promise.allSettled([read(1), read(2), read(3), read(4), read(3)]);
    expect(r.map((x) => x.status)).toEqual(["fulfilled", "fulfilled", "rejected", "rejected", "rejected"]);
    expect(await read(4)).toBe("v4");
  });
});
