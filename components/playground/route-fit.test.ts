import { describe, expect, it } from "vitest";
import { routeFit } from "./route-map";

const corners = (f: ReturnType<typeof routeFit>) => (f as { coordinates: number[][] }).coordinates.slice(-2);

describe("routeFit: a minimum geographic extent around the route", () => {
  it("widens a very short route (a few km) to at least 3° x 2°, centred on it", () => {
    const [sw, ne] = corners(
      routeFit([
        [-9.14, 38.71],
        [-9.13, 38.72],
      ]),
    );
    expect(ne[0] - sw[0]).toBeCloseTo(3, 5);
    expect(ne[1] - sw[1]).toBeCloseTo(2, 5);
    expect((ne[0] + sw[0]) / 2).toBeCloseTo(-9.135, 5);
  });

  it("keeps a long route's own extent", () => {
    const [sw, ne] = corners(
      routeFit([
        [2.35, 48.85],
        [13.4, 52.52],
      ]),
    );
    expect(sw[0]).toBeCloseTo(2.35, 5);
    expect(sw[1]).toBeCloseTo(48.85, 5);
    expect(ne[0]).toBeCloseTo(13.4, 5);
    expect(ne[1]).toBeCloseTo(52.52, 5);
  });
});
