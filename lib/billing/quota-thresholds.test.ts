import { describe, expect, it } from "vitest";
import { quotaWarnings, thresholdsReached } from "./quota-thresholds";

describe("quota thresholds", () => {
  it("80 % and 100 % of the limit, by integer arithmetic (no float rounding)", () => {
    expect(thresholdsReached(7, 10)).toEqual([]);
    expect(thresholdsReached(8, 10)).toEqual([80]);
    expect(thresholdsReached(10, 10)).toEqual([80, 100]);
    expect(thresholdsReached(799, 999)).toEqual([]); // 79.98 %
    expect(thresholdsReached(800, 999)).toEqual([80]);
    expect(thresholdsReached(5, 0)).toEqual([]);
  });

  it("the banner lists dimensions at 80 % or more, fullest first", () => {
    const w = quotaWarnings({
      requests: { used: 850, limit: 1000 },
      timeline_items: { used: 100, limit: 100 },
      route_calls: { used: 0, limit: 0 },
      active_watches: { used: 3, limit: 500 },
    });
    expect(w).toEqual([
      { dimension: "timeline_items", threshold: 100, used: 100, limit: 100 },
      { dimension: "requests", threshold: 80, used: 850, limit: 1000 },
    ]);
  });
});
