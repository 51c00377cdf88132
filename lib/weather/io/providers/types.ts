import type { NormalizedForecast, ProviderId } from "@/lib/weather/core/types";

export interface ForecastRequest {
  lat: number;
  lng: number;
}

/** One interface for every weather source; adapters return SI units and UTC instants. */
export interface WeatherProvider {
  id: ProviderId;
  fetchForecast(req: ForecastRequest): Promise<NormalizedForecast>;
}
