import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countingDatabase } from "@/lib/db/testing/counting-pglite";
import { isApiError } from "@/lib/http/errors";
import { makeUser, type TestUser } from "@/lib/testing/fixtures";
import { createWatchVia } from "@/lib/watches/testing/watch-fixtures";
import { getWatch, listWatches } from "./read-watches";

/*
 * Watch reads in flight together share one statement (lib/db/coalesce-reads.ts); each still
 * answers as if read alone, and ownership is decided per pair inside the batch.
 */
let statements: string[];
let close: () => Promise<void>;
let a: TestUser;
let b: TestUser;
let wa: string;
let wa2: string;
let wb: string;

beforeAll(async () => {
  ({ statements, close } = await countingDatabase());
  a = await makeUser({ plan: "pro" });
  b = await makeUser({ plan: "pro" });
  wa = (await createWatchVia(a)).watch.watch_id;
  wa2 = (await createWatchVia(a)).watch.watch_id;
  wb = (await createWatchVia(b)).watch.watch_id;
});
afterAll(() => close());

const watchStatements = () => statements.filter((q) => /from "watches"/i.test(q));
const notFound = (r: PromiseSettledResult<unknown>) =>
  r.status === "rejected" && isApiError(r.reason) && r.reason.code === "not_found";
const watchIdOf = (r: PromiseSettledResult<{ text: string }>) =>
  r.status === "fulfilled" ? JSON.parse(r.value.text).watch_id : r.reason;

describe("coalesced watch reads", () => {
  it("reads asked for in one turn are one statement; each gets its own owner's answer", async () => {
    statements.length = 0;
    const missing = "00000000-0000-4000-8000-000000000000";
    const r = await Promise.allSettled([
      getWatch(a.accountId, wa),
      getWatch(a.accountId, wa), // the same read twice
      getWatch(b.accountId, wa), // another account's watch, in the same batch
      getWatch(a.accountId, missing),
      getWatch(a.accountId, wa2.toUpperCase()),
      getWatch(b.accountId, wb),
      getWatch(a.accountId, "not-a-uuid"),
    ]);
    expect(watchStatements()).toHaveLength(1);
    expect(watchIdOf(r[0])).toBe(wa);
    expect(watchIdOf(r[1])).toBe(wa);
    expect(notFound(r[2])).toBe(true);
    expect(notFound(r[3])).toBe(true);
    expect(watchIdOf(r[4])).toBe(wa2);
    expect(watchIdOf(r[5])).toBe(wb);
    expect(notFound(r[6])).toBe(true);
  });

  it("a batched read equals the read alone", async () => {
    const alone = (await getWatch(b.accountId, wb)).text;
    const [together] = await Promise.all([getWatch(b.accountId, wb), getWatch(a.accountId, wa)]);
    expect(together.text).toBe(alone);
  });

  it("reads in different turns are different statements", async () => {
    statements.length = 0;
    await getWatch(a.accountId, wa);
    await getWatch(a.accountId, wa);
    expect(watchStatements()).toHaveLength(2);
  });

  it("first pages in one turn are one statement, each the page its account would get alone", async () => {
    const aloneA = (await listWatches(a.accountId, { limit: 20 })).text;
    const aloneA1 = (await listWatches(a.accountId, { limit: 1 })).text;
    const aloneB = (await listWatches(b.accountId, { limit: 20 })).text;
    expect(JSON.parse(aloneA).watches).toHaveLength(2);
    expect(JSON.parse(aloneA1)).toMatchObject({ has_more: true, watches: [{ watch_id: wa2 }] });
    expect(JSON.parse(aloneB).watches.map((w: { watch_id: string }) => w.watch_id)).toEqual([wb]);
    statements.length = 0;
    const pages = await Promise.all([
      listWatches(a.accountId, { limit: 20 }),
      listWatches(b.accountId, { limit: 20 }),
      listWatches(a.accountId, { limit: 1 }),
      listWatches(a.accountId, { limit: 20 }),
    ]);
    expect(watchStatements()).toHaveLength(1);
    expect(pages.map((p) => p.text)).toEqual([aloneA, aloneB, aloneA1, aloneA]);
  });

  it("a filtered or later page is read on its own, not batched", async () => {
    const first = JSON.parse((await listWatches(a.accountId, { limit: 1 })).text);
    statements.length = 0;
    const [next, active] = await Promise.all([
      listWatches(a.accountId, { limit: 1, cursor: first.next_cursor }),
      listWatches(a.accountId, { limit: 20, status: "active" }),
    ]);
    expect(watchStatements()).toHaveLength(2);
    expect(JSON.parse(next.text).watches.map((w: { watch_id: string }) => w.watch_id)).toEqual([wa]);
    expect(JSON.parse(active.text).watches).toHaveLength(2);
  });
});
