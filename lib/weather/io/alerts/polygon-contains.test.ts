import { describe, expect, it } from "vitest";
import { polygonContains, type Polygon } from "./cap";

// Point-in-polygon edge cases for geocoded alert areas (issue 39): real region outlines are concave,
// arrive with or without the closing vertex, and travellers sit near borders.
const U_SHAPE: Polygon = [
  [45, 5],
  [45, 8],
  [47, 8],
  [47, 7],
  [46, 7],
  [46, 6],
  [47, 6],
  [47, 5],
  [45, 5],
];

describe("polygonContains", () => {
  it("a concave outline: the notch is outside, both arms and the base inside", () => {
    expect(polygonContains(U_SHAPE, 46.5, 6.5)).toBe(false);
    expect(polygonContains(U_SHAPE, 46.5, 5.5)).toBe(true);
    expect(polygonContains(U_SHAPE, 46.5, 7.5)).toBe(true);
    expect(polygonContains(U_SHAPE, 45.5, 6.5)).toBe(true);
  });

  it("an open ring (no repeated first vertex) gives the same answers as the closed one", () => {
    const open = U_SHAPE.slice(0, -1);
    for (const [lat, lng] of [
      [46.5, 6.5],
      [46.5, 5.5],
      [45.5, 6.5],
      [48, 6],
    ] as const) {
      expect(polygonContains(open, lat, lng)).toBe(polygonContains(U_SHAPE, lat, lng));
    }
  });

  it("a point level with a vertex is counted once, not twice (the ray passes through the vertex)", () => {
    // lat 46 is the latitude of the notch's corners: a double count would flip these.
    expect(polygonContains(U_SHAPE, 46, 5.5)).toBe(true);
    expect(polygonContains(U_SHAPE, 46, 7.5)).toBe(true);
    expect(polygonContains(U_SHAPE, 46, 9)).toBe(false);
    expect(polygonContains(U_SHAPE, 46, 4)).toBe(false);
  });

  it("just inside and just outside a border are told apart", () => {
    expect(polygonContains(U_SHAPE, 45 + 1e-9, 6.5)).toBe(true);
    expect(polygonContains(U_SHAPE, 45 - 1e-9, 6.5)).toBe(false);
    expect(polygonContains(U_SHAPE, 45.5, 8 - 1e-9)).toBe(true);
    expect(polygonContains(U_SHAPE, 45.5, 8 + 1e-9)).toBe(false);
  });

  it("degenerate outlines contain nothing", () => {
    expect(polygonContains([], 46, 6)).toBe(false);
    expect(polygonContains([[46, 6]], 46, 6)).toBe(false);
    expect(
      polygonContains(
        [
          [45, 5],
          [47, 7],
        ],
        46,
        6,
      ),
    ).toBe(false);
  });
});
