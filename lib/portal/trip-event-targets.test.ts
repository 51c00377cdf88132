import { describe, expect, it } from "vitest";
import { defaultTarget, eventTargets, targetLabel, type TripEventLike } from "./trip-event-targets";

const now = new Date("2027-05-04T08:00:00Z");
const zrh = { lat: 47.46, lng: 8.55, name: "Zurich Airport" };
const lis = { lat: 38.77, lng: -9.13, name: "Lisbon Airport" };
const sintra = { lat: 38.8, lng: -9.38, name: "Sintra" };
const ev = (over: Partial<TripEventLike> & Pick<TripEventLike, "id" | "type">): TripEventLike => ({
  tripId: 7,
  title: `event ${over.id}`,
  startDateTime: "2027-05-05T09:00:00Z",
  endDateTime: null,
  geo: null,
  ...over,
});

describe("sandbox: trip event targets", () => {
  const events = [
    ev({
      id: 1,
      type: "flight",
      title: "LX 2084",
      startDateTime: "2027-05-05T07:00:00Z",
      endDateTime: "2027-05-05T09:45:00Z",
      geo: zrh,
      arrivalGeo: lis,
    }),
    ev({
      id: 2,
      type: "accommodation",
      startDateTime: "2027-05-05T14:00:00Z",
      endDateTime: "2027-05-08T10:00:00Z",
      geo: lis,
    }),
    ev({
      id: 3,
      type: "activity",
      title: "Sintra hike",
      startDateTime: "2027-05-06T09:00:00Z",
      endDateTime: "2027-05-06T15:00:00Z",
      geo: sintra,
    }),
    ev({ id: 4, type: "activity", title: "Nowhere", geo: null }),
    ev({ id: 5, type: "activity", title: "Gone", startDateTime: "2027-05-03T09:00:00Z", geo: sintra }),
  ];

  it("each event at its place and window, a flight at both ends for an hour, no placeless or past event", () => {
    const t = eventTargets(events, now);
    expect(t.map((x) => [x.key, x.placeName, x.start.toISOString(), x.end.toISOString()])).toEqual([
      ["1:departure", "Zurich Airport", "2027-05-05T07:00:00.000Z", "2027-05-05T08:00:00.000Z"],
      ["1:arrival", "Lisbon Airport", "2027-05-05T09:45:00.000Z", "2027-05-05T10:45:00.000Z"],
      ["2:event", "Lisbon Airport", "2027-05-05T14:00:00.000Z", "2027-05-05T15:00:00.000Z"],
      ["3:event", "Sintra", "2027-05-06T09:00:00.000Z", "2027-05-06T15:00:00.000Z"],
    ]);
  });

  it("starts on the first event ahead, not an airport's hour or a check-in (the Zürich default of issue 42)", () => {
    const d = defaultTarget(eventTargets(events, now));
    expect(d).toMatchObject({ eventId: 3, lat: 38.8, lng: -9.38 });
    expect(targetLabel(d!)).toBe("Sintra hike · Sintra");
    // With only legs, the first leg's hour; with nothing, nothing.
    expect(defaultTarget(eventTargets(events.slice(0, 1), now))?.key).toBe("1:departure");
    expect(defaultTarget([])).toBeNull();
    expect(targetLabel(eventTargets(events, now)[1])).toBe("LX 2084 · arrival · Lisbon Airport");
  });

  it("an event without an end is judged for its first hour; one under way stays offered until it ends", () => {
    const t = eventTargets([ev({ id: 9, type: "activity", startDateTime: "2027-05-04T07:30:00Z", geo: sintra })], now);
    expect(t.map((x) => x.end.toISOString())).toEqual(["2027-05-04T08:30:00.000Z"]);
  });
});
