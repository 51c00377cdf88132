import { z } from "zod";
import { SIMULATION_KINDS, type SimulationKind } from "@/drizzle/schema/weather";
import { isKnownWmoCode, KNOWN_WMO_CODES } from "./core/i18n/conditions";

/**
 * The one injection schema: POST /v1/weather/simulations, the admin CLI (inject-weather) and
 * the sandbox portal page all validate with it. Every field the risk engine reads can be set
 * explicitly; `kind` is a preset whose values explicit fields override one by one.
 */
/** Client-safe (no server imports): the portal's Simulations page reads its kinds and labels here. */
export { SIMULATION_KINDS, type SimulationKind };

/** Plain-words label of every preset, in the order the portal lists them. */
export const SIMULATION_KIND_LABELS: Record<SimulationKind, string> = {
  rain: "Rain",
  heavy_rain: "Heavy rain",
  gusts: "Strong gusts",
  heat: "Heat",
  cold: "Cold",
  snow: "Snow",
  fog: "Fog",
  thunderstorm: "Thunderstorm",
  severe_alert: "Severe weather alert",
  freezing_rain: "Freezing rain",
  custom: "Custom values only",
};

const num = (min: number, max: number, what: string) => z.number().min(min).max(max).describe(what);

export const ALERT_SEVERITIES = ["minor", "moderate", "severe", "extreme", "unknown"] as const;
export const ALERT_MESSAGE_TYPES = ["Alert", "Update", "Cancel"] as const;

export const SimulationParams = z
  .object({
    temperature_c: num(-90, 60, "Air temperature, °C"),
    feels_like_c: num(
      -100,
      80,
      "Apparent temperature, °C (default: NWS wind chill / heat index from the other values)",
    ),
    humidity_pct: num(0, 100, "Relative humidity, %"),
    pressure_hpa: num(850, 1090, "Sea-level pressure, hPa (current conditions)"),
    precipitation_mm_h: num(0, 500, "Precipitation rate, mm/h"),
    precipitation_probability: num(0, 100, "Precipitation probability, %"),
    weather_code: z
      .number()
      .int()
      .refine(isKnownWmoCode, "must be a WMO 4677 code from the condition table (e.g. 0, 3, 45, 61, 63, 66, 71, 95)")
      .meta({
        description: "WMO weather code (default: from precipitation and cloud when those are set)",
        enum: KNOWN_WMO_CODES(),
      }),
    wind_speed_ms: num(0, 120, "Sustained wind, m/s"),
    wind_gust_ms: num(0, 150, "Gusts, m/s"),
    wind_direction_deg: num(0, 360, "Wind direction, degrees"),
    cloud_cover_pct: num(0, 100, "Cloud cover, %"),
    visibility_m: num(0, 100_000, "Visibility, m"),
    uv_index: num(0, 20, "UV index (default: from sun elevation and cloud cover)"),
    wave_height_m: num(0, 30, "Significant wave height, m (sea state; ferries, beach, boat tours)"),
    wave_period_s: num(0, 30, "Wave period, s"),
    wave_direction_deg: num(0, 360, "Wave direction (from), degrees"),
    us_aqi: num(0, 500, "US AQI (EPA)"),
    european_aqi: num(0, 500, "European AQI (EEA)"),
    pm2_5: num(0, 2000, "PM2.5, µg/m³"),
    pm10: num(0, 5000, "PM10, µg/m³"),
    ozone: num(0, 2000, "Ozone, µg/m³"),
    nitrogen_dioxide: num(0, 2000, "Nitrogen dioxide, µg/m³"),
    pollen_alder: num(0, 100_000, "Alder pollen, grains/m³"),
    pollen_birch: num(0, 100_000, "Birch pollen, grains/m³"),
    pollen_grass: num(0, 100_000, "Grass pollen, grains/m³"),
    pollen_mugwort: num(0, 100_000, "Mugwort pollen, grains/m³"),
    pollen_olive: num(0, 100_000, "Olive pollen, grains/m³"),
    pollen_ragweed: num(0, 100_000, "Ragweed pollen, grains/m³"),
    alert_event: z.string().trim().min(1).max(200).describe("Adds an alert with this event name"),
    severity: z.enum(ALERT_SEVERITIES).describe("Alert severity (default severe)"),
    alert_message_type: z
      .enum(ALERT_MESSAGE_TYPES)
      .describe(
        "CAP msgType of the injected alert (default Alert): Update replaces and Cancel retires the messages in alert_references (else earlier injected alerts of the same event)",
      ),
    alert_identifier: z
      .string()
      .trim()
      .regex(/^[^\s,<>&]{1,120}$/, "must be 1-120 characters without spaces, commas, <, > or &")
      .describe("CAP identifier of the injected message (default sim_<simulation id>), for later updates to reference"),
    alert_references: z
      .string()
      .trim()
      .min(1)
      .max(2000)
      .describe(
        "Earlier messages this one updates or cancels: space-separated identifiers, or CAP sender,identifier,sent triples",
      ),
    minutely_precipitation_mm_h: num(
      0,
      500,
      "Next-hour (15-minute) precipitation intensity, mm/h, for the steps overlapping the window; hourly values are left alone (several injections make a series)",
    ),
  })
  .partial()
  .strict()
  .meta({ id: "WeatherSimulationParams" });

export type SimulationParamsInput = z.infer<typeof SimulationParams>;

export const SimulationBody = z
  .object({
    lat: z.number().min(-90).max(90),
    lng: z.number().min(-180).max(180),
    kind: z
      .enum(SIMULATION_KINDS)
      .default("custom")
      .describe("Preset; explicit params override it field by field. custom = params only"),
    starts_at: z.string().optional().meta({ format: "date-time" }),
    ends_at: z.string().optional().meta({ format: "date-time" }),
    params: SimulationParams.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.kind === "custom" && Object.keys(v.params ?? {}).length === 0) {
      ctx.addIssue({ code: "custom", path: ["params"], message: "kind custom needs at least one explicit value" });
    }
  })
  .meta({
    id: "WeatherSimulationRequest",
    // kind custom (the default) needs at least one explicit value: stated in the document too.
    override: ({ jsonSchema }: { jsonSchema: Record<string, unknown> }) =>
      void (jsonSchema.allOf = [
        {
          anyOf: [
            { required: ["kind"], properties: { kind: { enum: SIMULATION_KINDS.filter((k) => k !== "custom") } } },
            {
              required: ["params"],
              properties: { params: { $ref: "#/components/schemas/WeatherSimulationParams", minProperties: 1 } },
            },
          ],
        },
      ]),
  });

export type SimulationRequest = z.infer<typeof SimulationBody>;
