import { describe, expect, it } from "vitest";
import type { HourlyPoint } from "@/lib/weather/core/types";
import {
  apparentTemperatureC,
  deriveHazards,
  heatIndexC,
  isFreezingPrecipitation,
  rainClass,
  windChillC,
} from "./derived";
import { assessRisk } from "./assess-risk";
import { ACTIVITY_PROFILES, TRANSPORT_PROFILES } from "./profiles";
import type { RiskInputs } from "./types";

const kmh = (v: number) => v / 3.6;
const fToC = (f: number) => ((f - 32) * 5) / 9;

describe("NWS wind chill (JAG/TI 2001): defined for T <= 10 °C and V >= 4.8 km/h", () => {
  // [case, °C, km/h, expected °C or null]; expected values from the ECCC / NWS wind chill tables.
  const rows: Array<[string, number, number, number | null]> = [
    ["table: -10 °C, 20 km/h -> -18", -10, 20, -17.9],
    ["table: -20 °C, 30 km/h -> -33", -20, 30, -32.6],
    ["table: 0 °C, 10 km/h -> -3", 0, 10, -3.3],
    ["edge: 10 °C is still defined", 10, 10, 8.6],
    ["edge: 10.1 °C is not", 10.1, 10, null],
    ["edge: 4.8 km/h is defined", -5, 4.8, -7.1],
    ["edge: 4.7 km/h is calm", -5, 4.7, null],
  ];
  it.each(rows)("%s", (_n, t, v, want) => {
    const got = windChillC(t, kmh(v));
    if (want === null) expect(got).toBeNull();
    else expect(got!).toBeCloseTo(want, 0);
  });
});

describe("NWS heat index (Rothfusz regression from 80 °F, Steadman below)", () => {
  // [case, °F, RH %, expected °F] from the NWS heat index chart (weather.gov/safety/heat-index).
  const rows: Array<[string, number, number, number]> = [
    ["chart: 90 °F, 50 % -> 95 °F", 90, 50, 95],
    ["chart: 96 °F, 65 % -> 121 °F", 96, 65, 121],
    ["chart: 80 °F, 40 % -> 80 °F", 80, 40, 80],
    ["chart: 100 °F, 40 % -> 109 °F", 100, 40, 109],
    ["below 80 °F the simple form: 70 °F, 50 % -> 69 °F", 70, 50, 69],
  ];
  it.each(rows)("%s", (_n, f, rh, want) => {
    const got = (heatIndexC(fToC(f), rh) * 9) / 5 + 32;
    expect(Math.abs(got - want)).toBeLessThanOrEqual(1.5);
  });

  it("apparent temperature picks wind chill, heat index or the air temperature at the edges", () => {
    expect(apparentTemperatureC(-10, 80, kmh(20))!).toBeCloseTo(-17.9, 0);
    expect(apparentTemperatureC(fToC(90), 50, 1)!).toBeCloseTo(fToC(95), 0);
    expect(apparentTemperatureC(26.6, 90, 1)).toBe(26.6); // below 80 °F: air temperature
    expect(apparentTemperatureC(15, 50, 10)).toBe(15); // neither cold nor hot
    expect(apparentTemperatureC(null, 50, 10)).toBeNull();
  });
});

const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 0, 10, 0);
function hour(i: number, over: Partial<HourlyPoint>): HourlyPoint {
  return {
    time: new Date(T0 + i * HOUR).toISOString(),
    temperatureC: 5,
    feelsLikeC: null,
    humidityPct: 80,
    windSpeedMs: 2,
    windGustMs: 4,
    windDirectionDeg: 0,
    cloudCoverPct: 90,
    visibilityM: 10000,
    uvIndex: 0,
    precipitationMm: 0,
    precipitationProbabilityPct: 10,
    weatherCode: 3,
    isDay: false,
    ...over,
  };
}

describe("freezing precipitation (AMS: liquid precipitation with air <= 0 °C)", () => {
  const rows: Array<[string, Partial<HourlyPoint>, boolean]> = [
    ["2 mm/h rain (code 63) at -1 °C", { temperatureC: -1, precipitationMm: 2, weatherCode: 63 }, true],
    ["edge: rain at exactly 0 °C", { temperatureC: 0, precipitationMm: 1, weatherCode: 61 }, true],
    ["edge: rain at 0.1 °C is plain rain", { temperatureC: 0.1, precipitationMm: 1, weatherCode: 61 }, false],
    ["edge: 0.1 mm uncoded at -2 °C is measurable", { temperatureC: -2, precipitationMm: 0.1, weatherCode: 3 }, true],
    ["edge: 0.05 mm uncoded is a trace", { temperatureC: -2, precipitationMm: 0.05, weatherCode: 3 }, false],
    ["drizzle code at -0.5 °C", { temperatureC: -0.5, precipitationMm: 0, weatherCode: 53 }, true],
    ["snow at -1 °C is snow, not freezing rain", { temperatureC: -1, precipitationMm: 2, weatherCode: 73 }, false],
    ["freezing code at +1 °C (provider says so)", { temperatureC: 1, precipitationMm: 1, weatherCode: 66 }, true],
  ];
  it.each(rows)("%s", (_n, over, want) => expect(isFreezingPrecipitation(hour(0, over))).toBe(want));
});

describe("black ice (NWS: wet surfaces refreeze) and snow on the ground (FHWA)", () => {
  const rows: Array<[string, HourlyPoint[], HourlyPoint[], { blackIce: boolean; snowOnGround: boolean }]> = [
    [
      "rain 3 h before, then -1 °C",
      [hour(0, { precipitationMm: 2, weatherCode: 61 })],
      [hour(3, { temperatureC: -1 })],
      { blackIce: true, snowOnGround: false },
    ],
    [
      "fog 6 h before (edge), then 0 °C",
      [hour(0, { weatherCode: 45, temperatureC: 2 })],
      [hour(6, { temperatureC: 0 })],
      { blackIce: true, snowOnGround: false },
    ],
    [
      "fog 7 h before is too long ago",
      [hour(0, { weatherCode: 45, temperatureC: 2 })],
      [hour(7, { temperatureC: 0 })],
      { blackIce: false, snowOnGround: false },
    ],
    [
      "wet but stays at +0.1 °C",
      [hour(0, { precipitationMm: 2, weatherCode: 61 })],
      [hour(2, { temperatureC: 0.1 })],
      { blackIce: false, snowOnGround: false },
    ],
    [
      "dry and frozen: no ice",
      [hour(0, { temperatureC: -3 })],
      [hour(2, { temperatureC: -4 })],
      { blackIce: false, snowOnGround: false },
    ],
    [
      "snow 12 h before (edge) and still -2 °C",
      [hour(0, { weatherCode: 73, temperatureC: -2, precipitationMm: 1 })],
      [hour(12, { temperatureC: -2 })],
      { blackIce: false, snowOnGround: true },
    ],
    [
      "snow 13 h before is not counted",
      [hour(0, { weatherCode: 73, temperatureC: -2, precipitationMm: 1 })],
      [hour(13, { temperatureC: -2 })],
      { blackIce: false, snowOnGround: false },
    ],
    [
      "snow but thawing at +1 °C",
      [hour(0, { weatherCode: 73, temperatureC: -2, precipitationMm: 1 })],
      [hour(3, { temperatureC: 1 })],
      { blackIce: false, snowOnGround: false },
    ],
  ];
  it.each(rows)("%s", (_n, before, window, want) => expect(deriveHazards(window, before)).toMatchObject(want));
});

describe("rain-rate class (AMS light/moderate/heavy, Met Office violent)", () => {
  const rows: Array<[number, string]> = [
    [2.5, "light"],
    [2.6, "moderate"],
    [7.5, "moderate"],
    [7.6, "heavy"],
    [50, "heavy"],
    [50.1, "violent"],
  ];
  it.each(rows)("%s mm/h is %s", (v, want) => expect(rainClass(v)).toBe(want));
});

describe("derived hazards in the engine", () => {
  const base: RiskInputs = {
    precipitationProbabilityPct: 90,
    precipitationMmH: 2,
    feelsLikeMaxC: -1,
    feelsLikeMinC: -1,
    windSpeedMs: 2,
    windGustMs: 4,
    uvIndex: 0,
    visibilityM: 10000,
    weatherCodes: [63],
    alerts: [],
    temperatureMinC: -1,
    derived: { freezingPrecipitation: true, blackIce: false, snowOnGround: false },
  };
  it.each(["car", "walking", "cycling"] as const)("freezing rain warns %s", (mode) => {
    const r = assessRisk(base, TRANSPORT_PROFILES[mode]);
    expect(r.level).toBe("warning");
    expect(r.reasons[0]).toMatchObject({ code: "freezing_rain", level: "warning" });
  });
  it("snow on the road: a warning for cars, a watch for buses, nothing for trains", () => {
    const snowy = {
      ...base,
      precipitationMmH: 0,
      weatherCodes: [3],
      derived: { freezingPrecipitation: false, blackIce: false, snowOnGround: true },
    };
    expect(assessRisk(snowy, TRANSPORT_PROFILES.car).reasons[0]).toMatchObject({
      code: "snow_on_road",
      level: "warning",
    });
    expect(assessRisk(snowy, TRANSPORT_PROFILES.bus).reasons[0]).toMatchObject({
      code: "snow_on_road",
      level: "watch",
    });
    expect(assessRisk(snowy, TRANSPORT_PROFILES.train).level).toBe("low");
  });
  it("black ice: ice reason at the profile's ice level", () => {
    const icy = {
      ...base,
      precipitationMmH: 0,
      weatherCodes: [3],
      derived: { freezingPrecipitation: false, blackIce: true, snowOnGround: false },
    };
    expect(assessRisk(icy, ACTIVITY_PROFILES.driving).reasons[0]).toMatchObject({ code: "ice", level: "warning" });
    expect(assessRisk(icy, ACTIVITY_PROFILES.museum).reasons[0]).toMatchObject({ code: "ice", level: "watch" });
  });
  it("a cyclist in strong wind is not told about boats; a ferry passenger is told about sailings", () => {
    const windy = {
      ...base,
      precipitationMmH: 0,
      weatherCodes: [3],
      feelsLikeMinC: 10,
      feelsLikeMaxC: 10,
      temperatureMinC: 10,
      windSpeedMs: 12,
      derived: undefined,
    };
    const bike = assessRisk(windy, TRANSPORT_PROFILES.cycling);
    expect(bike.reasons[0].code).toBe("strong_wind");
    expect(bike.recommendation).not.toMatch(/boat|vehicle|sailing/i);
    expect(assessRisk({ ...windy, windSpeedMs: 20 }, TRANSPORT_PROFILES.ferry).recommendation).toMatch(/sailings/i);
  });
  it("equal levels are ordered by physical severity", () => {
    const r = assessRisk(
      {
        ...base,
        derived: undefined,
        weatherCodes: [95],
        precipitationMmH: 9,
        temperatureMinC: 15,
        feelsLikeMinC: 15,
        feelsLikeMaxC: 15,
      },
      ACTIVITY_PROFILES.hiking,
    );
    expect(r.reasons.map((x) => x.code).slice(0, 2)).toEqual(["thunderstorm", "heavy_rain"]);
  });
});
