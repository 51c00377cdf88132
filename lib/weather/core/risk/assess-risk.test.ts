import { describe, expect, it } from "vitest";
import { assessRisk } from "./assess-risk";
import {
  ACTIVITY_PROFILES,
  ACTIVITY_TYPES,
  activityProfile,
  OUTDOOR_DEFAULT,
  TRANSPORT_MODES,
  TRANSPORT_PROFILES,
} from "./profiles";
import { NO_SUPPLEMENTS } from "./supplements";
import type { RiskInputs } from "./types";

const calm: RiskInputs = {
  precipitationProbabilityPct: 5,
  precipitationMmH: 0,
  feelsLikeMaxC: 20,
  feelsLikeMinC: 15,
  windSpeedMs: 3,
  windGustMs: 5,
  uvIndex: 3,
  visibilityM: 20000,
  weatherCodes: [1],
  alerts: [],
};
const MPH = 0.44704;

type Row = [string, string, Partial<RiskInputs>, "low" | "watch" | "warning", string | null];

// [case, profile, inputs over calm, level, top reason code]
const TABLE: Row[] = [
  ["calm day", "outdoor_default", {}, "low", null],
  ["rain likely at 60% (NWS 'likely')", "sightseeing", { precipitationProbabilityPct: 60 }, "watch", "rain_likely"],
  ["59% is only a chance", "sightseeing", { precipitationProbabilityPct: 59 }, "low", null],
  [
    "AMS heavy rain 7.6 mm/h",
    "hiking",
    { precipitationMmH: 7.6, precipitationProbabilityPct: 95 },
    "warning",
    "heavy_rain",
  ],
  [
    "Met Office heavy 4 mm/h warns walkers; the code stays AMS moderate",
    "walking_tour",
    { precipitationMmH: 4 },
    "warning",
    "moderate_rain",
  ],
  [
    "4 mm/h is moderate for a generic outdoor plan",
    "outdoor_default",
    { precipitationMmH: 4 },
    "watch",
    "moderate_rain",
  ],
  [
    "heavy rain (AMS > 7.6) is only a watch indoors, but still called heavy",
    "museum",
    { precipitationMmH: 9, precipitationProbabilityPct: 95 },
    "watch",
    "heavy_rain",
  ],
  ["Met Office violent rain > 50 mm/h", "sightseeing", { precipitationMmH: 51 }, "warning", "violent_rain"],
  ["NWS wind advisory gusts 46 mph", "event", { windGustMs: 46 * MPH }, "watch", "strong_gusts"],
  ["NWS high wind warning gusts 58 mph", "event", { windGustMs: 58 * MPH }, "warning", "strong_gusts"],
  ["Beaufort 6 stops cyclists", "cycling", { windSpeedMs: 11 }, "warning", "strong_wind"],
  ["Beaufort 5 slows cyclists", "cycling", { windSpeedMs: 8.5 }, "watch", "strong_wind"],
  ["small craft advisory for a ferry", "ferry", { windSpeedMs: 12 }, "watch", "strong_wind"],
  ["gale for a ferry", "ferry", { windSpeedMs: 18 }, "warning", "strong_wind"],
  ["heat: NWS extreme caution 32.2 °C", "free_time", { feelsLikeMaxC: 33 }, "watch", "heat"],
  ["heat: NWS danger 39.4 °C", "free_time", { feelsLikeMaxC: 40 }, "warning", "heat"],
  ["hikers: NWS caution 26.7 °C", "hiking", { feelsLikeMaxC: 27 }, "watch", "heat"],
  ["cold: ECCC wind chill -10", "walking", { feelsLikeMinC: -12 }, "watch", "cold"],
  ["cold: ECCC wind chill -28", "walking", { feelsLikeMinC: -30 }, "warning", "cold"],
  ["UV: WHO high 6", "sightseeing", { uvIndex: 6.5 }, "watch", "uv_high"],
  ["UV: WHO very high is a warning at the beach", "beach", { uvIndex: 9 }, "warning", "uv_high"],
  ["UV does not matter in a museum", "museum", { uvIndex: 11 }, "low", null],
  ["fog < 1 km for drivers", "driving", { visibilityM: 800 }, "watch", "low_visibility"],
  ["dense fog <= 400 m for drivers", "driving", { visibilityM: 300 }, "warning", "low_visibility"],
  ["fog does not stop a train", "train", { visibilityM: 100 }, "low", null],
  ["thunderstorm outdoors", "beach", { weatherCodes: [95] }, "warning", "thunderstorm"],
  ["thunderstorm for a car is a watch", "driving", { weatherCodes: [95] }, "watch", "thunderstorm"],
  ["freezing rain code on the road", "airport_transfer", { weatherCodes: [66] }, "warning", "freezing_rain"],
  ["heavy snow for a walker", "walking", { weatherCodes: [75] }, "warning", "snow"],
  ["light snow for a walker", "walking", { weatherCodes: [71] }, "watch", "snow"],
  [
    "unknown activity -> outdoor default",
    "underwater basket weaving",
    { precipitationProbabilityPct: 80 },
    "watch",
    "rain_likely",
  ],
];

describe("risk engine (table-driven)", () => {
  it.each(TABLE)("%s", (_name, profileName, over, level, top) => {
    const profile =
      profileName === "ferry" || profileName === "train"
        ? ACTIVITY_PROFILES[profileName]
        : activityProfile(profileName);
    const risk = assessRisk({ ...calm, ...over }, profile);
    expect(risk.level).toBe(level);
    expect(risk.reasons[0]?.code ?? null).toBe(top);
    if (level === "low") expect(risk.recommendation).toBeNull();
    else expect(risk.recommendation).toMatch(/\w{3,}/);
  });

  it("alerts by profile (issue 39): severe warns outdoors, indoors it is a watch for getting there unless extreme or the hazard reaches indoors", () => {
    const alert = (severity: "severe" | "extreme" | "moderate" | "minor", event = "Orange wind warning") => ({
      id: "a",
      event,
      severity,
      starts: null,
      ends: null,
      source: "MeteoAlarm",
    });
    const indoor = new Set(["dining", "museum", "shopping", "indoor"]);
    for (const name of ACTIVITY_TYPES) {
      const r = assessRisk({ ...calm, alerts: [alert("severe")] }, ACTIVITY_PROFILES[name]);
      expect(r.reasons[0]).toMatchObject({ code: "severe_alert", level: indoor.has(name) ? "watch" : "warning" });
      expect(r.reasons[0].message).toContain("Orange wind warning");
      expect(assessRisk({ ...calm, alerts: [alert("extreme")] }, ACTIVITY_PROFILES[name]).level).toBe("warning");
    }
    expect(
      assessRisk({ ...calm, alerts: [alert("severe", "Hurricane Warning")] }, ACTIVITY_PROFILES.museum).level,
    ).toBe("warning");
    expect(assessRisk({ ...calm, alerts: [alert("severe", "Flood Warning")] }, ACTIVITY_PROFILES.dining).level).toBe(
      "warning",
    );
    expect(assessRisk({ ...calm, alerts: [alert("moderate", "Flood Watch")] }, ACTIVITY_PROFILES.museum).level).toBe(
      "watch",
    );
    expect(assessRisk({ ...calm, alerts: [alert("minor")] }, ACTIVITY_PROFILES.beach).level).toBe("watch");
    expect(assessRisk({ ...calm, alerts: [alert("minor")] }, ACTIVITY_PROFILES.museum).level).toBe("low");
    // A country-level notice (area not placed) rates nothing.
    expect(
      assessRisk({ ...calm, alerts: [{ ...alert("extreme"), scope: "country" as const }] }, ACTIVITY_PROFILES.beach)
        .level,
    ).toBe("low");
  });

  it("hazardous air (issue 39): very unhealthy is at least a watch and hazardous a warning for every outdoor profile", () => {
    const air = (usAqi: number | null, europeanAqi: number | null = null) => ({
      ...calm,
      supplements: { ...NO_SUPPLEMENTS, usAqi, europeanAqi },
    });
    const outdoor = Object.values(ACTIVITY_PROFILES).filter((p) => p.outdoor);
    expect(outdoor.map((p) => p.name)).toEqual(expect.arrayContaining(["sightseeing", "walking", "beach", "event"]));
    for (const p of outdoor) {
      expect(assessRisk(air(250), p).level, p.name).not.toBe("low");
      expect(assessRisk(air(350), p)).toMatchObject({
        level: "warning",
        reasons: [{ code: "poor_air_quality", level: "warning" }],
      });
      expect(assessRisk(air(null, 120), p).level, p.name).not.toBe("low");
    }
    expect(assessRisk(air(250), ACTIVITY_PROFILES.sightseeing).level).toBe("watch");
    expect(assessRisk(air(160), ACTIVITY_PROFILES.sightseeing).level).toBe("low");
    expect(assessRisk(air(160), ACTIVITY_PROFILES.hiking).level).toBe("warning");
    expect(assessRisk(air(350), ACTIVITY_PROFILES.museum).level).toBe("low");
  });

  it("reasons are ordered warning first and the recommendation follows the top one", () => {
    const r = assessRisk({ ...calm, precipitationProbabilityPct: 70, windGustMs: 27 }, OUTDOOR_DEFAULT);
    expect(r.reasons.map((x) => x.level)).toEqual(["warning", "watch"]);
    expect(r.reasons[0].code).toBe("strong_gusts");
    expect(r.recommendation).toMatch(/gusts/);
  });

  it("every canonical activity and transport mode has a profile with an outdoor flag; nulls never raise risk", () => {
    expect(Object.keys(ACTIVITY_PROFILES).sort()).toEqual([...ACTIVITY_TYPES].sort());
    expect(Object.keys(TRANSPORT_PROFILES).sort()).toEqual([...TRANSPORT_MODES].sort());
    const nothing: RiskInputs = {
      ...calm,
      precipitationProbabilityPct: null,
      precipitationMmH: null,
      feelsLikeMaxC: null,
      feelsLikeMinC: null,
      windSpeedMs: null,
      windGustMs: null,
      uvIndex: null,
      visibilityM: null,
      weatherCodes: [],
    };
    for (const p of [...Object.values(ACTIVITY_PROFILES), ...Object.values(TRANSPORT_PROFILES)]) {
      expect(typeof p.outdoor).toBe("boolean");
      expect(assessRisk(nothing, p).level).toBe("low");
    }
    expect(ACTIVITY_PROFILES.museum.outdoor).toBe(false);
    expect(ACTIVITY_PROFILES.beach.outdoor).toBe(true);
  });
});

describe("sea state (issue 39): wave period and WMO sea-state names", () => {
  const sea = (waveHeightM: number, wavePeriodS: number | null) => ({
    ...calm,
    supplements: { ...NO_SUPPLEMENTS, waveHeightM, wavePeriodS },
  });
  const boat = activityProfile("kayaking");
  it("a short, steep sea is worse for small craft than a long swell of the same height", () => {
    expect(assessRisk(sea(1.0, 10), boat).level).toBe("low");
    expect(assessRisk(sea(1.0, 3), boat)).toMatchObject({
      level: "warning",
      reasons: [{ code: "steep_sea", level: "warning" }],
    });
    expect(assessRisk(sea(1.0, 3), boat).reasons[0].message).toMatch(/steep.*1 m.*3 s/i);
    expect(assessRisk(sea(1.3, 12), boat)).toMatchObject({ level: "watch", reasons: [{ code: "moderate_sea" }] });
    expect(assessRisk(sea(1.3, 4), boat)).toMatchObject({ level: "warning", reasons: [{ code: "steep_sea" }] });
    // Large ferries do not care about steepness at these heights.
    expect(assessRisk(sea(1.0, 3), TRANSPORT_PROFILES.ferry).level).toBe("low");
  });
  it("reason codes follow WMO sea state 3700 whatever the level: moderate 1.25-2.5 m, rough 2.5-4 m, high_waves from 4 m", () => {
    expect(assessRisk(sea(1.25, null), boat).reasons[0]).toMatchObject({ code: "moderate_sea", level: "watch" });
    expect(assessRisk(sea(1.25, null), boat).reasons[0].message).toMatch(/^Moderate sea/);
    expect(assessRisk(sea(1.6, null), boat).reasons[0]).toMatchObject({ code: "moderate_sea", level: "warning" });
    expect(assessRisk(sea(2.6, null), TRANSPORT_PROFILES.ferry).reasons[0]).toMatchObject({
      code: "rough_sea",
      level: "watch",
    });
    expect(assessRisk(sea(4.2, null), TRANSPORT_PROFILES.ferry).reasons[0]).toMatchObject({
      code: "high_waves",
      level: "warning",
    });
    for (const r of [sea(1.3, null), sea(2.0, 6)].flatMap((s) => assessRisk(s, boat).reasons))
      expect(r.code).not.toBe("rough_sea");
  });
});

describe("activityProfile: free-form types", () => {
  it("a name of Object.prototype's members is an unknown type (the outdoor default), never the member", () => {
    const fallback = activityProfile("a type nobody defined");
    for (const t of ["constructor", "toString", "__proto__", "hasOwnProperty", "valueOf", " Constructor "]) {
      const p = activityProfile(t);
      expect(p, t).toBe(fallback);
      expect(typeof p.outdoor, t).toBe("boolean");
    }
    expect(activityProfile("kayaking").name).toBe("boat_tour");
  });
});
