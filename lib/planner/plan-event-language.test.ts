import { describe, expect, it } from "vitest";
import { planEvent } from "./plan-event";
import { ev, rainBetween, syntheticForecast } from "./testing/synthetic-forecast";
import type { PlannerPlace } from "./types";

// Issue 38 item 8: everything a reviewer reads in an option is in the trip's language, including
// the travel estimate in `checks` and the current window's risk reasons (from the risk engine).
const NOW = new Date("2026-05-01T06:00:00Z");
const L = (local: string) => `${local}+01:00`;
const hotel: PlannerPlace = { lat: 38.7139, lng: -9.1394, zone: "Europe/Lisbon", name: "Baixa" };
const sintra: PlannerPlace = { lat: 38.7876, lng: -9.3904, zone: "Europe/Lisbon", name: "Sintra" };

function planHike(lang: string | undefined) {
  const stay = ev("accommodation", "Hotel", L("2026-05-01T15:00:00"), L("2026-05-04T11:00:00"), { place: hotel });
  const hike = ev("activity", "Sintra hike", L("2026-05-02T12:00:00"), L("2026-05-02T14:00:00"), { place: sintra });
  const forecast = syntheticForecast(
    "2026-05-01T00:00:00Z",
    96,
    rainBetween(L("2026-05-02T11:00:00"), L("2026-05-02T14:00:00"), 8),
  );
  return planEvent({ event: hike, others: [stay], forecast, now: NOW, maxOptions: 3, lang });
}

describe("planner option language beyond labels and reasons", () => {
  it("English: the estimate names mode, speed, road distance and the detour factor", () => {
    const res = planHike("en");
    expect(res.status).toBe("options");
    const before = res.options[0].checks.before!;
    expect(before.estimate).toMatch(/^car \d+ km\/h, \d+ km \(straight line x1\.3\)$/);
    expect(res.current.reasons.join(" ")).toMatch(/[a-z]/);
  });

  it.each([
    ["de", /^Auto \d+ km\/h, \d+ km \(Luftlinie x1\.3\)$/],
    ["fr", /^voiture \d+ km\/h, \d+ km \(à vol d'oiseau x1\.3\)$/],
    ["ja", /^車 \d+ km\/h、\d+ km（直線距離 x1\.3）$/],
  ])("%s: the travel estimate and the current risk reasons are translated", (lang, estimate) => {
    const en = planHike("en");
    const res = planHike(lang);
    expect(res.options.length).toBe(en.options.length);
    expect(res.options[0].checks.before!.estimate).toMatch(estimate);
    // Same judgement, other words: the reasons differ from English but there are as many.
    expect(res.current.reasons.length).toBe(en.current.reasons.length);
    expect(res.current.reasons).not.toEqual(en.current.reasons);
  });
});
