import type { GeoPoint } from "@/lib/geo/types";
import { distanceKm } from "@/lib/geo/types";
import { mainIssue } from "@/lib/weather/analyse-timeline";
import { maxLevel, type Risk, type RiskLevel } from "@/lib/weather/core";
import type { EventWeather } from "./trip-weather-schemas";

/** Places this close together are one place of the day (an airport and its city centre; not Sintra and Lisbon). */
export const SAME_PLACE_KM = 15;

export interface DayPlace {
  place: GeoPoint;
  /** What brings the traveller there that day: an event, a departure, an arrival. */
  roles: Array<"event" | "departure" | "arrival">;
  forecast_available: boolean;
  overall_risk: RiskLevel | null;
  main_issue: string;
  event_ids: number[];
}

/**
 * Where the traveller is on a day, each place with its own risk (issue 42 item 3): the places of
 * the day's events grouped by proximity, in itinerary order, so a travel day shows both ends (the
 * departure airport's warning stays with Zürich, Lisbon's evening with Lisbon) and no card pairs a
 * place with another place's risk. A day without placed events is where the traveller stays (the
 * day's own place and risk). Pure.
 */
export function dayPlaces(
  onDay: EventWeather[],
  fallback: { place: GeoPoint | null; overall_risk: RiskLevel | null; main_issue: string; forecast_available: boolean },
): DayPlace[] {
  const groups: Array<{
    place: GeoPoint;
    roles: Set<DayPlace["roles"][number]>;
    risks: Risk[];
    events: Set<number>;
    forecast: boolean;
  }> = [];
  for (const e of onDay) {
    for (const p of e.places) {
      let g = groups.find((x) => distanceKm(x.place, p.geo) <= SAME_PLACE_KM);
      if (!g) {
        g = { place: p.geo, roles: new Set(), risks: [], events: new Set(), forecast: false };
        groups.push(g);
      }
      g.roles.add(p.role);
      g.events.add(e.event_id);
      if (p.forecast_available) {
        g.forecast = true;
        g.risks.push(p.risk as Risk);
      }
    }
  }
  if (groups.length === 0) {
    return fallback.place
      ? [
          {
            place: fallback.place,
            roles: [],
            forecast_available: fallback.forecast_available,
            overall_risk: fallback.overall_risk,
            main_issue: fallback.main_issue,
            event_ids: [],
          },
        ]
      : [];
  }
  return groups.map((g) => {
    const overall = g.risks.length ? maxLevel(g.risks.map((r) => r.level)) : null;
    return {
      place: g.place,
      roles: [...g.roles],
      forecast_available: g.forecast,
      overall_risk: overall,
      main_issue: overall ? mainIssue(g.risks, overall) : "none",
      event_ids: [...g.events],
    };
  });
}

/**
 * The day's main place, the one its card names and its headline (temperature, condition, rain) is
 * judged at: where the traveller spends the rest of the day. A day with travel ends where its last
 * arrival is, in itinerary order (a morning flight from Zürich: the day is Lisbon's; a day trip to
 * Sintra and back: Lisbon); any other day is its first place. Null without places. Pure.
 */
export function mainDayPlace<P extends Pick<DayPlace, "place">>(onDay: EventWeather[], places: P[]): P | null {
  const arrivals = onDay.flatMap((e) => e.places.filter((p) => p.role === "arrival"));
  const last = arrivals.at(-1);
  const landed = last && places.find((g) => distanceKm(g.place, last.geo) <= SAME_PLACE_KM);
  return landed || (places[0] ?? null);
}
