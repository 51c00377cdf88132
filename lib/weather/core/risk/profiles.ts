import type { RiskLevel } from "./types";
import { COLD, HEAT, RAIN, SEA, UV, VISIBILITY, WIND } from "./thresholds";

/** A watch and/or warning bound for one hazard; null/absent = not assessed for this profile. */
export interface Band {
  watch?: number;
  warning?: number;
}

/** Who the advice speaks to (wording only; levels come from the bands). */
export type Audience = "outdoor" | "indoor" | "road" | "rail" | "ferry" | "foot" | "cycle";

export interface RiskProfile {
  name: string;
  kind: "activity" | "indoor" | "transport";
  audience: Audience;
  outdoor: boolean;
  /** Road modes: snow lying on the road (snow_on_road, at the `snow` level). */
  roadSurface?: boolean;
  /** Precipitation probability, % (>=). Produces rain_likely (watch only). */
  rainProbability?: number;
  /** Precipitation rate, mm/h (>=). The code follows the physical class; the band gives the level. */
  rainRate?: Band;
  windSpeed?: Band;
  windGust?: Band;
  /** Apparent temperature maximum, °C (>=). */
  heat?: Band;
  /** Apparent temperature minimum, °C (<=). */
  cold?: Band;
  uv?: Band;
  /** Visibility, m (<=). */
  visibility?: Band;
  thunderstorm?: RiskLevel;
  snow?: RiskLevel;
  ice?: RiskLevel;
  /**
   * Significant wave height, m (>=), for ferries and water activities. The band gives the level; the
   * reason code names the WMO sea state of the height (moderate_sea, rough_sea, high_waves) or
   * steep_sea when a short, steep sea raised it (risk/supplements.ts).
   */
  waves?: Band;
  /** Small craft: short, steep seas count higher at the same height (wave period, STEEPNESS). */
  smallCraft?: boolean;
  /** Strenuous outdoor effort: air quality and pollen reasons apply (EPA/EEA bands). */
  exertion?: boolean;
}

const outdoorBase: Omit<RiskProfile, "name"> = {
  kind: "activity",
  audience: "outdoor",
  outdoor: true,
  rainProbability: RAIN.likelyPct,
  rainRate: { watch: RAIN.moderateMmH, warning: RAIN.heavyMmH },
  windSpeed: { watch: WIND.advisorySustainedMs, warning: WIND.warningSustainedMs },
  windGust: { watch: WIND.advisoryGustMs, warning: WIND.warningGustMs },
  heat: { watch: HEAT.extremeCautionC, warning: HEAT.dangerC },
  cold: { watch: COLD.moderateC, warning: COLD.highC },
  uv: { watch: UV.high, warning: UV.extreme },
  thunderstorm: "warning",
  snow: "watch",
  ice: "warning",
};

const indoorBase: Omit<RiskProfile, "name"> = {
  kind: "indoor",
  audience: "indoor",
  outdoor: false,
  // Indoors only getting there matters: flag damaging wind, storms, ice and dangerous cold.
  windGust: { watch: WIND.warningGustMs },
  windSpeed: { watch: WIND.warningSustainedMs },
  rainRate: { watch: RAIN.heavyMmH },
  cold: { watch: COLD.highC },
  thunderstorm: "watch",
  ice: "watch",
};

const roadBase: Omit<RiskProfile, "name"> = {
  kind: "transport",
  audience: "road",
  roadSurface: true,
  outdoor: false,
  // Drivers: visibility, ice, heavy rain (aquaplaning), snow, high winds for high-sided vehicles.
  rainRate: { watch: RAIN.moderateMmH, warning: RAIN.heavyMmH },
  windGust: { watch: WIND.advisoryGustMs, warning: WIND.warningGustMs },
  windSpeed: { watch: WIND.advisorySustainedMs, warning: WIND.warningSustainedMs },
  visibility: { watch: VISIBILITY.fogM, warning: VISIBILITY.denseFogM },
  thunderstorm: "watch",
  snow: "warning",
  ice: "warning",
};

/** Outdoor default profile: unknown activity types use it. */
export const OUTDOOR_DEFAULT: RiskProfile = { name: "outdoor_default", ...outdoorBase };

export const TRANSPORT_MODES = ["car", "bus", "train", "ferry", "walking", "cycling", "shuttle", "transfer"] as const;
export type TransportMode = (typeof TRANSPORT_MODES)[number];

export const TRANSPORT_PROFILES: Record<TransportMode, RiskProfile> = {
  car: { name: "car", ...roadBase },
  bus: { name: "bus", ...roadBase, rainRate: { watch: RAIN.heavyMmH }, snow: "watch" },
  shuttle: { name: "shuttle", ...roadBase },
  transfer: { name: "transfer", ...roadBase },
  // Rail: only what stops trains (high winds, heavy snow/ice, storms); rain and fog barely matter.
  train: {
    name: "train",
    kind: "transport",
    audience: "rail",
    outdoor: false,
    windGust: { watch: WIND.advisoryGustMs, warning: WIND.warningGustMs },
    snow: "watch",
    ice: "watch",
    thunderstorm: "watch",
  },
  // A ferry cares about wind and sea fog (NWS small craft advisory and gale thresholds).
  ferry: {
    name: "ferry",
    kind: "transport",
    audience: "ferry",
    outdoor: false,
    windSpeed: { watch: WIND.smallCraftMs, warning: WIND.galeMs },
    windGust: { watch: WIND.advisoryGustMs, warning: WIND.warningGustMs },
    visibility: { watch: VISIBILITY.marineDenseFogM, warning: VISIBILITY.denseFogM },
    thunderstorm: "warning",
    ice: "watch",
    // Large ferry (default vessel): rough from the class B/C design height, cancellations past it.
    waves: { watch: SEA.roughM, warning: SEA.largeFerryCancelM },
  },
  walking: {
    name: "walking",
    ...outdoorBase,
    kind: "transport",
    audience: "foot",
    rainRate: { watch: RAIN.moderateMmH, warning: RAIN.heavyMetOfficeMmH },
  },
  // Cyclists breathe hard: air quality and pollen apply (exertion).
  // Cyclists: wind (Beaufort 5/6) and rain (Met Office heavy) matter most.
  cycling: {
    name: "cycling",
    ...outdoorBase,
    kind: "transport",
    audience: "cycle",
    rainRate: { watch: RAIN.moderateMmH, warning: RAIN.heavyMetOfficeMmH },
    windSpeed: { watch: WIND.beaufort5Ms, warning: WIND.beaufort6Ms },
    windGust: { watch: WIND.beaufort6Ms, warning: WIND.advisoryGustMs },
    visibility: { warning: VISIBILITY.denseFogM },
    heat: { watch: HEAT.cautionC, warning: HEAT.extremeCautionC },
    exertion: true,
  },
};

export const VESSELS = ["large", "small", "fast"] as const;
export type Vessel = (typeof VESSELS)[number];

/**
 * Small craft (water taxis, RIBs, small passenger boats): wind matters from Beaufort 4
 * (watch) and the NWS Small Craft Advisory (22 kt) is already a warning; gusts from
 * the small craft / gale levels. Large ferries keep the small craft / gale bands.
 */
export const SMALL_FERRY: RiskProfile = {
  ...TRANSPORT_PROFILES.ferry,
  name: "ferry_small",
  windSpeed: { watch: WIND.beaufort4Ms, warning: WIND.smallCraftMs },
  windGust: { watch: WIND.smallCraftMs, warning: WIND.galeMs },
  rainRate: { warning: RAIN.heavyMmH },
  waves: { watch: SEA.moderateM, warning: SEA.classDM },
  smallCraft: true,
};

/** Fast craft (catamarans, hydrofoils): wind bands of a large ferry, waves limited like class D / B-C. */
export const FAST_FERRY: RiskProfile = {
  ...TRANSPORT_PROFILES.ferry,
  name: "ferry_fast",
  waves: { watch: SEA.classDM, warning: SEA.roughM },
  smallCraft: true,
};

export function ferryProfile(vessel: Vessel | undefined, base: RiskProfile): RiskProfile {
  if (vessel === "small")
    return { ...SMALL_FERRY, name: base.name === "ferry" ? "ferry_small" : `${base.name}_small`, kind: base.kind };
  if (vessel === "fast")
    return { ...FAST_FERRY, name: base.name === "ferry" ? "ferry_fast" : `${base.name}_fast`, kind: base.kind };
  return base;
}

export const ACTIVITY_TYPES = [
  "walking",
  "walking_tour",
  "hiking",
  "beach",
  "dining",
  "outdoor_dining",
  "museum",
  "shopping",
  "driving",
  "train",
  "ferry",
  "cycling",
  "airport_transfer",
  "event",
  "sightseeing",
  "free_time",
  "indoor",
] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

export const ACTIVITY_PROFILES: Record<ActivityType, RiskProfile> = {
  walking: { ...TRANSPORT_PROFILES.walking, name: "walking", kind: "activity" },
  walking_tour: {
    name: "walking_tour",
    ...outdoorBase,
    rainRate: { watch: RAIN.moderateMmH, warning: RAIN.heavyMetOfficeMmH },
    exertion: true,
  },
  // Strenuous and exposed: heat caution earlier (NWS "Caution"), wind earlier (Beaufort 6).
  hiking: {
    name: "hiking",
    ...outdoorBase,
    rainRate: { watch: RAIN.moderateMmH, warning: RAIN.heavyMetOfficeMmH },
    heat: { watch: HEAT.cautionC, warning: HEAT.extremeCautionC },
    windSpeed: { watch: WIND.beaufort6Ms, warning: WIND.advisorySustainedMs },
    visibility: { watch: VISIBILITY.fogM, warning: VISIBILITY.denseFogM },
    exertion: true,
  },
  // Long sun exposure: UV warns at WHO "very high"; any real chance of rain spoils it.
  // Swimmers: moderate sea a watch, rough sea (WMO 5) dangerous.
  beach: {
    name: "beach",
    ...outdoorBase,
    rainProbability: RAIN.likelyPct,
    uv: { watch: UV.high, warning: UV.veryHigh },
    waves: { watch: SEA.moderateM, warning: SEA.roughM },
  },
  dining: { name: "dining", ...indoorBase },
  outdoor_dining: {
    name: "outdoor_dining",
    ...outdoorBase,
    windSpeed: { watch: WIND.beaufort5Ms, warning: WIND.advisorySustainedMs },
  },
  museum: { name: "museum", ...indoorBase },
  shopping: { name: "shopping", ...indoorBase },
  driving: { ...TRANSPORT_PROFILES.car, name: "driving", kind: "activity" },
  train: { ...TRANSPORT_PROFILES.train, kind: "activity" },
  ferry: { ...TRANSPORT_PROFILES.ferry, kind: "activity" },
  cycling: { ...TRANSPORT_PROFILES.cycling, kind: "activity" },
  airport_transfer: { ...TRANSPORT_PROFILES.transfer, name: "airport_transfer", kind: "activity" },
  event: { name: "event", ...outdoorBase },
  sightseeing: { name: "sightseeing", ...outdoorBase },
  free_time: { name: "free_time", ...outdoorBase },
  // A stay, a class, anything under a roof: only getting there matters (trip weather's default for stays).
  indoor: { name: "indoor", ...indoorBase },
};

/**
 * Free-form names with a profile of their own that are not canonical types (issue 31): boat tours
 * are small craft on the water; running is strenuous like hiking.
 */
const ALIAS_PROFILES: Record<string, RiskProfile> = {
  boat_tour: { ...SMALL_FERRY, name: "boat_tour", kind: "activity", audience: "outdoor", outdoor: true },
  running: { ...ACTIVITY_PROFILES.hiking, name: "running" },
};
const ALIASES: Record<string, string> = {
  boat_tour: "boat_tour",
  boat_trip: "boat_tour",
  sailing: "boat_tour",
  kayaking: "boat_tour",
  kayak: "boat_tour",
  canoe: "boat_tour",
  canoeing: "boat_tour",
  rowing: "boat_tour",
  paddleboarding: "boat_tour",
  sup: "boat_tour",
  windsurfing: "boat_tour",
  boat: "boat_tour",
  // Water activities of issue 38: small craft or in the surf, never a large ferry's bands.
  surfing: "boat_tour",
  surf: "boat_tour",
  snorkelling: "boat_tour",
  snorkeling: "boat_tour",
  fishing: "boat_tour",
  rafting: "boat_tour",
  swimming: "beach",
  running: "running",
  jogging: "running",
  trail_running: "running",
};

/** Profile for a free-form activity type: canonical ones by name, the aliases above, anything else the outdoor default. */
export function activityProfile(activityType: string | null | undefined): RiskProfile {
  const key = (activityType ?? "").trim().toLowerCase();
  // Own keys only: a free-form type such as "constructor" or "toString" must not find Object.prototype's
  // members (the fuzzer sent one; the trip weather answer then lacked `outdoor`).
  const canonical: Record<string, RiskProfile> = ACTIVITY_PROFILES;
  const alias = own(ALIASES, key);
  return (
    own(canonical, key) ??
    (alias ? (own(ALIAS_PROFILES, alias) ?? own(canonical, alias)) : undefined) ??
    OUTDOOR_DEFAULT
  );
}

function own<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

export function isTransportMode(v: string): v is TransportMode {
  return (TRANSPORT_MODES as readonly string[]).includes(v);
}
