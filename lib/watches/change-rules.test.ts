import { describe, expect, it } from "vitest";
import type { WatchMetrics } from "@/drizzle/schema";
import { crossedDeltas, DEFAULT_CHANGE_RULES, mergeChangeRules, newSevereAlerts } from "./change-rules";
import { failureBackoffMs, JITTER_SHARE, jitterPhase, nextCheckAfter, refreshIntervalMs } from "./cadence";

const base: WatchMetrics = {
  precipitation_probability: 10,
  precipitation_intensity_mm_h: 0,
  temperature_c: 20,
  feels_like_c: 20,
  wind_speed_kph: 10,
  wind_gust_kph: 15,
  uv_index: 4,
  visibility_km: 10,
};

describe("change rules", () => {
  it("merges missing fields with the spec defaults", () => {
    expect(mergeChangeRules(undefined)).toEqual(DEFAULT_CHANGE_RULES);
    expect(mergeChangeRules({ wind_kph_delta: 5 })).toEqual({ ...DEFAULT_CHANGE_RULES, wind_kph_delta: 5 });
  });

  it("reports each threshold reached (>=) in either direction, with previous, current and delta", () => {
    const next = { ...base, precipitation_probability: 40, temperature_c: 14.9, wind_speed_kph: 29, uv_index: 7 };
    const crossed = crossedDeltas(
      DEFAULT_CHANGE_RULES,
      { metrics: base, riskLevel: "low" },
      { metrics: next, riskLevel: "low" },
    );
    expect(crossed).toEqual([
      { metric: "precipitation_probability", previous: 10, current: 40, delta: 30, threshold: 30 },
      { metric: "temperature_c", previous: 20, current: 14.9, delta: -5.1, threshold: 5 },
      { metric: "uv_index", previous: 4, current: 7, delta: 3, threshold: 3 },
    ]);
  });

  it("ignores nulls, and reports a risk level change only when enabled", () => {
    const next = { ...base, precipitation_probability: null };
    const rules = mergeChangeRules({ detect_risk_level_change: false });
    expect(crossedDeltas(rules, { metrics: base, riskLevel: "low" }, { metrics: next, riskLevel: "warning" })).toEqual(
      [],
    );
    expect(
      crossedDeltas(DEFAULT_CHANGE_RULES, { metrics: base, riskLevel: "low" }, { metrics: next, riskLevel: "warning" }),
    ).toEqual([{ metric: "risk_level", previous: "low", current: "warning", delta: null, threshold: null }]);
  });

  it("flags only new severe or extreme alerts, unless disabled", () => {
    const a = (id: string, severity: string) => ({
      id,
      event: "Storm",
      severity,
      starts: null,
      ends: null,
      source: "sim",
    });
    const prev = [a("1", "severe")];
    const next = [a("1", "severe"), a("2", "moderate"), a("3", "Extreme")];
    expect(newSevereAlerts(DEFAULT_CHANGE_RULES, prev, next).map((x) => x.id)).toEqual(["3"]);
    expect(newSevereAlerts(mergeChangeRules({ detect_severe_alerts: false }), prev, next)).toEqual([]);
  });
});

describe("refresh cadence", () => {
  const now = new Date("2030-06-01T12:00:00Z");
  const hours = (h: number) => new Date(now.getTime() + h * 3600_000);

  it("tightens as starts_at approaches: 6 h, hourly, 15 min", () => {
    expect(refreshIntervalMs(now, hours(100))).toBe(6 * 3600_000);
    expect(refreshIntervalMs(now, hours(24))).toBe(3600_000);
    expect(refreshIntervalMs(now, hours(5))).toBe(15 * 60_000);
    expect(refreshIntervalMs(now, hours(-1))).toBe(15 * 60_000);
  });

  it("never skips past a cadence boundary or ends_at", () => {
    // 74 h out: the 72 h boundary comes before now + 6 h.
    expect(nextCheckAfter(now, hours(74), hours(80)).toISOString()).toBe(hours(2).toISOString());
    // In the window, 10 min before the end.
    expect(nextCheckAfter(now, hours(-2), hours(1 / 6)).toISOString()).toBe(hours(1 / 6).toISOString());
  });

  it("jitters each watch's next check within the cadence, deterministically by id (issue 34)", () => {
    const ids = Array.from({ length: 2000 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`);
    const at15 = (id: string) => nextCheckAfter(now, hours(3), hours(8), id).getTime() - now.getTime();
    const interval = 15 * 60_000;
    const offsets = ids.map(at15);
    // Inside the cadence: never later than without jitter, never earlier than 10 % before it.
    for (const o of offsets) {
      expect(o).toBeLessThanOrEqual(interval);
      expect(o).toBeGreaterThan(interval * (1 - JITTER_SHARE));
    }
    // The same watch always gets the same slot (every instance computes the same next check).
    expect(ids.slice(0, 50).map(at15)).toEqual(offsets.slice(0, 50));
    // Watches created together are spread over the whole jitter range, roughly evenly (10 bins of 9 s).
    const bins = Array(10).fill(0);
    for (const o of offsets) bins[Math.min(9, Math.floor(((interval - o) / (interval * JITTER_SHARE)) * 10))]++;
    for (const b of bins) expect(b).toBeGreaterThan(120); // 200 expected per bin
    expect(new Set(offsets).size).toBeGreaterThan(1900);
    // Phases are uniform in [0, 1); without an id there is no jitter.
    expect(ids.every((id) => jitterPhase(id) >= 0 && jitterPhase(id) < 1)).toBe(true);
    expect(nextCheckAfter(now, hours(3), hours(8)).getTime() - now.getTime()).toBe(interval);
    // Cadence boundaries are jittered too (by the new, tighter cadence), still never skipped.
    const boundary = ids.map((id) => nextCheckAfter(now, hours(74), hours(80), id).getTime());
    for (const b of boundary) {
      expect(b).toBeLessThanOrEqual(hours(2).getTime());
      expect(b).toBeGreaterThan(hours(2).getTime() - JITTER_SHARE * 3600_000);
    }
    expect(new Set(boundary).size).toBeGreaterThan(1900);
  });

  it("backs off failures exponentially, capped by the cadence", () => {
    expect([1, 2, 3, 4].map((n) => failureBackoffMs(n, now, hours(100)) / 60_000)).toEqual([1, 2, 4, 8]);
    expect(failureBackoffMs(10, now, hours(1)) / 60_000).toBe(15);
  });
});
