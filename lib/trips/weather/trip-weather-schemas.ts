import { z } from "zod";
import { BCP47_PATTERN } from "@/lib/i18n/languages";
import { UnitsSchema } from "@/lib/weather/schemas";
import { EVENT_TYPES } from "@/drizzle/schema";
import { GeoPointSchema } from "@/lib/trips/events/event-schemas";

/** Query and response of GET /v1/trips/{tripId}/weather (the contract is the document). */
export const TripWeatherQuery = z.object({
  units: UnitsSchema.default("metric").meta({
    description: "Unit-less temperatures (days) follow units; unit-suffixed fields are what they say",
  }),
  language: z
    .string()
    .regex(BCP47_PATTERN, "must be a BCP-47 language tag such as en, de or fr-CA")
    .max(35)
    .optional()
    .meta({ description: "Condition labels, reasons and recommendations: en, de, fr, es (others fall back to en)" }),
});

const n = z.number().nullable();
const Level = z.enum(["low", "watch", "warning"]);
const Reason = z.object({ code: z.string(), level: Level, message: z.string() });
const Condition = z.object({ code: z.string(), label: z.string(), icon: z.string() });
const TripRisk = z
  .object({ level: Level, reasons: z.array(Reason), recommendation: z.string().nullable() })
  .meta({ id: "TripEventRisk", description: "From the timeline's risk engine for the event's activity profile" });
const UNAVAILABLE = ["no_place", "outside_horizon", "past"] as const;

const PlaceWeather = z.object({
  role: z
    .enum(["event", "departure", "arrival"])
    .meta({ description: "event: where the event is; flights: departure and arrival airports" }),
  geo: GeoPointSchema,
  start: z.string().meta({ description: "Window judged, in the place's own zone" }),
  end: z.string(),
  forecast_available: z.boolean(),
  forecast_available_from: z
    .string()
    .nullable()
    .meta({ description: "When outside the horizon: the instant (UTC) from which the forecast reaches this window" }),
  weather: z
    .object({
      observed_at: z.string().nullable(),
      snapshot_id: z.string().uuid(),
      cache_status: z.enum(["HIT", "MISS", "STALE"]),
      temperature_c: n,
      feels_like_c: n,
      temperature_min_c: n,
      temperature_max_c: n,
      condition: Condition.nullable(),
      precipitation_probability: n,
      precipitation_intensity_mm_h: n,
      wind_speed_kph: n,
      wind_gust_kph: n,
      uv_index: n,
    })
    .nullable(),
  risk: TripRisk,
});

const EventWeather = z.object({
  event_id: z.number().int(),
  type: z.enum(EVENT_TYPES),
  title: z.string(),
  start: z.string(),
  end: z.string().nullable(),
  time_zone: z.string(),
  local_date: z.string().meta({ description: "The event's day in the trip's zone" }),
  activity_type: z.string(),
  activity_type_source: z
    .enum(["event", "derived"])
    .meta({ description: "event: the event's activityType; derived: from its type and title" }),
  outdoor: z.boolean(),
  geo: GeoPointSchema.nullable(),
  forecast_available: z
    .boolean()
    .meta({ description: "Whether any of the event's places has forecast hours for its window" }),
  forecast_available_from: z.string().nullable(),
  unavailable_reason: z
    .enum(UNAVAILABLE)
    .nullable()
    .meta({ description: "no_place (geoReason says why), outside_horizon (see forecast_available_from), past" }),
  places: z.array(PlaceWeather),
  risk: TripRisk.nullable().meta({ description: "The worst of the event's places (null only without a place)" }),
});

const BestWindow = z.object({ start: z.string().nullable(), end: z.string().nullable(), level: z.string(), hours: n });

const DayWeather = z.object({
  date: z.string().meta({ description: "Local date in the trip's zone" }),
  place: GeoPointSchema.nullable().meta({
    description:
      "The day's main place, where its headline is judged: a travel day's last arrival, else its first placed event, else the stay holding its night, else the day before",
  }),
  forecast_available: z.boolean(),
  forecast_available_from: z.string().nullable(),
  temperature_min: n,
  temperature_max: n,
  temperature_unit: z.enum(["C", "F", "K"]),
  precipitation_mm: n,
  precipitation_probability_pct: n,
  condition: Condition.nullable(),
  overall_risk: Level.nullable().meta({ description: "The worst risk of the day's events (null without a forecast)" }),
  main_issue: z
    .string()
    .meta({ description: "Reason code at the overall level with the highest severity; none when low" }),
  best_outdoor_window: BestWindow.nullable().meta({
    description: "Longest run of daylight hours at the best level (outdoor default profile)",
  }),
  event_ids: z.array(z.number().int()),
  places: z
    .array(
      z.object({
        place: GeoPointSchema,
        roles: z
          .array(z.enum(["event", "departure", "arrival"]))
          .meta({ description: "What brings the traveller there that day (empty: where they stay)" }),
        forecast_available: z.boolean(),
        overall_risk: Level.nullable().meta({
          description: "The worst risk at this place that day (null without a forecast)",
        }),
        main_issue: z.string(),
        event_ids: z.array(z.number().int()),
      }),
    )
    .meta({
      description:
        "Where the traveller is that day, each place with its own risk: the day's event places grouped within 15 km, in itinerary order (a travel day lists both ends); a day without placed events lists the day's place",
    }),
});

export const TripWeatherSchema = z
  .object({
    trip_id: z.number().int(),
    revision: z.number().int(),
    time_zone: z.string(),
    units: UnitsSchema,
    language: z.string(),
    generated_at: z.string(),
    cache_status: z
      .enum(["HIT", "MISS", "STALE", "MIXED"])
      .nullable()
      .meta({ description: "Snapshot cache outcome over every cell used (null when no cell was needed)" }),
    billing: z.object({ units: z.number().int(), timeline_items: z.number().int() }).meta({
      description:
        "What this call counts against the caller's plan: 2 units and 1 timeline item per placed event (0 in the portal)",
    }),
    events: z.array(EventWeather),
    days: z.array(DayWeather),
    summary: z.object({
      overall_risk: Level.nullable(),
      main_issue: z.string(),
      events_at_risk: z.array(z.number().int()).meta({ description: "Events at watch or warning" }),
      events_without_forecast: z.array(z.number().int()),
    }),
  })
  .meta({ id: "TripWeather" });
export type TripWeather = z.output<typeof TripWeatherSchema>;
export type EventWeather = z.output<typeof EventWeather>;
export type PlaceWeather = z.output<typeof PlaceWeather>;
export type DayWeather = z.output<typeof DayWeather>;
export type TripRiskOut = z.output<typeof TripRisk>;
