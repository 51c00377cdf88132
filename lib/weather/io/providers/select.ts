import { env } from "@/lib/env";
import type { AccountEnvironmentName, ProviderId } from "@/lib/weather/core/types";
import { openMeteoProvider } from "./open-meteo";
import { openWeatherProvider } from "./openweather";
import { withSupplements } from "./open-meteo-supplements";
import { withOfficialAlerts } from "@/lib/weather/io/alerts/official-alerts";
import { simulatedProvider } from "./simulated";
import type { WeatherProvider } from "./types";

/**
 * Which provider serves an account: sandbox accounts always get `simulated`;
 * otherwise WEATHER_PROVIDER, defaulting to open-meteo in production and to
 * simulated in development and tests.
 */
export function providerIdFor(environment: AccountEnvironmentName): ProviderId {
  if (environment === "sandbox") return "simulated";
  const e = env();
  return e.WEATHER_PROVIDER ?? (e.NODE_ENV === "production" ? "open-meteo" : "simulated");
}

const factories: Record<ProviderId, () => WeatherProvider> = {
  simulated: () => simulatedProvider(),
  "open-meteo": () => openMeteoProvider(),
  openweather: () => openWeatherProvider(),
};

const overrides = new Map<ProviderId, WeatherProvider>();
const calls = new Map<ProviderId, number>();

/**
 * The provider instance, wrapped so upstream calls made by this process are counted, and so a real
 * provider's forecast carries the sea state and air quality supplements (WEATHER_SUPPLEMENTS) and, for
 * providers without alerts of their own, the official alerts of the point (WEATHER_ALERT_SOURCES).
 */
export function providerById(id: ProviderId): WeatherProvider {
  const inner = overrides.get(id) ?? factories[id]();
  return {
    id,
    fetchForecast: (req) => {
      calls.set(id, (calls.get(id) ?? 0) + 1);
      const forecast = inner.fetchForecast(req);
      if (id === "simulated") return forecast;
      const supplemented = withSupplements(req, forecast);
      return id === "open-meteo" ? withOfficialAlerts(req, supplemented) : supplemented;
    },
  };
}

/** Upstream calls made by this process per provider (tests and the bench read it). */
export function upstreamCallCount(id: ProviderId): number {
  return calls.get(id) ?? 0;
}

/** Tests: replace a provider (e.g. a slow or failing one); pass undefined to restore. */
export function overrideProvider(id: ProviderId, provider: WeatherProvider | undefined): void {
  if (provider) overrides.set(id, provider);
  else overrides.delete(id);
}
