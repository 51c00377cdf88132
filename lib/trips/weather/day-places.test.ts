import { describe, expect, it } from "vitest";
import { dayPlaces, mainDayPlace } from "./day-places";
import type { EventWeather, PlaceWeather } from "./trip-weather-schemas";

const geo = (name: string, lat: number, lng: number) => ({
  lat,
  lng,
  source: "gazetteer" as const,
  name,
  country_code: null,
  time_zone: "Europe/Lisbon",
});
const ZRH = geo("Zurich Airport", 47.4647, 8.5492);
const LIS = geo("Lisbon Airport", 38.7813, -9.1359);
const BAIXA = geo("Lisbon", 38.7107, -9.1366);
const SINTRA = geo("Sintra", 38.8009, -9.3783);
const risk = (level: "low" | "watch" | "warning", code = "none") => ({
  level,
  reasons: level === "low" ? [] : [{ code, level, message: code }],
  recommendation: null,
});
const place = (role: PlaceWeather["role"], g: typeof ZRH, r: ReturnType<typeof risk> | null): PlaceWeather => ({
  role,
  geo: g,
  start: "2027-05-05T07:00:00+02:00",
  end: "2027-05-05T08:00:00+02:00",
  forecast_available: r !== null,
  forecast_available_from: null,
  weather: null,
  risk: r ?? risk("low"),
});
const event = (id: number, places: PlaceWeather[]): EventWeather =>
  ({ event_id: id, local_date: "2027-05-05", places }) as unknown as EventWeather;
const none = { place: null, overall_risk: null, main_issue: "none", forecast_available: false };

describe("day summaries by place (issue 42 item 3)", () => {
  it("a travel day lists both ends, each with its own risk: Zürich's departure warning stays in Zürich", () => {
    const out = dayPlaces(
      [
        event(1, [place("departure", ZRH, risk("warning", "thunderstorm")), place("arrival", LIS, risk("low"))]),
        event(2, [place("event", BAIXA, risk("watch", "heavy_rain"))]),
      ],
      none,
    );
    expect(out.map((p) => [p.place.name, p.roles, p.overall_risk, p.main_issue, p.event_ids])).toEqual([
      ["Zurich Airport", ["departure"], "warning", "thunderstorm", [1]],
      // The airport and the Baixa are one place (7 km apart); its risk is Lisbon's own.
      ["Lisbon Airport", ["arrival", "event"], "watch", "heavy_rain", [1, 2]],
    ]);
  });

  it("Sintra and Lisbon are two places (25 km); a place without a forecast has no risk", () => {
    const out = dayPlaces(
      [event(3, [place("event", SINTRA, risk("warning", "thunderstorm"))]), event(4, [place("event", BAIXA, null)])],
      none,
    );
    expect(out.map((p) => [p.place.name, p.overall_risk, p.forecast_available])).toEqual([
      ["Sintra", "warning", true],
      ["Lisbon", null, false],
    ]);
  });

  it("a day without placed events is where the traveller stays, with the day's risk; nothing without a place", () => {
    const stay = { place: BAIXA, overall_risk: "watch" as const, main_issue: "strong_wind", forecast_available: true };
    expect(dayPlaces([], stay)).toEqual([
      {
        place: BAIXA,
        roles: [],
        forecast_available: true,
        overall_risk: "watch",
        main_issue: "strong_wind",
        event_ids: [],
      },
    ]);
    expect(dayPlaces([], none)).toEqual([]);
  });

  it("the day's main place is where the traveller spends it: a morning flight from Zürich makes it Lisbon's day", () => {
    const travelDay = [
      event(1, [place("departure", ZRH, risk("warning", "thunderstorm")), place("arrival", LIS, risk("low"))]),
      event(2, [place("event", BAIXA, risk("low"))]),
    ];
    const travel = dayPlaces(travelDay, none);
    expect(mainDayPlace(travelDay, travel)?.place.name).toBe("Lisbon Airport");
    // A day trip to Sintra and back by train ends in Lisbon (its last arrival).
    const trains = [
      event(3, [place("event", BAIXA, risk("low")), place("arrival", SINTRA, risk("low"))]),
      event(4, [place("event", SINTRA, risk("watch", "heavy_rain")), place("arrival", BAIXA, risk("low"))]),
    ];
    expect(mainDayPlace(trains, dayPlaces(trains, none))?.place.name).toBe("Lisbon");
    // Without travel: the day's first place; nothing without places.
    const still = [event(5, [place("event", SINTRA, null)]), event(6, [place("event", BAIXA, null)])];
    expect(mainDayPlace(still, dayPlaces(still, none))?.place.name).toBe("Sintra");
    expect(mainDayPlace([], [])).toBeNull();
  });
});
