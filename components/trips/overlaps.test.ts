import { describe, expect, it } from "vitest";
import { proposalOverlaps } from "./overlaps";
import type { Proposal, TripEvent } from "./types";

const dinner = {
  id: 7,
  title: "Dinner",
  startDateTime: "2026-05-05T20:00:00+01:00",
  endDateTime: "2026-05-05T22:00:00+01:00",
} as TripEvent;
const proposal = {
  entities: [{ type: "activity", title: "Fado show" }],
  options: [
    {
      id: "early",
      score: 1,
      rank: 1,
      schedule: [
        { entity_index: 0, startDateTime: "2026-05-05T18:00:00+01:00", endDateTime: "2026-05-05T19:30:00+01:00" },
      ],
    },
    { id: "late", score: 0.5, rank: 2, schedule: [{ entity_index: 0, startDateTime: "2026-05-05T21:00:00+01:00" }] },
  ],
} as unknown as Proposal;

describe("proposalOverlaps", () => {
  it("flags the option that lands during dinner and not the one that ends before it", () => {
    expect(proposalOverlaps(proposal, "late", [dinner])).toEqual([{ entity: "Fado show", event: dinner }]);
    expect(proposalOverlaps(proposal, "early", [dinner])).toEqual([]);
  });
  it("treats an event without an end as one hour long, and touching ends as no overlap", () => {
    const lunch = { id: 8, title: "Lunch", startDateTime: "2026-05-05T19:30:00+01:00", endDateTime: null } as TripEvent;
    expect(proposalOverlaps(proposal, "early", [lunch])).toEqual([]);
    expect(proposalOverlaps(proposal, "late", [lunch])).toEqual([]);
    const drinks = {
      id: 9,
      title: "Drinks",
      startDateTime: "2026-05-05T20:30:00+01:00",
      endDateTime: null,
    } as TripEvent;
    expect(proposalOverlaps(proposal, "late", [drinks]).map((o) => o.event.title)).toEqual(["Drinks"]);
  });
});
