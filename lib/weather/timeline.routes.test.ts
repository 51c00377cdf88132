import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-db";
import { call } from "@/lib/http/testing/call-route";
import { makeUser } from "@/lib/testing/fixtures";
import { securitySuite } from "@/lib/testing/security-suite";
import { injectSimulatedWeather } from "./io/simulations";
import { routeModule } from "@/lib/testing/route-registry";

const timeline = await routeModule("/v1/weather/timeline");

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t.close());

const hour = 3_600_000;
const at = (h: number) => new Date(Math.floor(Date.now() / hour) * hour + h * hour).toISOString();
const item = (over: Record<string, unknown> = {}) => ({
  id: "a",
  start: at(2),
  end: at(4),
  lat: 48.8566,
  lng: 2.3522,
  activity_type: "walking_tour",
  ...over,
});

securitySuite({
  name: "POST /v1/weather/timeline",
  handler: timeline.POST,
  method: "POST",
  credential: "apiKey",
  scopes: ["weather:timeline"],
  plan: "pro",
  target: async () => ({ path: "/v1/weather/timeline", body: { items: [item()] } }),
});

const key = async () => (await makeUser({ plan: "pro" })).key(["weather:timeline"]);
const post = async (k: string, body: unknown) =>
  call(timeline.POST, { method: "POST", path: "/v1/weather/timeline", bearer: k, body });

describe("POST /v1/weather/timeline", () => {
  it("per-item weather and risk, a summary, and items_analyzed/billing in meta", async () => {
    const k = await key();
    const items = [
      item({ id: "walk" }),
      item({ id: "lunch", activity_type: "dining", start: at(4), end: at(5) }),
      item({ id: "museum", activity_type: "museum", start: at(5), end: at(7), lat: 48.8606, lng: 2.3376 }),
      item({ id: "mystery", activity_type: "zorbing", start: at(8), end: at(9) }),
    ];
    const r = await post(k, { items });
    expect(r.status).toBe(200);
    const { data, meta } = r.body;
    expect(data.items.map((i: { id: string }) => i.id)).toEqual(["walk", "lunch", "museum", "mystery"]);
    const walk = data.items[0];
    expect(walk).toMatchObject({ activity_type: "walking_tour", outdoor: true, timezone: "Europe/Paris" });
    expect(walk.start).toMatch(/\+0[12]:00$/);
    expect(Object.keys(walk.weather).sort()).toEqual(
      [
        "cache_status",
        "condition",
        "feels_like_c",
        "observed_at",
        "precipitation_intensity_mm_h",
        "precipitation_probability",
        "snapshot_id",
        "temperature_c",
        "uv_index",
        "wind_gust_kph",
        "wind_speed_kph",
      ].sort(),
    );
    expect(data.items[1].outdoor).toBe(false);
    expect(data.items[3].outdoor).toBe(true); // unknown type -> outdoor default
    expect(data.summary).toMatchObject({
      overall_risk: expect.stringMatching(/^(low|watch|warning)$/),
      main_issue: expect.any(String),
    });
    expect(meta).toMatchObject({ items_analyzed: 4, billing_units: 8, units: "metric", language: "en" });
    // Items in different cells combine their statuses (all MISS here, or MIXED).
    expect(["MISS", "MIXED"]).toContain(meta.cache_status);
    expect(r.headers.get("x-cache-status")).toBe(meta.cache_status);
  });

  it("an injected heavy rain spell makes outdoor items a warning with heavy_rain; indoor ones a watch at most", async () => {
    const k = await key();
    const p = { lat: 41.3874, lng: 2.1686 };
    await injectSimulatedWeather({ ...p, kind: "heavy_rain", startsAt: new Date(at(1)), endsAt: new Date(at(4)) });
    const r = await post(k, {
      items: [
        { id: "beach", ...p, start: at(2), end: at(3), activity_type: "beach" },
        { id: "shop", ...p, start: at(2), end: at(3), activity_type: "shopping" },
        { id: "later", ...p, start: at(6), end: at(9), activity_type: "sightseeing" },
      ],
    });
    expect(r.status).toBe(200);
    const [beach, shop] = r.body.data.items;
    expect(beach.risk.level).toBe("warning");
    expect(beach.risk.reasons[0]).toMatchObject({ code: "heavy_rain", level: "warning" });
    expect(beach.risk.recommendation).toMatch(/indoors|reschedule/);
    expect(beach.weather.precipitation_intensity_mm_h).toBe(12);
    expect(shop.risk.level).not.toBe("warning");
    expect(r.body.data.summary).toMatchObject({ overall_risk: "warning", main_issue: "heavy_rain" });
    const w = r.body.data.summary.best_outdoor_window;
    if (w) {
      // The rain hours are never part of the best window, unless every daylight hour of the span
      // is in the spell (near dusk): then the window is the rain itself, at warning.
      const overlapsRain = Date.parse(w.start) < Date.parse(at(4)) && Date.parse(w.end) > Date.parse(at(1));
      expect(overlapsRain, JSON.stringify(w)).toBe(w.level === "warning");
    }
    expect(r.body.meta.snapshot_id).toBe(beach.weather.snapshot_id);
  });

  it("local times without an offset are read in the item's time zone", async () => {
    const k = await key();
    const local = new Date(Date.now() + 26 * hour).toISOString().slice(0, 13) + ":00:00";
    const r = await post(k, {
      items: [{ start: local, lat: 35.68, lng: 139.69, timezone: "Asia/Tokyo", activity_type: "sightseeing" }],
    });
    expect(r.status).toBe(200);
    expect(r.body.data.items[0].start).toBe(`${local}+09:00`);
    expect(r.body.data.items[0].id).toBe("0");
  });

  it("one bad item -> 400 timeline_item_invalid {index, field, issues}", async () => {
    const k = await key();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ lat: 95 }, "lat"],
      [{ start: "tomorrow" }, "start"],
      [{ end: at(1), start: at(3) }, "end"],
      [{ timezone: "Mars/Olympus" }, "timezone"],
      [{ lng: "2.3" }, "lng"],
    ];
    for (const [over, field] of cases) {
      const r = await post(k, { items: [item(), item(), item(over)] });
      expect(r.status, field).toBe(400);
      expect(r.body.error.code).toBe("timeline_item_invalid");
      expect(r.body.error.details).toMatchObject({
        index: 2,
        field,
        issues: expect.arrayContaining([expect.objectContaining({ field })]),
      });
      expect(r.body.error.message).toContain("item 2");
    }
  });

  it("top-level problems -> 400 bad_request (missing items, empty, more than 100)", async () => {
    const k = await key();
    for (const body of [{}, { items: [] }, { items: "x" }, { items: Array.from({ length: 101 }, () => item()) }]) {
      const r = await post(k, body);
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBe("bad_request");
    }
    const ok = await post(k, {
      items: Array.from({ length: 100 }, (_, i) => item({ id: `i${i}`, lat: 40 + (i % 10) * 0.2 })),
    });
    expect(ok.status).toBe(200);
    expect(ok.body.meta).toMatchObject({ items_analyzed: 100, billing_units: 200 });
  });
});
