import { describe, expect, it } from "vitest";
import { placeChanges } from "./event-place-fields";
import type { TripEvent } from "./types";

const train = { type: "train", location: "Lisboa", arrivalLocation: "Porto" } as unknown as TripEvent;
const flight = {
  type: "flight",
  departureAirport: "ZRH",
  arrivalAirport: "LIS",
  location: null,
} as unknown as TripEvent;
const form = (v: Record<string, string>) => (k: string) => v[k] ?? "";

describe("placeChanges (event edit dialog)", () => {
  it("sends only the changed place, trimmed; airports upper-cased", () => {
    expect(placeChanges(train, form({ location: "Lisboa", arrivalLocation: " Coimbra " }))).toEqual({
      changes: { arrivalLocation: "Coimbra" },
      error: null,
    });
    expect(placeChanges(flight, form({ departureAirport: "gva", arrivalAirport: "LIS" })).changes).toEqual({
      departureAirport: "GVA",
    });
  });

  it("refuses to empty a transport's place or to send a non-IATA airport; an emptied location is cleared", () => {
    expect(placeChanges(train, form({ location: "Lisboa", arrivalLocation: "" })).error).toBe("To is required.");
    expect(placeChanges(flight, form({ departureAirport: "Geneva", arrivalAirport: "LIS" })).error).toMatch(/IATA/);
    const walk = { type: "activity", location: "Sintra" } as unknown as TripEvent;
    expect(placeChanges(walk, form({ location: "" })).changes).toEqual({ location: null });
  });
});
