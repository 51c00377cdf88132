import { describe, expect, it } from "vitest";
import { LEVEL_RANK, type RiskLevel } from "@/lib/weather/core";
import { remedyPhrase, remedyWordKey } from "./describe";

const LEVELS: RiskLevel[] = ["low", "watch", "warning"];
const KINDS = ["thunder", "rain", "wind", "other"] as const;
const COMPARATIVES = new Set(["drier", "calmer", "lower_risk"]);
const zone = "Europe/Lisbon";
const sat = { startMs: Date.parse("2027-05-08T09:00:00Z"), endMs: Date.parse("2027-05-08T14:00:00Z") };
const sun = { startMs: Date.parse("2027-05-09T09:00:00Z"), endMs: Date.parse("2027-05-09T14:00:00Z") };

// Issue 42 item 3: "to a drier Sunday" under a card that says warning.
describe("planner option wording agrees with the risk shown", () => {
  it("a comparative only when the option's level is below the current one; the level itself otherwise", () => {
    for (const kind of KINDS)
      for (const target of LEVELS)
        for (const current of LEVELS) {
          const key = remedyWordKey(kind, target, current);
          const better = LEVEL_RANK[target] < LEVEL_RANK[current];
          if (COMPARATIVES.has(key)) expect(better, `${kind} ${current} -> ${target}: ${key}`).toBe(true);
          if (target === "low") expect(key, `${kind} -> low`).not.toMatch(/^level_/);
          else if (!better) expect(key).toBe(`level_${target}`);
        }
  });

  it("reads 'warning Sun …' rather than 'drier Sun …' when Sunday is no better, in English and German", () => {
    expect(remedyPhrase("rain", "warning", sat, sun, zone, undefined, "en", "warning")).toMatch(/^warning Sun/);
    expect(remedyPhrase("rain", "watch", sat, sun, zone, undefined, "en", "warning")).toMatch(/^drier Sun/);
    expect(remedyPhrase("rain", "watch", sat, sun, zone, undefined, "en", "watch")).not.toMatch(/drier|better/);
    expect(remedyPhrase("wind", "watch", sat, sun, zone, undefined, "de", "watch")).not.toMatch(/ruhiger/);
    expect(remedyPhrase("rain", "low", sat, sun, zone, undefined, "en", "watch")).toMatch(/^dry Sun/);
  });
});
