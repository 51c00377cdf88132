import { describe, expect, it } from "vitest";
import { planRebase, type TripDiff } from "./rebase";
import type { TripEvent } from "./types";

const ev = (id: number, title: string): TripEvent =>
  ({
    id,
    tripId: 1,
    type: "activity",
    title,
    startDateTime: "2026-05-01T10:00:00Z",
    endDateTime: null,
    timeZone: "Europe/Lisbon",
    position: 0,
    location: null,
    notes: null,
    cost: null,
  }) as TripEvent;
const diff = (upserted: TripEvent[], deleted: number[] = []): TripDiff => ({
  since_revision: 3,
  current_revision: 5,
  ops: [],
  upserted_events: upserted,
  deleted_event_ids: deleted,
});

describe("planRebase", () => {
  it("replays an edit on the current revision when others changed other events, and says what changed", () => {
    const r = planRebase(
      [{ type: "update_event", payload: { event_id: 1, title: "Mine" } }],
      diff([ev(2, "Dinner at 8")], [9]),
    );
    expect(r).toEqual({ kind: "clean", onto: 5, changed: ["Dinner at 8", "event 9 (removed)"] });
  });

  it("is a conflict when the same event was changed, carrying their version", () => {
    const theirs = ev(1, "Their title");
    expect(
      planRebase([{ type: "move_event", payload: { event_id: 1, date: "2026-05-02", time: "09:00" } }], diff([theirs])),
    ).toEqual({ kind: "conflict", onto: 5, eventId: 1, theirs });
  });

  it("is a conflict when the edited event was removed meanwhile", () => {
    expect(planRebase([{ type: "update_event", payload: { event_id: 4, notes: "x" } }], diff([], [4]))).toMatchObject({
      kind: "conflict",
      eventId: 4,
      theirs: null,
    });
  });

  it("always replays an added event", () => {
    expect(planRebase([{ type: "add_event", payload: { title: "New" } }], diff([ev(1, "Other")]))).toMatchObject({
      kind: "clean",
      onto: 5,
    });
  });
});
