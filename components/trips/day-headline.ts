import type { DayWeather } from "./weather-parts";

export type DayPlaceWeather = DayWeather["places"][number];

/**
 * What a day card leads with: the place the day's headline (temperature, condition, rain) was
 * judged at, `day.place` (the server's main place of the day: where the traveller spends it), with
 * that place's own risk; every other place of the day (a morning departure from Zürich) follows as
 * its own line, so no card pairs Lisbon's temperature with Zürich's warning. Pure.
 */
export function dayHeadline(day: Pick<DayWeather, "place" | "places">): {
  main: DayPlaceWeather | null;
  others: DayPlaceWeather[];
} {
  const at = day.place;
  const i = at ? day.places.findIndex((p) => p.place.lat === at.lat && p.place.lng === at.lng) : -1;
  if (i < 0) return { main: null, others: day.places };
  return { main: day.places[i], others: day.places.filter((_, j) => j !== i) };
}

/** A place's name, or its coordinates when it has none. */
export const placeName = (p: DayPlaceWeather) => p.place.name ?? `${p.place.lat.toFixed(2)}, ${p.place.lng.toFixed(2)}`;

/** "Low risk" / "warning: thunderstorm": a place's risk in words that match its colour. */
export function riskWords(p: Pick<DayPlaceWeather, "overall_risk" | "main_issue" | "forecast_available">): string {
  if (!p.forecast_available || !p.overall_risk) return "no forecast yet";
  if (p.overall_risk === "low") return "low risk";
  return p.main_issue === "none" ? p.overall_risk : `${p.overall_risk}: ${p.main_issue.replace(/_/g, " ")}`;
}
