import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PGlite } from "@electric-sql/pglite";
import { countingDatabase } from "@/lib/db/testing/counting-pglite";
import { checkVisa } from "./check-visa";
import { listRulesForDestination } from "./list-rules";
import { seedVisaSample } from "./sample-data";

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
    await client.query(`UPDATE visa_requirements SET category = $1 WHERE passport = 'US' AND destination = 'FR' AND purpose = 'tourism'`, [next]);
    // The notification is delivered asynchronously: bounded poll, no fixed sleep.
    let seen = before.requirement?.category;
    for (let i = 0; i < 200 && seen !== next; i++) {
      seen = (await checkVisa(US_FR)).requirement?.category;
      if (seen !== next) await new Promise((r) => setTimeout(r, 5));
    }
    expect(seen).toBe(next);
  });
});
