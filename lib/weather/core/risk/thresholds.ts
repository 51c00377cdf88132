/**
 * Public thresholds the risk profiles are built from. Every number cites its source.
 * Units: m/s, mm/h, °C, metres, %.
 */
const MPH = 0.44704;
const KNOT = 0.514444;

export const RAIN = {
  /** AMS Glossary of Meteorology, "Rain": moderate rain 2.6–7.6 mm/h (light is up to 2.5 mm/h). */
  moderateMmH: 2.6,
  /** AMS Glossary of Meteorology, "Rain": heavy rain > 7.6 mm/h. */
  heavyMmH: 7.6,
  /** Met Office "Rainfall intensity" classes: heavy rain > 4 mm/h (stricter, used for people on foot/bike). */
  heavyMetOfficeMmH: 4,
  /** NWS Probability of Precipitation wording: 60–70 % = "likely" (weather.gov/ffc/pop). */
  likelyPct: 60,
  /** NWS PoP wording: 30–50 % = "chance" (used where rain spoils the activity itself, e.g. beach). */
  chancePct: 30,
  /** Met Office "Rainfall intensity": violent rain > 50 mm/h. */
  violentMmH: 50,
  /** WMO: 0.1 mm is the smallest measurable precipitation amount (Guide to Instruments, WMO-No. 8). */
  measurableMm: 0.1,
} as const;

/** Derived hazards (risk/derived.ts). */
export const FREEZING = {
  /** AMS Glossary "Freezing rain": liquid precipitation falling with surface air temperature at or below 0 °C. */
  airC: 0,
  /** NWS "Black ice" (weather.gov/safety/winter-ice-frost): wet roads or fog refreeze when the temperature falls to 0 °C; we look back 6 h for wetness. */
  wetLookbackHours: 6,
  /** FHWA Road Weather Management ("Snow and Ice"): snow stays on untreated roads while air stays <= 0 °C; we look back 12 h for snowfall. */
  snowLookbackHours: 12,
} as const;

/** NWS wind chill (JAG/TI 2001, weather.gov/safety/cold-wind-chill-chart): defined for T <= 10 °C (50 °F) and wind >= 4.8 km/h (3 mph). */
export const WIND_CHILL = { maxC: 10, minWindKmh: 4.8 } as const;

/** NWS heat index (Rothfusz 1990, wpc.ncep.noaa.gov/html/heatindex_equation.shtml): the regression applies from 80 °F (26.7 °C). */
export const HEAT_INDEX = { minF: 80 } as const;

export const WIND = {
  /** Beaufort force 5 "fresh breeze" starts at 8.0 m/s (Met Office Beaufort wind force scale). */
  beaufort5Ms: 8.0,
  /** Beaufort force 6 "strong breeze" starts at 10.8 m/s (Met Office Beaufort scale). */
  beaufort6Ms: 10.8,
  /** NWS Wind Advisory: sustained 31–39 mph for 1 h or more (weather.gov/safety/wind-ww). */
  advisorySustainedMs: 31 * MPH,
  /** NWS Wind Advisory: gusts 46–57 mph. */
  advisoryGustMs: 46 * MPH,
  /** NWS High Wind Warning: sustained >= 40 mph. */
  warningSustainedMs: 40 * MPH,
  /** NWS High Wind Warning: gusts >= 58 mph. */
  warningGustMs: 58 * MPH,
  /** NWS Small Craft Advisory: sustained winds typically from 22 kt (weather.gov/marine/glossary). */
  smallCraftMs: 22 * KNOT,
  /** NWS Gale Warning: sustained 34–47 kt (weather.gov/marine/glossary). */
  galeMs: 34 * KNOT,
  /** Beaufort force 4 "moderate breeze" from 11 kt (5.5 m/s): small waves, the limit for open small boats in most harbour guidance. */
  beaufort4Ms: 5.5,
} as const;

export const HEAT = {
  /** NWS heat index "Extreme Caution": 90–103 °F (32.2–39.4 °C) (weather.gov/safety/heat-index). */
  extremeCautionC: 32.2,
  /** NWS heat index "Danger": 103–124 °F (39.4–51.1 °C). Apparent temperature is used as the heat index. */
  dangerC: 39.4,
  /** NWS heat index "Caution": 80–90 °F (26.7 °C); used for strenuous activities (hiking, cycling). */
  cautionC: 26.7,
} as const;

export const COLD = {
  /** Environment and Climate Change Canada wind chill: -10 to -27 = moderate risk, hypothermia with long exposure. */
  moderateC: -10,
  /** ECCC wind chill: -28 to -39 = high risk, exposed skin can freeze in 10–30 minutes. */
  highC: -28,
} as const;

export const UV = {
  /** WHO Global Solar UV Index (2002): 6–7 = high, protection required. */
  high: 6,
  /** WHO UVI: 8–10 = very high, extra protection, avoid midday sun. */
  veryHigh: 8,
  /** WHO UVI: 11+ = extreme. */
  extreme: 11,
} as const;

export const VISIBILITY = {
  /** WMO / Met Office definition of fog: visibility below 1,000 m. */
  fogM: 1000,
  /** NWS Dense Fog Advisory: visibility 1/4 mile (~400 m) or less (weather.gov/safety/fog-ww). */
  denseFogM: 400,
  /** Marine dense fog: visibility 1 nautical mile (1,852 m) or less (NWS Marine Dense Fog Advisory). */
  marineDenseFogM: 1852,
} as const;

/** WMO 4677 codes (Open-Meteo table): thunderstorm 95–99; snow 71–77, 85–86; freezing drizzle/rain 56–57, 66–67. */
export const WMO = {
  thunderstorm: [95, 96, 99],
  snow: [71, 73, 75, 77, 85, 86],
  heavySnow: [75, 86],
  freezing: [56, 57, 66, 67],
  liquid: [51, 53, 55, 61, 63, 65, 80, 81, 82],
  fog: [45, 48],
} as const;

/**
 * Significant wave height, m, per vessel class (docs/weather.md "Sea state"). Anchors: WMO sea state
 * code 3700 (moderate 1.25–2.5 m, rough 2.5–4 m) and the design wave heights of EU Directive
 * 2009/45/EC passenger-ship classes (class B/C: 2.5 m, class D: 1.5 m).
 */
export const SEA = {
  /** WMO sea state 4 "moderate" starts at 1.25 m: small open boats and swimmers feel it. */
  moderateM: 1.25,
  /** EU 2009/45/EC class D (small domestic passenger craft, fast craft on sheltered routes): 1.5 m. */
  classDM: 1.5,
  /** WMO sea state 5 "rough" from 2.5 m; also the class B/C design wave height. */
  roughM: 2.5,
  /** Our warning for large ferries: a metre past the class B/C design height, where operators cancel. */
  largeFerryCancelM: 3.5,
  /** WMO sea state 6 "very rough" from 4 m (the high_waves reason names heights from here). */
  veryRoughM: 4,
} as const;

/**
 * Wave steepness H/L, L = g·T²/2π ≈ 1.56·T² m (deep-water wavelength from the period). Wind seas run
 * about 1/30 to 1/10 and waves break near 1/7 (Michell 1893); swell is flatter than 1/40. At the
 * same height a short, steep sea is harder on small craft (it pitches, slams and broaches them):
 * steep (>= 1/25) counts as 1.25 x its height for small craft, very steep (>= 1/15) as 1.5 x.
 */
export const STEEPNESS = {
  steep: 1 / 25,
  verySteep: 1 / 15,
  steepFactor: 1.25,
  verySteepFactor: 1.5,
} as const;

/**
 * Air quality bands (docs/weather.md "Air quality and pollen").
 * US AQI: EPA AirNow — 101–150 "Unhealthy for Sensitive Groups" (reduce prolonged or heavy exertion),
 * 151–200 "Unhealthy" (everyone reduce heavy exertion). European AQI: EEA index as Open-Meteo computes
 * it — 60–80 "poor" (consider reducing intense outdoor activity), 80+ "very poor" (reduce it).
 */
export const AIR = {
  usWatch: 101,
  usWarning: 151,
  europeanWatch: 60,
  europeanWarning: 80,
  /** EPA AirNow 201–300 "Very Unhealthy": health alert, everyone should avoid prolonged or heavy exertion. Every outdoor profile: watch. */
  usVeryUnhealthy: 201,
  /** EPA AirNow 301+ "Hazardous": emergency conditions, everyone should avoid all physical activity outdoors. Every outdoor profile: warning. */
  usHazardous: 301,
  /** EEA index "extremely poor" (> 100): reconsider and drastically reduce outdoor activities. Every outdoor profile: watch. */
  europeanExtremelyPoor: 100,
} as const;

/**
 * Pollen "high" levels, grains/m³ (AAAAI National Allergy Bureau scale): trees (alder, birch, olive)
 * high from 90, grass from 20, weeds (mugwort, ragweed) from 50. Pollen is at most a watch.
 */
export const POLLEN_HIGH: Record<string, number> = {
  alder: 90,
  birch: 90,
  olive: 90,
  grass: 20,
  mugwort: 50,
  ragweed: 50,
};
