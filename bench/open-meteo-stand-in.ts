import http from "node:http";
import type { AddressInfo } from "node:net";
import { simulateForecast } from "@/lib/weather/io";
import type { HourlyPoint } from "@/lib/weather/core";

/**
 * A loopback stand-in for Open-Meteo's forecast and air-quality APIs, for the supplements bench
 * (bench/scenarios/weather-supplements.ts): a second server of the build runs the real Open-Meteo
 * adapter and the air-quality supplement against it. Bodies are full-size and in Open-Meteo's own
 * shape (8 days of hourly values, current, daily; 5 days of hourly air quality), built from the
 * simulated weather of the point (deterministic, GMT times). Points listed in `supplied` get a
 * `minutely_15` block (12 steps) and air-quality hours; every other point gets neither (a
 * forecast without `minutely_15`, an air-quality body without hours: what a point outside their
 * coverage returns), so one server answers both variants.
 */
export interface OpenMeteoStandIn {
  baseUrl: string;
  /** Requests seen per path ("/v1/forecast", "/v1/air-quality"). */
  requests: Map<string, number>;
  close(): Promise<void>;
}

const HOUR = 3_600_000;
const gmt = (ms: number) => new Date(ms).toISOString().slice(0, 16);
const column = <T>(rows: T[], pick: (r: T) => unknown) => rows.map(pick);

function hourlyBlock(hourly: HourlyPoint[]) {
  return {
    time: column(hourly, (h) => gmt(Date.parse(h.time))),
    temperature_2m: column(hourly, (h) => h.temperatureC),
    apparent_temperature: column(hourly, (h) => h.feelsLikeC),
    relative_humidity_2m: column(hourly, (h) => h.humidityPct),
    wind_speed_10m: column(hourly, (h) => h.windSpeedMs),
    wind_gusts_10m: column(hourly, (h) => h.windGustMs),
    wind_direction_10m: column(hourly, (h) => h.windDirectionDeg),
    cloud_cover: column(hourly, (h) => h.cloudCoverPct),
    visibility: column(hourly, (h) => h.visibilityM),
    uv_index: column(hourly, (h) => h.uvIndex),
    precipitation: column(hourly, (h) => h.precipitationMm),
    precipitation_probability: column(hourly, (h) => h.precipitationProbabilityPct),
    weather_code: column(hourly, (h) => h.weatherCode),
    is_day: column(hourly, (h) => (h.isDay ? 1 : 0)),
  };
}

export function forecastBody(
  lat: number,
  lng: number,
  withMinutely: boolean,
  now = new Date(),
): Record<string, unknown> {
  const f = simulateForecast(lat, lng, now);
  const c = f.current;
  const body: Record<string, unknown> = {
    latitude: lat,
    longitude: lng,
    generationtime_ms: 0.5,
    utc_offset_seconds: 0,
    timezone: "GMT",
    timezone_abbreviation: "GMT",
    elevation: 35,
    current_units: {
      time: "iso8601",
      temperature_2m: "°C",
      apparent_temperature: "°C",
      wind_speed_10m: "m/s",
      wind_gusts_10m: "m/s",
      visibility: "m",
      precipitation: "mm",
    },
    current: {
      time: gmt(Math.floor(now.getTime() / (15 * 60_000)) * 15 * 60_000),
      interval: 900,
      temperature_2m: c.temperatureC,
      apparent_temperature: c.feelsLikeC,
      relative_humidity_2m: c.humidityPct,
      pressure_msl: c.pressureHpa,
      wind_speed_10m: c.windSpeedMs,
      wind_gusts_10m: c.windGustMs,
      wind_direction_10m: c.windDirectionDeg,
      cloud_cover: c.cloudCoverPct,
      visibility: c.visibilityM,
      uv_index: c.uvIndex,
      precipitation: c.precipitationMm,
      weather_code: c.weatherCode,
      is_day: c.isDay ? 1 : 0,
    },
    hourly_units: {
      time: "iso8601",
      temperature_2m: "°C",
      apparent_temperature: "°C",
      wind_speed_10m: "m/s",
      wind_gusts_10m: "m/s",
      visibility: "m",
      precipitation: "mm",
    },
    hourly: hourlyBlock(f.hourly),
    daily_units: {
      time: "iso8601",
      temperature_2m_min: "°C",
      temperature_2m_max: "°C",
      wind_speed_10m_max: "m/s",
      wind_gusts_10m_max: "m/s",
      precipitation_sum: "mm",
    },
    daily: {
      time: column(f.daily, (d) => d.date),
      sunrise: column(f.daily, (d) => (d.sunrise ? gmt(Date.parse(d.sunrise)) : null)),
      sunset: column(f.daily, (d) => (d.sunset ? gmt(Date.parse(d.sunset)) : null)),
      temperature_2m_min: column(f.daily, (d) => d.temperatureMinC),
      temperature_2m_max: column(f.daily, (d) => d.temperatureMaxC),
      apparent_temperature_min: column(f.daily, (d) => d.feelsLikeMinC),
      apparent_temperature_max: column(f.daily, (d) => d.feelsLikeMaxC),
      relative_humidity_2m_mean: column(f.daily, (d) => d.humidityPct),
      wind_speed_10m_max: column(f.daily, (d) => d.windSpeedMs),
      wind_gusts_10m_max: column(f.daily, (d) => d.windGustMs),
      wind_direction_10m_dominant: column(f.daily, (d) => d.windDirectionDeg),
      cloud_cover_mean: column(f.daily, (d) => d.cloudCoverPct),
      precipitation_sum: column(f.daily, (d) => d.precipitationMm),
      precipitation_probability_max: column(f.daily, (d) => d.precipitationProbabilityPct),
      uv_index_max: column(f.daily, (d) => d.uvIndexMax),
      weather_code: column(f.daily, (d) => d.weatherCode),
    },
  };
  if (withMinutely && f.minutely) {
    // Open-Meteo's convention: each step's time is its end, the value the sum over its 15 minutes.
    const steps = f.minutely.points;
    body.minutely_15_units = { time: "iso8601", precipitation: "mm" };
    body.minutely_15 = {
      time: steps.map((p) => gmt(Date.parse(p.time) + 15 * 60_000)),
      // A shower in the next hour, so the nowcast line has something to say.
      precipitation: steps.map(
        (p, i) => Math.round(((p.precipitationMmH ?? 0) / 4 + (i >= 2 && i < 6 ? 0.4 : 0)) * 100) / 100,
      ),
    };
  }
  return body;
}

export function airQualityBody(
  lat: number,
  lng: number,
  withHours: boolean,
  now = new Date(),
): Record<string, unknown> {
  const start = Math.floor(now.getTime() / 86_400_000) * 86_400_000;
  const times = withHours ? Array.from({ length: 5 * 24 }, (_, i) => start + i * HOUR) : [];
  // A moderate day: US AQI 60-110 with a diurnal ozone cycle; grass and birch pollen in season.
  const wave = (ms: number) => Math.sin((((ms / HOUR) % 24) / 24) * 2 * Math.PI);
  const col = (f: (ms: number) => number) => times.map((ms) => Math.round(f(ms) * 10) / 10);
  return {
    latitude: lat,
    longitude: lng,
    generationtime_ms: 0.4,
    utc_offset_seconds: 0,
    timezone: "GMT",
    timezone_abbreviation: "GMT",
    elevation: 35,
    hourly_units: {
      time: "iso8601",
      us_aqi: "USAQI",
      european_aqi: "EAQI",
      pm2_5: "μg/m³",
      pm10: "μg/m³",
      ozone: "μg/m³",
      nitrogen_dioxide: "μg/m³",
    },
    hourly: {
      time: times.map(gmt),
      us_aqi: col((ms) => 85 + 25 * wave(ms)),
      european_aqi: col((ms) => 45 + 15 * wave(ms)),
      pm2_5: col((ms) => 18 + 6 * wave(ms)),
      pm10: col((ms) => 30 + 8 * wave(ms)),
      ozone: col((ms) => 90 + 30 * wave(ms)),
      nitrogen_dioxide: col((ms) => 25 - 10 * wave(ms)),
      alder_pollen: col(() => 0),
      birch_pollen: col((ms) => 40 + 20 * wave(ms)),
      grass_pollen: col((ms) => 25 + 10 * wave(ms)),
      mugwort_pollen: col(() => 0),
      olive_pollen: col(() => 0),
      ragweed_pollen: col(() => 0),
    },
  };
}

/**
 * `supplied`: points that get minutely and air quality. The adapters ask for the weather cell's
 * centre, not the point itself, so a request within 0.1° of a supplied point counts as it.
 */
export async function startOpenMeteoStandIn(supplied: Array<{ lat: number; lng: number }>): Promise<OpenMeteoStandIn> {
  const requests = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://stand-in");
    requests.set(url.pathname, (requests.get(url.pathname) ?? 0) + 1);
    const lat = Number(url.searchParams.get("latitude"));
    const lng = Number(url.searchParams.get("longitude"));
    const on = supplied.some((p) => Math.abs(p.lat - lat) < 0.1 && Math.abs(p.lng - lng) < 0.1);
    const body =
      url.pathname === "/v1/forecast"
        ? forecastBody(lat, lng, on)
        : url.pathname === "/v1/air-quality"
          ? airQualityBody(lat, lng, on)
          : undefined;
    if (!body || !Number.isFinite(lat) || !Number.isFinite(lng)) {
      res
        .writeHead(400, { "content-type": "application/json" })
        .end('{"error":true,"reason":"not served by the stand-in"}');
      return;
    }
    res.writeHead(200, { "content-type": "application/json; charset=utf-8" }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
