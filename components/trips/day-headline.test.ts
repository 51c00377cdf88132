import { describe, expect, it } from "vitest";
import { dayPlaces, mainDayPlace } from "@/lib/trips/weather/day-places";
import type { EventWeather, PlaceWeather } from "@/lib/trips/weather/trip-weather-schemas";
import { dayHeadline, placeName, riskWords } from "./day-headline";

const geo = (name: string, lat: number, lng: number, time_zone: string) => ({
  lat,
  lng,
  source: "gazetteer" as const,
  name,
  country_code: null,
  time_zone,
});
const ZRH = geo("Zurich Airport", 47.4647, 8.5492, "Europe/Zurich");
const LIS = geo("Lisbon Airport", 38.7813, -9.1359, "Europe/Lisbon");
const CHIADO = geo("Lisbon", 38.7107, -9.1426, "Europe/Lisbon");
const at = (role: PlaceWeather["role"], g: typeof ZRH, level: "low" | "watch" | "warning", code = "none") =>
  ({
    role,
    geo: g,
    forecast_available: true,
    risk: { level, reasons: level === "low" ? [] : [{ code, level, message: code }], recommendation: null },
  }) as unknown as PlaceWeather;
const event = (id: number, places: PlaceWeather[]) =>
  ({ event_id: id, local_date: "2027-05-05", places }) as unknown as EventWeather;

describe("a day card's headline (issue 42 item 3)", () => {
  it("a morning flight from Zürich, the rest in Lisbon: Lisbon leads with its own level; Zürich's warning is its own line", () => {
    // The server's day: places by proximity, the headline (temperature) judged at the main place.
    const onDay = [
      event(1, [at("departure", ZRH, "warning", "thunderstorm"), at("arrival", LIS, "low")]),
      event(2, [at("event", CHIADO, "watch", "heavy_rain")]),
    ];
    const places = dayPlaces(onDay, { place: null, overall_risk: null, main_issue: "none", forecast_available: false });
    const day = { place: mainDayPlace(onDay, places)!.place, places };
    const { main, others } = dayHeadline(day);
    expect(main && [placeName(main), riskWords(main)]).toEqual(["Lisbon Airport", "watch: heavy rain"]);
    expect(others.map((p) => [placeName(p), p.roles, riskWords(p)])).toEqual([
      ["Zurich Airport", ["departure"], "warning: thunderstorm"],
    ]);
  });

  it("a day without events leads with the stay; a day without a place has no headline place", () => {
    const stay = {
      place: CHIADO,
      roles: [],
      forecast_available: false,
      overall_risk: null,
      main_issue: "none",
      event_ids: [],
    };
    const { main, others } = dayHeadline({ place: CHIADO, places: [stay] });
    expect(main && [placeName(main), riskWords(main)]).toEqual(["Lisbon", "no forecast yet"]);
    expect(others).toEqual([]);
    expect(dayHeadline({ place: null, places: [] })).toEqual({ main: null, others: [] });
  });
});
