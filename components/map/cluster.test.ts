import { describe, expect, it } from "vitest";
import { clusterPoints, fanOut, spreadDeg } from "./cluster";

const pt = (key: string, x: number, y: number) => ({ key, x, y, item: key });

describe("map marker clustering (issue 42 item 3)", () => {
  it("markers within the radius become one cluster with every member, in order; distant ones stay apart", () => {
    const lisbon = [pt("a", 100, 100), pt("b", 104, 101), pt("c", 98, 103), pt("d", 102, 97), pt("e", 101, 100)];
    const out = clusterPoints([pt("zrh", 400, 20), ...lisbon], 16);
    expect(out.map((c) => [c.key, c.members.length])).toEqual([
      ["zrh", 1],
      ["a+b+c+d+e", 5],
    ]);
    expect(out[1].x).toBeCloseTo(101, 5);
    expect(out[1].y).toBeCloseTo(100.2, 5);
  });

  it("zoomed in (points far apart on screen) nothing clusters", () => {
    const out = clusterPoints([pt("a", 10, 10), pt("b", 60, 10), pt("c", 10, 60)], 16);
    expect(out).toHaveLength(3);
  });

  it("members at one spot fan out on a ring around the centre, each at least `spacing` from it", () => {
    const [c] = clusterPoints([pt("a", 50, 50), pt("b", 50, 50), pt("c", 50, 50)], 16);
    const ring = fanOut(c, 20);
    expect(ring.map((m) => m.key)).toEqual(["a", "b", "c"]);
    for (const m of ring) expect(Math.hypot(m.x - 50, m.y - 50)).toBeCloseTo(20, 5);
    for (let i = 0; i < ring.length; i++)
      for (let j = i + 1; j < ring.length; j++)
        expect(Math.hypot(ring[i].x - ring[j].x, ring[i].y - ring[j].y)).toBeGreaterThan(20);
    expect(
      spreadDeg([
        { lat: 38.7, lng: -9.1 },
        { lat: 38.71, lng: -9.3 },
      ]),
    ).toBeCloseTo(0.2, 5);
  });
});
