import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-db";
import { call } from "@/lib/http/testing/call-route";
import { makeUser } from "@/lib/testing/fixtures";
import { routeModule } from "@/lib/testing/route-registry";

const current = await routeModule("/v1/weather/current");
const forecast = await routeModule("/v1/weather/forecast");
const timeline = await routeModule("/v1/weather/timeline");
const route = await routeModule("/v1/weather/route");

let t: TestDatabase;
let k: string;
beforeAll(async () => {
  t = await createTestDatabase();
  k = await (await makeUser({ plan: "pro" })).key(["weather:read", "weather:timeline", "weather:route"]);
});
afterAll(async () => t.close());

const coord = fc.oneof(
  fc.double(),
  fc.integer(),
  fc.string(),
  fc.constant(null),
  fc.constant(90.0001),
  fc.constant(-180),
);
const item = fc.record(
  {
    id: fc.oneof(fc.string(), fc.integer()),
    start: fc.oneof(
      fc.string(),
      fc.date().map((d) => (Number.isNaN(d.getTime()) ? "x" : d.toISOString())),
    ),
    end: fc.string(),
    lat: coord,
    lng: coord,
    activity_type: fc.oneof(fc.string(), fc.constant(null)),
    timezone: fc.string(),
  },
  { requiredKeys: [] },
);

describe("malformed input never produces a 500", () => {
  it("timeline bodies", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.anything(),
          fc.record(
            { items: fc.array(item, { maxLength: 5 }), units: fc.string(), language: fc.string() },
            { requiredKeys: [] },
          ),
        ),
        async (body) => {
          const r = await call(timeline.POST, { method: "POST", path: "/v1/weather/timeline", bearer: k, body });
          expect(r.status, JSON.stringify(body)).not.toBeGreaterThanOrEqual(500);
          if (r.status === 400) expect(["bad_request", "timeline_item_invalid"]).toContain(r.body.error.code);
        },
      ),
      { numRuns: 120 },
    );
  });

  it("route bodies", async () => {
    const point = fc.record({ lat: coord, lng: coord }, { requiredKeys: [] });
    const poly = fc.oneof(
      fc.string(),
      fc.array(fc.tuple(coord, coord), { maxLength: 4 }),
      fc.array(point, { maxLength: 4 }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.anything(),
          fc.record(
            {
              origin: point,
              destination: point,
              transport_mode: fc.constantFrom("car", "ferry", "boat", ""),
              polyline: poly,
              start_time: fc.string(),
            },
            { requiredKeys: [] },
          ),
        ),
        async (body) => {
          const r = await call(route.POST, { method: "POST", path: "/v1/weather/route", bearer: k, body });
          expect(r.status, JSON.stringify(body)).not.toBeGreaterThanOrEqual(500);
        },
      ),
      { numRuns: 120 },
    );
  });

  it("current and forecast query strings", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(
          fc.constantFrom("lat", "lng", "units", "language", "days", "granularity", "activity_type"),
          fc.string(),
        ),
        async (q) => {
          const qs = new URLSearchParams(q).toString();
          for (const h of [current.GET, forecast.GET]) {
            const r = await call(h, { path: `/v1/weather/x?${qs}`, bearer: k });
            expect(r.status, qs).not.toBeGreaterThanOrEqual(500);
          }
        },
      ),
      { numRuns: 80 },
    );
  });
});
