import { env } from "@/lib/env";
import type { ProviderId } from "@/lib/weather/core/types";

/**
 * What the platform may ask of a provider (issue 34; docs/operations.md, "Upstream arithmetic"):
 * how often the provider's data changes (a snapshot younger than that is as good as a new one,
 * so every watch of a cell shares it), and the budget of calls per UTC minute and day that all
 * instances share (0 = unlimited). Defaults are the published free tiers: Open-Meteo
 * (non-commercial) 600/min and 10,000/day, model runs every 15 min; OpenWeather One Call 3.0
 * 60/min and 1,000/day free, updated every 10 min; the simulated provider is ours (no limit).
 */
export interface UpstreamSettings {
  updateIntervalMs: number;
  callsPerMinute: number;
  callsPerDay: number;
}

export function upstreamSettings(id: ProviderId): UpstreamSettings {
  const e = env();
  switch (id) {
    case "open-meteo":
      return {
        updateIntervalMs: e.OPEN_METEO_UPDATE_INTERVAL_S * 1000,
        callsPerMinute: e.OPEN_METEO_CALLS_PER_MINUTE,
        callsPerDay: e.OPEN_METEO_CALLS_PER_DAY,
      };
    case "openweather":
      return {
        updateIntervalMs: e.OPENWEATHER_UPDATE_INTERVAL_S * 1000,
        callsPerMinute: e.OPENWEATHER_CALLS_PER_MINUTE,
        callsPerDay: e.OPENWEATHER_CALLS_PER_DAY,
      };
    case "simulated":
      return {
        updateIntervalMs: e.SIMULATED_UPDATE_INTERVAL_S * 1000,
        callsPerMinute: e.SIMULATED_CALLS_PER_MINUTE,
        callsPerDay: e.SIMULATED_CALLS_PER_DAY,
      };
  }
}
