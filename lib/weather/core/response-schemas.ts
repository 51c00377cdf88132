import { z } from "zod";

/** Response `data` schemas for the OpenAPI document (the spec calls it authoritative). */
const n = z.number().nullable();
const Condition = z.object({ code: z.string(), label: z.string(), icon: z.string() }).meta({ id: "WeatherCondition" });
const Wind = z.object({ speed_ms: n, gust_ms: n, direction_deg: n });
const Location = z
  .object({
    lat: z.number(),
    lng: z.number(),
    geohash: z.string(),
    geohash_precision: z.number().int(),
    timezone: z.string(),
    place_type: z.string(),
  })
  .meta({ id: "WeatherLocation" });
const Reason = z.object({ code: z.string(), level: z.enum(["low", "watch", "warning"]), message: z.string() });
const RiskBase = z.object({
  level: z.enum(["low", "watch", "warning"]),
  reasons: z.array(Reason),
  recommendation: z.string().nullable().optional(),
});
const Risk = RiskBase.meta({ id: "WeatherRisk" });
// Extended, not intersected: an allOf of two closed objects matches nothing.
const ActivityRisk = RiskBase.extend({ activity_type: z.string().nullable() }).meta({ id: "WeatherActivityRisk" });
const OverallRisk = RiskBase.extend({ main_issue: z.string() }).meta({ id: "WeatherOverallRisk" });
const Alert = z
  .object({
    id: z
      .string()
      .describe("CAP identifier of the message in force (an update brings a new one), else the provider's own id"),
    event: z.string(),
    severity: z.enum(["minor", "moderate", "severe", "extreme", "unknown"]),
    certainty: z.enum(["observed", "likely", "possible", "unlikely", "unknown"]),
    urgency: z.enum(["immediate", "expected", "future", "past", "unknown"]),
    area: z.string().nullable().describe("The warning areas covering the location (CAP areaDesc)"),
    starts: z.string().nullable().describe("CAP onset (else effective), UTC"),
    ends: z.string().nullable().describe("CAP expires (NWS: ends when given), UTC"),
    source: z.string().describe("The issuing service (CAP senderName)"),
    attribution: z.string().nullable().describe("Credit line the source's licence asks for"),
    description: z.string().nullable().describe("CAP headline"),
    cap_identifier: z.string().nullable().describe("CAP identifier; null for providers without CAP (OpenWeather)"),
    references: z.array(z.string()).describe("CAP identifiers of the earlier messages this one updates"),
    scope: z
      .enum(["area", "country"])
      .describe(
        "area: the alert's area covers the location; country: its area (a geocode) could not be placed, so it is a country-level notice that raises no risk",
      ),
    status: z
      .enum(["confirmed", "unconfirmed"])
      .describe(
        "unconfirmed: the feed did not say whether this message updates or cancels another and its CAP document could not be fetched",
      ),
  })
  .meta({
    id: "WeatherAlert",
    examples: [
      {
        id: "2.49.0.1.578.0.210921070421906.1705",
        event: "Gale",
        severity: "moderate",
        certainty: "likely",
        urgency: "future",
        area: "Maaloey - Svinoey",
        starts: "2021-09-21T06:00:00.000Z",
        ends: "2021-09-22T10:00:00.000Z",
        source: "MET Norway",
        attribution: "Warnings: MET Norway (Norwegian Meteorological Institute), NLOD 2.0 and CC BY 4.0",
        description: "Gale, yellow level, Maaloey - Svinoey, 21 September 06:00 UTC to 22 September 10:00 UTC.",
        cap_identifier: "2.49.0.1.578.0.210921070421906.1705",
        references: [],
        scope: "area",
        status: "confirmed",
      },
    ],
  });
const SeaState = z
  .object({ wave_height_m: n.describe("significant wave height"), wave_period_s: n, wave_direction_deg: n })
  .nullable()
  .describe("Open-Meteo Marine (or an injection); null inland or where the source has no data")
  .meta({ id: "SeaState" });
const Pollen = z
  .object({ alder: n, birch: n, grass: n, mugwort: n, olive: n, ragweed: n })
  .describe("grains/m³; null where the source has no data (outside Europe)");
const AirQuality = z
  .object({
    us_aqi: n,
    european_aqi: n,
    pm2_5: n.describe("µg/m³"),
    pm10: n,
    ozone: n,
    nitrogen_dioxide: n,
    pollen: Pollen,
  })
  .nullable()
  .describe("Open-Meteo Air Quality (or an injection); null where not available")
  .meta({ id: "AirQuality" });
const Minutely = z
  .object({
    step_minutes: z.number().int().describe("15 (Open-Meteo minutely_15, simulated) or 1 (OpenWeather minutely)"),
    points: z.array(
      z.object({
        time: z.string().describe("start of the step, UTC"),
        precipitation_mm_h: n.describe("intensity over the step, mm/h"),
      }),
    ),
  })
  .nullable()
  .describe("Next-hour precipitation: the steps of the next 2 hours; null when the provider has none")
  .meta({
    id: "MinutelyPrecipitation",
    examples: [
      {
        step_minutes: 15,
        points: [
          { time: "2027-05-05T13:00:00.000Z", precipitation_mm_h: 0 },
          { time: "2027-05-05T13:15:00.000Z", precipitation_mm_h: 1.6 },
          { time: "2027-05-05T13:30:00.000Z", precipitation_mm_h: 0 },
        ],
      },
    ],
  });
const Provenance = {
  snapshot_id: z.string().uuid(),
  provider: z.string(),
  provider_version: z.string(),
  attribution: z.string(),
  fetched_at: z.string(),
};

export const CurrentData = z
  .object({
    location: Location,
    current: z.object({
      observed_at: z.string(),
      temperature: n.describe("in the requested units: °C metric, °F imperial, K standard"),
      feels_like: n,
      humidity_pct: n,
      pressure_hpa: n,
      wind: Wind,
      cloud_cover_pct: n,
      visibility_m: n,
      uv_index: n,
      precipitation_mm: n,
      condition: Condition,
      sea_state: SeaState,
      air_quality: AirQuality,
    }),
    minutely: Minutely,
    nowcast: z
      .string()
      .nullable()
      .describe(
        'One line in the requested language, e.g. "Rain starting in ~20 min, easing by 15:30."; null without minutely data',
      )
      .meta({ examples: ["Rain starting in ~20 min, easing by 15:30."] }),
    alerts: z.array(Alert),
    risk: ActivityRisk,
    ...Provenance,
  })
  .meta({ id: "CurrentWeather" });

const Daily = z
  .object({
    local_date: z.string(),
    sunrise: z.string().nullable().describe("ISO 8601 with the local offset"),
    sunset: z.string().nullable(),
    temperature: z.object({ min: n, max: n }),
    feels_like: z.object({ min: n, max: n }),
    humidity_pct: n,
    wind: Wind,
    cloud_cover_pct: n,
    precipitation_mm: n,
    precipitation_probability_pct: n,
    uv_index_max: n,
    condition: Condition,
  })
  .meta({ id: "ForecastDay" });

const Hourly = z
  .object({
    time: z.string().nullable().describe("start of the hour, ISO 8601 with the local offset"),
    temperature: n,
    feels_like: n,
    humidity_pct: n,
    wind: Wind,
    cloud_cover_pct: n,
    visibility_m: n,
    uv_index: n,
    precipitation_mm: n.describe("over the hour"),
    precipitation_probability_pct: n,
    is_day: z.boolean().nullable(),
    condition: Condition,
    sea_state: SeaState,
    air_quality: AirQuality,
  })
  .meta({ id: "ForecastHour" });

export const ForecastData = z
  .object({
    location: Location,
    granularity: z.enum(["daily", "hourly"]),
    days: z.number().int(),
    hourly: z.array(Hourly).nullable(),
    daily: z.array(Daily).nullable(),
    ...Provenance,
  })
  .meta({ id: "Forecast" });

export const TimelineData = z
  .object({
    items: z.array(
      z.object({
        id: z.string(),
        activity_type: z.string().nullable(),
        outdoor: z.boolean(),
        start: z.string(),
        end: z.string(),
        timezone: z.string(),
        weather: z.object({
          observed_at: z.string().nullable(),
          snapshot_id: z.string().uuid(),
          cache_status: z.enum(["HIT", "MISS", "STALE"]),
          temperature_c: n,
          feels_like_c: n,
          condition: z.string().nullable(),
          precipitation_probability: n,
          precipitation_intensity_mm_h: n,
          wind_speed_kph: n,
          wind_gust_kph: n,
          uv_index: n,
        }),
        risk: Risk,
      }),
    ),
    summary: z.object({
      overall_risk: z.enum(["low", "watch", "warning"]),
      main_issue: z.string(),
      best_outdoor_window: z
        .object({ start: z.string().nullable(), end: z.string().nullable(), level: z.string(), hours: n })
        .nullable(),
    }),
  })
  .meta({ id: "TimelineAnalysis" });

const Point = z.object({ lat: z.number(), lng: z.number() });
export const RouteData = z
  .object({
    origin: Point,
    destination: Point,
    transport_mode: z.string(),
    vessel: z.enum(["large", "small", "fast"]).optional().describe("Ferry routes only: the vessel class judged"),
    start_time: z.string(),
    distance_m: z.number(),
    duration_minutes: z.number(),
    path_source: z.enum(["polyline", "great_circle"]),
    segments: z.array(
      z.object({
        index: z.number().int(),
        start_point: Point,
        end_point: Point,
        start_time: z.string(),
        end_time: z.string(),
        distance_m: z.number(),
        duration_minutes: z.number(),
        snapshot_id: z.string().uuid(),
        cache_status: z.enum(["HIT", "MISS", "STALE"]),
        condition: z.object({
          label: z.string().nullable(),
          temperature_c: n,
          wind_speed_kph: n,
          wind_gust_kph: n,
          precipitation_mm: n,
          visibility_km: n,
        }),
        sea_state: SeaState.optional().describe(
          "Ferry routes only: the highest waves at the segment's midpoint and mid-time",
        ),
        risk: Risk,
      }),
    ),
    overall_risk: OverallRisk,
  })
  .meta({ id: "RouteAnalysis" });

export const SimulationData = z
  .object({
    simulation_id: z.string().uuid(),
    geohash: z.string(),
    kind: z.string(),
    starts_at: z.string(),
    ends_at: z.string(),
    // Its own component: inline, generators name it WeatherSimulationParams, the request's name.
    params: z
      .record(z.string(), z.union([z.number(), z.string()]))
      .meta({ id: "WeatherSimulationAppliedParams", description: "The parameters as applied" }),
  })
  .meta({ id: "WeatherSimulation" });

export const SimulationListData = z
  .object({
    simulations: z.array(
      z
        .object({
          simulation_id: z.string().uuid(),
          geohash: z.string(),
          kind: z.string(),
          lat: z.number(),
          lng: z.number(),
          starts_at: z.string(),
          ends_at: z.string(),
          params: z.record(z.string(), z.union([z.number(), z.string()])),
          created_at: z.string(),
        })
        .meta({ id: "WeatherSimulationListItem" }),
    ),
  })
  .meta({ id: "WeatherSimulationList" });

export const SimulationDeletedData = z
  .object({ simulation_id: z.string().uuid(), deleted: z.literal(true) })
  .meta({ id: "WeatherSimulationDeleted" });

export const FireWatchesData = z
  .object({
    fired: z.number().int().describe("Watches that emitted an event"),
    watches: z.array(
      z.object({
        watch_id: z.string().uuid(),
        outcome: z
          .enum(["refreshed", "failed_attempt", "watch_failed", "deferred", "skipped"])
          .describe(
            "deferred: the upstream budget was used up; the watch is checked again when it allows (no failure counted)",
          ),
        events: z
          .array(z.string())
          .describe(
            "Event types emitted (each delivered, signed, to the watch's webhook_url and subscribed endpoints)",
          ),
      }),
    ),
    caused: z
      .object({
        since: z
          .string()
          .describe(
            "The report reads the rows written from here: the account's latest live injection (which made its watches due, so the runner may have refreshed them before this call), else the start of this call",
          ),
        events: z.array(
          z.object({
            event_id: z.string(),
            type: z.string(),
            watch_id: z.string(),
            deliveries: z
              .number()
              .int()
              .describe("Deliveries queued for the event (its webhook_url and subscribed endpoints)"),
            delivered: z
              .number()
              .int()
              .describe("Of those, delivered when the fire returned (the rest are on their way)"),
          }),
        ),
        proposals: z.array(
          z.object({
            proposal_id: z.string(),
            trip_id: z.number().int(),
            subject_event_id: z.number().int().nullable(),
            status: z.string(),
          }),
        ),
      })
      .describe(
        "Everything the injected weather and this fire caused, read from the rows written since `since`: every event the account's watches emitted, with its deliveries, and the weather planner's proposals on the trips they follow",
      ),
  })
  .meta({ id: "WeatherFireWatchesResult" });
