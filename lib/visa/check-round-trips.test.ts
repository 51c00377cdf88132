import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PGlite } from "@electric-sql/pglite";
import { countingDatabase } from "@/lib/db/testing/counting-pglite";
import { checkVisa } from "./check-visa";
import { listRulesForDestination } from "./list-rules";
import { seedVisaSample } from "./sample-data";
import { consumeVisaUnit } from "./consume-visa-unit";
import { createVisaKey } from "./visa-keys";
import { makeUser } from "@/lib/testing/fixtures";

let statements: string[];
let client: PGlite;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ statements, client, close } = await countingDatabase());
  await seedVisaSample();
});
afterAll(() => close());

const US_FR = { nationality: "US", destination: "FR", purpose: "tourism" as const };

describe("visa data served from memory", () => {
  it("a check and a rules list cost no statement once the snapshot is loaded", async () => {
    const first = await checkVisa(US_FR);
    expect(first.status).toBe("known");
    statements.length = 0;
    const again = await checkVisa(US_FR);
    const rules = await listRulesForDestination("FR");
    expect(statements).toEqual([]);
    expect(again).toEqual(first);
    expect(rules.count).toBeGreaterThan(0);
    expect(rules.rules.every((r) => r.effectiveDate)).toBe(true);
  });

  it("a write from outside this code (plain SQL) reaches the next checks through the trigger's NOTIFY", async () => {
    const before = await checkVisa(US_FR);
    const next = before.requirement?.category === "no_admission" ? "visa_required" : "no_admission";
    await client.query(
      `UPDATE visa_requirements SET category = $1 WHERE passport = 'US' AND destination = 'FR' AND purpose = 'tourism'`,
      [next],
    );
    // The notification is delivered asynchronously: bounded poll, no fixed sleep.
    let seen = before.requirement?.category;
    for (let i = 0; i < 200 && seen !== next; i++) {
      seen = (await checkVisa(US_FR)).requirement?.category;
      if (seen !== next) await new Promise((r) => setTimeout(r, 5));
    }
    expect(seen).toBe(next);
  });
});

describe("visa units of one key: group commit", () => {
  it("concurrent calls share statements, each gets its own unit, and exactly the limit succeeds", async () => {
    const u = await makeUser();
    const { key } = await createVisaKey({ accountId: u.accountId, userId: u.userId }, { name: "gc", hourlyLimit: 30 });
    const now = new Date();
    statements.length = 0;
    const first = await Promise.all(Array.from({ length: 20 }, () => consumeVisaUnit(key, now)));
    // The first call's statement, then one statement for the 19 that queued behind it.
    expect(statements.filter((q) => /visa_usage_windows/.test(q))).toHaveLength(2);
    // 20 more against the 10 left: the batch does not fit, so one by one: exactly 10 succeed.
    const results = [...first, ...(await Promise.all(Array.from({ length: 20 }, () => consumeVisaUnit(key, now))))];
    const allowed = results.filter((r) => r.outcome === "allowed");
    expect(allowed).toHaveLength(30);
    expect(results.filter((r) => r.outcome === "limited")).toHaveLength(10);
    // Every success took its own unit: used 1..30 once each (so X-RateLimit-Remaining counts down).
    expect(allowed.map((r) => ("used" in r ? r.used : 0)).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 30 }, (_, i) => i + 1),
    );
  });
});
