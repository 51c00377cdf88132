import type { SimulationParamsInput } from "@/lib/weather/simulation-schemas";

/**
 * Labelled situations for the scenario suite (scenarios.routes.test.ts). Each one is injected
 * through POST /v1/weather/simulations as explicit values over a calm base, covering the 13 hours
 * before the evaluated hour too (the engine reads them for surface state). Expected levels were
 * written from the cited public thresholds, not from the engine's output; a list means either
 * level is defensible.
 */
export type Level = "low" | "watch" | "warning";
export type Expect = Level | Level[];

/** Injection phases relative to the evaluated hour h (which starts one hour from now). */
export interface Phase {
  fromH: number;
  toH: number;
  params: SimulationParamsInput;
}

export interface Situation {
  id: string;
  cite: string;
  phases: Phase[];
  /** Expected level by group or profile name (profile name wins over group, group over `default`). */
  activities: Record<string, Expect>;
  transport: Record<string, Expect>;
}

export const CALM: SimulationParamsInput = {
  temperature_c: 18,
  feels_like_c: 18,
  humidity_pct: 60,
  pressure_hpa: 1015,
  precipitation_mm_h: 0,
  precipitation_probability: 5,
  weather_code: 1,
  wind_speed_ms: 3,
  wind_gust_ms: 5,
  wind_direction_deg: 200,
  cloud_cover_pct: 20,
  visibility_m: 20000,
  uv_index: 2,
};

/** Activity groups (canonical activity types). */
export const ACTIVITY_GROUPS: Record<string, string[]> = {
  outdoor: [
    "walking",
    "walking_tour",
    "hiking",
    "beach",
    "outdoor_dining",
    "cycling",
    "event",
    "sightseeing",
    "free_time",
  ],
  indoor: ["dining", "museum", "shopping", "indoor"],
  road: ["driving", "airport_transfer"],
  rail: ["train"],
  ferry: ["ferry"],
};

/** Transport variants: mode plus the ferry vessel class. */
export const TRANSPORT_GROUPS: Record<string, string[]> = {
  road: ["car", "shuttle", "transfer"],
  bus: ["bus"],
  rail: ["train"],
  ferry: ["ferry"],
  ferry_small: ["ferry_small"],
  foot: ["walking"],
  cycle: ["cycling"],
};

const whole = (params: SimulationParamsInput): Phase[] => [{ fromH: -13, toH: 3, params: { ...CALM, ...params } }];
const rain = (mmH: number, code: number): SimulationParamsInput => ({
  precipitation_mm_h: mmH,
  precipitation_probability: 95,
  weather_code: code,
  cloud_cover_pct: 100,
});

export const SITUATIONS: Situation[] = [
  {
    id: "calm",
    cite: "every value below every band",
    phases: whole({}),
    activities: { default: "low" },
    transport: { default: "low" },
  },
  {
    id: "rain likely 70 %, light",
    cite: "NWS PoP wording: 60-70 % = likely; AMS light rain < 2.6 mm/h",
    phases: whole({ precipitation_probability: 70, precipitation_mm_h: 0.5, weather_code: 61, cloud_cover_pct: 90 }),
    activities: { default: "low", outdoor: "watch" },
    transport: { default: "low", foot: "watch", cycle: "watch" },
  },
  {
    id: "moderate rain 5 mm/h",
    cite: "AMS moderate 2.6-7.6 mm/h; Met Office heavy > 4 mm/h for people on foot or bike",
    phases: whole(rain(5, 63)),
    activities: {
      default: "low",
      outdoor: "watch",
      walking: "warning",
      walking_tour: "warning",
      hiking: "warning",
      cycling: "warning",
      road: "watch",
    },
    transport: { default: "low", road: "watch", foot: "warning", cycle: "warning" },
  },
  {
    id: "heavy rain 12 mm/h",
    cite: "AMS heavy rain > 7.6 mm/h",
    phases: whole(rain(12, 65)),
    activities: { default: "low", outdoor: "warning", indoor: "watch", road: "warning" },
    transport: {
      default: "low",
      road: "warning",
      bus: "watch",
      ferry_small: "warning",
      foot: "warning",
      cycle: "warning",
    },
  },
  {
    id: "violent rain 60 mm/h",
    cite: "Met Office violent rain > 50 mm/h",
    phases: whole(rain(60, 82)),
    activities: { default: "low", outdoor: "warning", indoor: "watch", road: "warning" },
    transport: {
      default: "low",
      road: "warning",
      bus: "watch",
      ferry_small: "warning",
      foot: "warning",
      cycle: "warning",
    },
  },
  {
    id: "2 mm/h rain at -1 °C (reported as plain rain)",
    cite: "AMS freezing rain: liquid precipitation with air <= 0 °C",
    phases: whole({ ...rain(2, 63), temperature_c: -1, feels_like_c: -4 }),
    activities: { default: "warning", indoor: "watch", rail: "watch", ferry: "watch" },
    transport: { default: "warning", rail: "watch", ferry: "watch", ferry_small: "watch" },
  },
  {
    id: "high wind 19 m/s, gusts 27 m/s",
    cite: "NWS High Wind Warning: sustained >= 40 mph (17.9 m/s) or gusts >= 58 mph (25.9 m/s)",
    phases: whole({ wind_speed_ms: 19, wind_gust_ms: 27 }),
    activities: { default: "warning", indoor: "watch" },
    transport: { default: "warning" },
  },
  {
    id: "fresh breeze 9 m/s, gusts 12 m/s",
    cite: "Beaufort 5 fresh breeze from 8.0 m/s; Beaufort 6 from 10.8 m/s",
    phases: whole({ wind_speed_ms: 9, wind_gust_ms: 12 }),
    activities: { default: "low", outdoor_dining: "watch", cycling: "watch" },
    transport: { default: "low", ferry_small: "watch", cycle: "watch" },
  },
  {
    id: "small craft wind 12 m/s, gusts 16 m/s",
    cite: "NWS Small Craft Advisory from 22 kt (11.3 m/s); Beaufort 6 from 10.8 m/s",
    phases: whole({ wind_speed_ms: 12, wind_gust_ms: 16 }),
    activities: { default: "low", hiking: "watch", outdoor_dining: "watch", cycling: "warning", ferry: "watch" },
    transport: { default: "low", ferry: "watch", ferry_small: "warning", cycle: "warning" },
  },
  {
    id: "hot: feels like 36 °C",
    cite: "NWS heat index Extreme Caution 32.2-39.4 °C; Caution from 26.7 °C for strenuous activity",
    phases: whole({
      temperature_c: 35,
      feels_like_c: 36,
      humidity_pct: 30,
      uv_index: 5,
      cloud_cover_pct: 5,
      weather_code: 0,
    }),
    activities: { default: "low", outdoor: "watch", hiking: "warning", cycling: "warning" },
    transport: { default: "low", foot: "watch", cycle: "warning" },
  },
  {
    id: "extreme heat: feels like 43 °C",
    cite: "NWS heat index Danger from 39.4 °C",
    phases: whole({
      temperature_c: 41,
      feels_like_c: 43,
      humidity_pct: 25,
      uv_index: 5,
      cloud_cover_pct: 5,
      weather_code: 0,
    }),
    activities: { default: "low", outdoor: "warning" },
    transport: { default: "low", foot: "warning", cycle: "warning" },
  },
  {
    id: "cold: wind chill -20 °C",
    cite: "ECCC wind chill -10 to -27 = moderate risk",
    phases: whole({ temperature_c: -15, feels_like_c: -20 }),
    activities: { default: "low", outdoor: "watch" },
    transport: { default: "low", foot: "watch", cycle: "watch" },
  },
  {
    id: "extreme cold: wind chill -40 °C",
    cite: "ECCC wind chill -28 and below = high risk, skin freezes in 10-30 min",
    phases: whole({ temperature_c: -32, feels_like_c: -40 }),
    activities: { default: "low", outdoor: "warning", indoor: "watch" },
    transport: { default: "low", foot: "warning", cycle: "warning" },
  },
  {
    id: "UV index 7",
    cite: "WHO UV index 6-7 = high",
    phases: whole({ uv_index: 7, temperature_c: 24, feels_like_c: 24, cloud_cover_pct: 0, weather_code: 0 }),
    activities: { default: "low", outdoor: "watch" },
    transport: { default: "low", foot: "watch", cycle: "watch" },
  },
  {
    id: "UV index 9",
    cite: "WHO UV index 8-10 = very high (a warning for a day at the beach)",
    phases: whole({ uv_index: 9, temperature_c: 24, feels_like_c: 24, cloud_cover_pct: 0, weather_code: 0 }),
    activities: { default: "low", outdoor: "watch", beach: "warning" },
    transport: { default: "low", foot: "watch", cycle: "watch" },
  },
  {
    id: "dense fog 300 m",
    cite: "NWS Dense Fog Advisory: visibility <= 1/4 mile (400 m)",
    phases: whole({ visibility_m: 300, weather_code: 45, cloud_cover_pct: 100, humidity_pct: 100 }),
    activities: { default: "low", hiking: "warning", cycling: "warning", road: "warning", ferry: "warning" },
    transport: {
      default: "low",
      road: "warning",
      bus: "warning",
      ferry: "warning",
      ferry_small: "warning",
      cycle: "warning",
    },
  },
  {
    id: "fog 800 m",
    cite: "WMO fog: visibility < 1,000 m; marine dense fog <= 1 nmi (1,852 m)",
    phases: whole({ visibility_m: 800, weather_code: 45, cloud_cover_pct: 100, humidity_pct: 100 }),
    activities: { default: "low", hiking: "watch", road: "watch", ferry: "watch" },
    transport: { default: "low", road: "watch", bus: "watch", ferry: "watch", ferry_small: "watch" },
  },
  {
    id: "thunderstorm",
    cite: "NWS 'When thunder roars, go indoors'; WMO 95",
    phases: whole({
      weather_code: 95,
      precipitation_mm_h: 5,
      precipitation_probability: 90,
      wind_gust_ms: 15,
      cloud_cover_pct: 100,
    }),
    activities: { default: "warning", indoor: "watch", road: "watch", rail: "watch" },
    transport: { default: "warning", road: "watch", bus: "watch", rail: "watch" },
  },
  {
    id: "heavy snowfall at -3 °C",
    cite: "WMO 75 heavy snowfall",
    phases: whole({
      weather_code: 75,
      temperature_c: -3,
      feels_like_c: -6,
      precipitation_mm_h: 3,
      precipitation_probability: 90,
      visibility_m: 1500,
      cloud_cover_pct: 100,
    }),
    activities: { default: "warning", indoor: ["low", "watch"], ferry: "watch" },
    transport: { default: "warning", ferry: "watch", ferry_small: "watch" },
  },
  {
    id: "light snowfall at -2 °C",
    cite: "WMO 71 slight snowfall; snow is a warning for road traffic",
    phases: whole({
      weather_code: 71,
      temperature_c: -2,
      feels_like_c: -4,
      precipitation_mm_h: 0.5,
      precipitation_probability: 80,
      cloud_cover_pct: 100,
    }),
    activities: { default: "low", outdoor: "watch", road: "warning", rail: "watch" },
    transport: {
      default: "low",
      road: "warning",
      bus: "watch",
      rail: "watch",
      foot: "watch",
      cycle: ["watch", "warning"],
    },
  },
  {
    id: "severe weather alert",
    cite: "CAP severity severe/extreme: follow official advice",
    phases: whole({ alert_event: "Test Storm Warning", severity: "severe" }),
    // Issue 39: indoors only getting there is exposed (watch, alert named).
    activities: { default: "warning", indoor: "watch" },
    transport: { default: "warning" },
  },
  {
    id: "extreme weather alert",
    cite: "CAP severity extreme: extraordinary threat to life or property; indoors too",
    phases: whole({ alert_event: "Red Wind Warning", severity: "extreme" }),
    activities: { default: "warning" },
    transport: { default: "warning" },
  },
  {
    id: "severe flood warning",
    cite: "A flood reaches people inside buildings (NWS Flood Warning: move to higher ground)",
    phases: whole({ alert_event: "Flood Warning", severity: "severe" }),
    activities: { default: "warning" },
    transport: { default: "warning" },
  },
  {
    id: "hazardous air: US AQI 350",
    cite: "EPA AirNow 301+ Hazardous: everyone should avoid all physical activity outdoors",
    phases: whole({ us_aqi: 350, pm2_5: 300 }),
    activities: { default: "low", outdoor: "warning" },
    transport: { default: "low", foot: "warning", cycle: "warning" },
  },
  {
    id: "very unhealthy air: US AQI 250",
    cite: "EPA AirNow 201-300 Very Unhealthy: health alert, everyone avoid prolonged or heavy exertion",
    phases: whole({ us_aqi: 250, pm2_5: 200 }),
    activities: { default: "low", outdoor: "watch", hiking: "warning", walking_tour: "warning", cycling: "warning" },
    transport: { default: "low", foot: "watch", cycle: "warning" },
  },
  {
    id: "short steep sea: 1 m every 3 s",
    cite: "Steepness H/L = 1/14 (L = 1.56 T^2), near breaking (1/7): slams and swamps small craft; EU 2009/45/EC class D 1.5 m",
    phases: whole({ wave_height_m: 1, wave_period_s: 3, wave_direction_deg: 200 }),
    activities: { default: "low" },
    transport: { default: "low", ferry_small: "warning" },
  },
  {
    id: "long swell: 1 m every 12 s",
    cite: "Swell (steepness 1/225) under the WMO moderate sea (1.25 m): no concern for any vessel",
    phases: whole({ wave_height_m: 1, wave_period_s: 12, wave_direction_deg: 200 }),
    activities: { default: "low" },
    transport: { default: "low" },
  },
  {
    id: "minor weather alert",
    cite: "CAP severity minor: worth checking when outdoors or travelling",
    phases: whole({ alert_event: "Test Frost Advisory", severity: "minor" }),
    activities: { default: "low", outdoor: "watch" },
    transport: { default: "watch" },
  },
  {
    id: "black ice: rain at +2 °C, then -2 °C",
    cite: "NWS black ice: wet surfaces refreeze when the temperature falls to 0 °C",
    phases: [
      { fromH: -13, toH: 0, params: { ...CALM, ...rain(2, 61), temperature_c: 2, feels_like_c: 0 } },
      {
        fromH: 0,
        toH: 3,
        params: { ...CALM, temperature_c: -2, feels_like_c: -5, cloud_cover_pct: 90, weather_code: 3 },
      },
    ],
    activities: { default: "warning", indoor: "watch", rail: "watch", ferry: "watch" },
    transport: { default: "warning", rail: "watch", ferry: "watch", ferry_small: "watch" },
  },
  {
    id: "snow on the road: snowfall ended, still -3 °C",
    cite: "FHWA Road Weather Management: snow stays on untreated roads while air <= 0 °C",
    phases: [
      {
        fromH: -13,
        toH: -2,
        params: {
          ...CALM,
          weather_code: 73,
          temperature_c: -3,
          feels_like_c: -6,
          precipitation_mm_h: 1.5,
          cloud_cover_pct: 100,
        },
      },
      {
        fromH: -2,
        toH: 3,
        params: { ...CALM, temperature_c: -3, feels_like_c: -6, cloud_cover_pct: 90, weather_code: 3 },
      },
    ],
    activities: { default: "low", road: "warning" },
    transport: { default: "low", road: "warning", bus: "watch" },
  },
];

/** Expected level(s) for a profile: its own name, then its group, then the default. */
export function expected(map: Record<string, Expect>, groups: Record<string, string[]>, name: string): Level[] {
  const group = Object.keys(groups).find((g) => groups[g].includes(name));
  const e = map[name] ?? (group ? map[group] : undefined) ?? map.default;
  return Array.isArray(e) ? e : [e];
}
