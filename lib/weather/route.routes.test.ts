import { afterAll, beforeAll, describe, expect, it } from "vitest";
import polyline from "@mapbox/polyline";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-db";
import { call } from "@/lib/http/testing/call-route";
import { makeUser } from "@/lib/testing/fixtures";
import { securitySuite } from "@/lib/testing/security-suite";
import { MAX_ROUTE_SEGMENTS, planRoute } from "./core/route-plan";
import { injectSimulatedWeather } from "./io/simulations";
import { routeModule } from "@/lib/testing/route-registry";

const route = await routeModule("/v1/weather/route");

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t.close());

const paris = { lat: 48.8566, lng: 2.3522 };
const lyon = { lat: 45.764, lng: 4.8357 };
const body = (over: Record<string, unknown> = {}) => ({
  origin: paris,
  destination: lyon,
  transport_mode: "car",
  ...over,
});

securitySuite({
  name: "POST /v1/weather/route",
  handler: route.POST,
  method: "POST",
  credential: "apiKey",
  scopes: ["weather:route"],
  plan: "pro",
  target: async () => ({ path: "/v1/weather/route", body: body() }),
});

const key = async () => (await makeUser({ plan: "pro" })).key(["weather:route"]);
const post = async (k: string, b: unknown) =>
  call(route.POST, { method: "POST", path: "/v1/weather/route", bearer: k, body: b });

describe("route planning (pure)", () => {
  it("segments by 30 min of travel or 50 km, at most the documented maximum, times from the mode speed", () => {
    const start = new Date("2026-07-01T08:00:00Z");
    const car = planRoute({ origin: paris, destination: lyon, transport_mode: "car", start_time: start });
    // ~392 km great-circle: 50 km pieces dominate for a car (5.6 h -> 12 half hours vs 8 x 50 km).
    expect(car.distance_m).toBeGreaterThan(380_000);
    expect(car.distance_m).toBeLessThan(400_000);
    expect(car.segments).toHaveLength(Math.ceil(Math.max(car.duration_minutes / 30, car.distance_m / 50_000)));
    expect(car.segments[0].start_point).toEqual(paris);
    expect(car.segments.at(-1)!.end_point).toEqual(lyon);
    expect(car.segments.at(-1)!.end_time.getTime() - start.getTime()).toBeCloseTo(
      (car.distance_m / 70_000) * 3_600_000,
      -4,
    );
    const walk = planRoute({ origin: paris, destination: lyon, transport_mode: "walking", start_time: start });
    expect(walk.segments).toHaveLength(MAX_ROUTE_SEGMENTS);
    const hop = planRoute({
      origin: paris,
      destination: { lat: 48.86, lng: 2.36 },
      transport_mode: "cycling",
      start_time: start,
    });
    expect(hop.segments).toHaveLength(1);
  });

  it("crossing the antimeridian stays a short great-circle", () => {
    const p = planRoute({
      origin: { lat: -17.7, lng: 178.4 },
      destination: { lat: -13.8, lng: -171.8 },
      transport_mode: "ferry",
      start_time: new Date(),
    });
    expect(p.distance_m).toBeLessThan(1_300_000);
  });
});

describe("POST /v1/weather/route", () => {
  it("great-circle route: segments with the full field set, overall risk, billing 3 x segments", async () => {
    const k = await key();
    const r = await post(k, body({ start_time: "2026-11-22T08:00:00Z" }));
    expect(r.status).toBe(200);
    const { data, meta } = r.body;
    expect(data).toMatchObject({
      origin: paris,
      destination: lyon,
      transport_mode: "car",
      path_source: "great_circle",
    });
    const seg = data.segments[0];
    expect(Object.keys(seg).sort()).toEqual(
      [
        "cache_status",
        "condition",
        "distance_m",
        "duration_minutes",
        "end_point",
        "end_time",
        "index",
        "risk",
        "snapshot_id",
        "start_point",
        "start_time",
      ].sort(),
    );
    expect(Object.keys(seg.condition).sort()).toEqual([
      "label",
      "precipitation_mm",
      "temperature_c",
      "visibility_km",
      "wind_gust_kph",
      "wind_speed_kph",
    ]);
    expect(Object.keys(data.overall_risk).sort()).toEqual(["level", "main_issue", "reasons", "recommendation"]);
    expect(meta.segments_analyzed).toBe(data.segments.length);
    expect(meta.billing_units).toBe(3 * data.segments.length);
    expect(meta.cache_status).toMatch(/^(MISS|MIXED)$/);
    expect(r.headers.get("x-cache-status")).toBe(meta.cache_status);
  });

  it("accepts an encoded polyline, [lat,lng] pairs and {lat,lng} objects alike", async () => {
    const k = await key();
    const pts: Array<[number, number]> = [
      [48.8566, 2.3522],
      [48.5, 3.0],
      [47.9, 4.2],
      [45.764, 4.8357],
    ];
    const a = await post(k, body({ polyline: polyline.encode(pts), transport_mode: "train" }));
    const b = await post(k, body({ polyline: pts, transport_mode: "train" }));
    const c = await post(k, body({ polyline: pts.map(([lat, lng]) => ({ lat, lng })), transport_mode: "train" }));
    for (const r of [a, b, c]) {
      expect(r.status).toBe(200);
      expect(r.body.data.path_source).toBe("polyline");
    }
    expect(a.body.data.segments.length).toBe(b.body.data.segments.length);
    expect(b.body.data.distance_m).toBe(c.body.data.distance_m);
  });

  it("a ferry through an injected gale is a warning with strong_wind as the main issue", async () => {
    const k = await key();
    const dover = { lat: 51.1279, lng: 1.3134 };
    const calais = { lat: 50.9513, lng: 1.8587 };
    const now = Date.now();
    // Mild and dry as well, so the simulated baseline (a cold night can be below freezing) never leads.
    const gale = { wind_gust_ms: 30, wind_speed_ms: 19, temperature_c: 12, feels_like_c: 10, precipitation_mm_h: 0 };
    for (const p of planRoute({
      origin: dover,
      destination: calais,
      transport_mode: "ferry",
      start_time: new Date(now),
    }).segments) {
      await injectSimulatedWeather({
        ...p.mid_point,
        kind: "gusts",
        startsAt: new Date(now - 3_600_000),
        endsAt: new Date(now + 4 * 3_600_000),
        params: gale,
      });
    }
    const r = await post(k, {
      origin: dover,
      destination: calais,
      transport_mode: "ferry",
      start_time: new Date(now).toISOString(),
    });
    expect(r.status).toBe(200);
    expect(r.body.data.overall_risk).toMatchObject({ level: "warning", main_issue: "strong_wind" });
    expect(r.body.data.segments[0].condition.wind_gust_kph).toBe(108);
  });

  it("route_invalid for bad coordinates, malformed polylines and unknown modes", async () => {
    const k = await key();
    const bad = [
      body({ origin: { lat: 123, lng: 0 } }),
      body({ destination: { lat: 0 } }),
      body({ transport_mode: "teleport" }),
      body({ transport_mode: undefined }),
      body({ polyline: "wheiHgljMvsdAwo}B~dtB_kiF~d`Lcd{" }),
      body({ polyline: "abc def" }),
      body({ polyline: [[48.8, 2.3]] }),
      body({
        polyline: [
          [48.8, 2.3],
          [91, 2],
        ],
      }),
      body({ start_time: "soon" }),
      body({ origin: { lat: 0, lng: 0 }, destination: { lat: 0, lng: 180 } }),
    ];
    for (const b of bad) {
      const r = await post(k, b);
      expect(r.status, JSON.stringify(b)).toBe(400);
      expect(r.body.error.code).toBe("route_invalid");
      expect(r.body.error.details.issues.length).toBeGreaterThan(0);
    }
    const malformed = await call(route.POST, {
      method: "POST",
      path: "/v1/weather/route",
      bearer: k,
      rawBody: "{",
      headers: { "content-type": "application/json" },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.code).toBe("bad_request");
  });
});

describe("degenerate geometry (issue 27)", () => {
  // Ends closer than turf's great circle can divide by, the same point written twice, poles with
  // different longitudes, paths over a pole: each a valid analysis (distance 0 is fine), never null.
  const pairs: Array<[{ lat: number; lng: number }, { lat: number; lng: number }]> = [
    [
      { lat: 0, lng: 0 },
      { lat: 1e-101, lng: 0 },
    ],
    [
      { lat: 0, lng: 0 },
      { lat: 0, lng: 1e-300 },
    ],
    [
      { lat: 0, lng: 0 },
      { lat: 5e-324, lng: 5e-324 },
    ],
    [
      { lat: 48.8566, lng: 2.3522 },
      { lat: 48.8566, lng: 2.3522 },
    ],
    [
      { lat: 48.8566, lng: 2.3522 },
      { lat: 48.8566 + 1e-13, lng: 2.3522 },
    ],
    [
      { lat: 90, lng: 0 },
      { lat: 90, lng: 180 },
    ],
    [
      { lat: -90, lng: -45 },
      { lat: -90, lng: 135 },
    ],
    [
      { lat: 89.9, lng: -179.9 },
      { lat: 89.9, lng: 0.1 },
    ],
  ];

  it("every pair plans to finite numbers and at least one segment with coordinates in range", () => {
    for (const [origin, destination] of pairs) {
      const p = planRoute({ origin, destination, transport_mode: "car", start_time: new Date(0) });
      expect(
        Number.isFinite(p.distance_m) && Number.isFinite(p.duration_minutes),
        JSON.stringify([origin, destination]),
      ).toBe(true);
      expect(p.segments.length).toBeGreaterThan(0);
      for (const s of p.segments)
        for (const pt of [s.start_point, s.mid_point, s.end_point])
          expect(Math.abs(pt.lng) <= 180 && Math.abs(pt.lat) <= 90).toBe(true);
    }
  });

  it("the endpoint answers each pair with a valid analysis (the response is checked against the document)", async () => {
    const k = await key();
    for (const [origin, destination] of pairs) {
      const r = await post(k, body({ origin, destination }));
      expect(r.status, JSON.stringify([origin, destination])).toBe(200);
      expect(typeof r.body.data.distance_m).toBe("number");
      expect(typeof r.body.data.duration_minutes).toBe("number");
      expect(r.body.data.segments.length).toBeGreaterThan(0);
    }
  });
});
