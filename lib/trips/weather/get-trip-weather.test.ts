import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DateTime } from "luxon";
import { encode } from "next-auth/jwt";
import { authSecret } from "@/lib/auth/auth-secret";
import { countersOf } from "@/lib/billing/testing/seed-counters";
import { getDb } from "@/lib/db/client";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-db";
import { call } from "@/lib/http/testing/call-route";
import { makeUser } from "@/lib/testing/fixtures";
import { routeModule } from "@/lib/testing/route-registry";
import { cellFor } from "@/lib/weather/core";
import { snapshotCount } from "@/lib/weather/io";
import { addMember } from "@/lib/trips/manage-members";
import { createTrip } from "@/lib/trips/manage-trips";

const weatherRoute = await routeModule("/v1/trips/{tripId}/weather");
const eventsRoute = await routeModule("/api/trips/{tripId}/events");
const simulations = await routeModule("/v1/weather/simulations");

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t.close());

const getWeather = (tripId: number, auth: { bearer?: string; cookie?: string }, query = "") =>
  call(weatherRoute.GET, {
    path: `/v1/trips/${tripId}/weather${query}`,
    params: { tripId: String(tripId) },
    bearer: auth.bearer,
    headers: auth.cookie ? { cookie: auth.cookie, host: "localhost", origin: "http://localhost" } : undefined,
  });
const postEvent = (key: string, tripId: number, body: unknown) =>
  call(eventsRoute.POST, {
    method: "POST",
    path: `/api/trips/${tripId}/events`,
    params: { tripId: String(tripId) },
    bearer: key,
    body,
  });

/** Local wall time in Lisbon, `days` from today (inside the simulated provider's 8-day horizon). */
const lisbon = (days: number, hh: number, mm = 0) =>
  DateTime.now()
    .setZone("Europe/Lisbon")
    .startOf("day")
    .plus({ days, hours: hh, minutes: mm })
    .toISO({ suppressMilliseconds: true })!;

/** The acceptance trip: ZRH -> LIS, a stay in Lisbon, a Sintra day trip (location text only) and a dinner. */
async function lisbonTrip(opts: { environment?: "production" | "sandbox" } = {}) {
  const owner = await makeUser({ plan: "pro", environment: opts.environment });
  const trip = await createTrip(owner.userId, { name: "Lisbon", time_zone: "Europe/Lisbon" });
  const key = await owner.key(["read", "write"]);
  const ids: Record<string, number> = {};
  const events = {
    flight: {
      type: "flight",
      title: "LX 2084 Zurich → Lisbon",
      departureAirport: "ZRH",
      arrivalAirport: "LIS",
      // Zurich's 07:05 on the landing's Lisbon date (from 23:00 UTC Zurich's "today" is Lisbon's tomorrow).
      startDateTime: DateTime.fromISO(`${lisbon(1, 0).slice(0, 10)}T07:05`, { zone: "Europe/Zurich" }).toISO(),
      endDateTime: lisbon(1, 8, 50),
      timeZone: "Europe/Zurich",
    },
    stay: {
      type: "accommodation",
      title: "Casa do Chiado",
      address: "Rua Garrett 120, 1200-205 Lisboa",
      startDateTime: lisbon(1, 15),
      endDateTime: lisbon(4, 11),
    },
    sintra: {
      type: "activity",
      title: "Sintra day trip",
      location: "Sintra day trip",
      startDateTime: lisbon(2, 9),
      endDateTime: lisbon(2, 17),
    },
    dinner: {
      type: "food",
      title: "Dinner at Taberna da Rua das Flores",
      location: "Rua das Flores 103, Lisboa",
      startDateTime: lisbon(2, 20),
      endDateTime: lisbon(2, 22),
    },
  };
  for (const [name, body] of Object.entries(events)) {
    const r = await postEvent(key, trip.trip_id, body);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    ids[name] = r.body.id;
  }
  return { owner, tripId: trip.trip_id, key, ids, token: await owner.token() };
}

describe("GET /v1/trips/{tripId}/weather", () => {
  it("acceptance: every event placed and rated, days summarised, the response is the documented shape", async () => {
    const f = await lisbonTrip();
    const r = await getWeather(f.tripId, { bearer: f.token });
    expect(r.status).toBe(200); // call() validated the body against the OpenAPI document
    const byId = new Map(r.body.events.map((e: { event_id: number }) => [e.event_id, e]));
    for (const id of Object.values(f.ids)) {
      const e = byId.get(id) as { geo: unknown; risk: { level: string } | null; forecast_available: boolean };
      expect(e.geo).not.toBeNull();
      expect(e.forecast_available).toBe(true);
      expect(["low", "watch", "warning"]).toContain(e.risk?.level);
    }
    const sintra = byId.get(f.ids.sintra) as {
      geo: { lat: number; lng: number; name: string };
      activity_type: string;
      outdoor: boolean;
    };
    expect(Math.abs(sintra.geo.lat - 38.8)).toBeLessThanOrEqual(0.3);
    expect(Math.abs(sintra.geo.lng - -9.38)).toBeLessThanOrEqual(0.3);
    expect(sintra).toMatchObject({ activity_type: "sightseeing", outdoor: true });

    const flight = byId.get(f.ids.flight) as {
      places: Array<{ role: string; geo: { time_zone: string }; start: string }>;
      activity_type: string;
    };
    expect(flight.places.map((p) => [p.role, p.geo.time_zone])).toEqual([
      ["departure", "Europe/Zurich"],
      ["arrival", "Europe/Lisbon"],
    ]);
    expect(flight.places[0].start).toMatch(/T07:05:00\+0[12]:00$/);
    expect((byId.get(f.ids.dinner) as { activity_type: string }).activity_type).toBe("dining");
    expect((byId.get(f.ids.stay) as { outdoor: boolean }).outdoor).toBe(false);

    // Days: from the flight's day to the stay's check-out, each with a forecast summary.
    const today = DateTime.now().setZone("Europe/Lisbon").startOf("day");
    expect(r.body.days.map((d: { date: string }) => d.date)).toEqual(
      [1, 2, 3, 4].map((n) => today.plus({ days: n }).toISODate()),
    );
    for (const d of r.body.days) {
      expect(d.forecast_available).toBe(true);
      expect(d.temperature_min).toBeLessThanOrEqual(d.temperature_max);
      expect(d.condition?.icon).toMatch(/\w/);
      expect(["low", "watch", "warning"]).toContain(d.overall_risk);
      expect(d.place.country_code).toBe("PT");
    }
    const day2 = r.body.days[1];
    expect(day2.event_ids).toEqual([f.ids.sintra, f.ids.dinner]);
    expect(day2.place.name).toBe("Sintra");
    expect(r.body.summary.overall_risk).toMatch(/low|watch|warning/);
  });

  it("cells shared by events are fetched once; a second read is a cache HIT", async () => {
    const f = await lisbonTrip();
    const first = await getWeather(f.tripId, { bearer: f.token });
    const second = await getWeather(f.tripId, { bearer: f.token });
    expect(second.headers.get("x-cache-status")).toBe("HIT");
    const cells = new Set<string>();
    for (const e of first.body.events)
      for (const p of e.places) cells.add(cellFor(p.geo.lat, p.geo.lng, "simulated").key);
    const db = await getDb();
    for (const c of cells) expect(await snapshotCount(db, c)).toBe(1);
  });

  it("a change to the itinerary is seen by the next read (answers are reused only for the same revision and forecasts)", async () => {
    const f = await lisbonTrip();
    const before = await getWeather(f.tripId, { bearer: f.token });
    const eventRoute = await routeModule("/api/events/{eventId}");
    const moved = await call(eventRoute.PATCH, {
      method: "PATCH",
      path: `/api/events/${f.ids.sintra}`,
      params: { eventId: String(f.ids.sintra) },
      bearer: f.key,
      body: { startDateTime: lisbon(3, 9), endDateTime: lisbon(3, 17) },
    });
    expect(moved.status).toBe(200);
    const after = await getWeather(f.tripId, { bearer: f.token });
    expect(after.body.revision).toBe(before.body.revision + 1);
    const day = (r: typeof after) =>
      r.body.events.find((e: { event_id: number }) => e.event_id === f.ids.sintra).local_date;
    expect(day(after)).not.toBe(day(before));
    expect(after.body.days.find((d: { event_ids: number[] }) => d.event_ids.includes(f.ids.sintra)).date).toBe(
      day(after),
    );
  });

  it("bills the caller's account like timeline items; the portal session reads free", async () => {
    const f = await lisbonTrip();
    const before = await countersOf(f.owner.accountId);
    const r = await getWeather(f.tripId, { bearer: f.token });
    expect(r.body.billing).toEqual({ units: 8, timeline_items: 4 });
    const after = await countersOf(f.owner.accountId);
    expect(after.timeline_items - before.timeline_items).toBe(4);
    expect(after.requests - before.requests).toBe(1);
    const cookie = `next-auth.session-token=${await encode({ token: { sub: f.owner.userId }, secret: authSecret() })}`;
    const portal = await getWeather(f.tripId, { cookie });
    expect(portal.status).toBe(200);
    expect(portal.body.billing).toEqual({ units: 0, timeline_items: 0 });
    expect(await countersOf(f.owner.accountId)).toEqual(after);
  });

  it("members (viewers too) read it; others get 404 and are not billed", async () => {
    const f = await lisbonTrip();
    const viewer = await makeUser();
    await addMember(f.tripId, null, viewer.email, "viewer");
    expect((await getWeather(f.tripId, { bearer: await viewer.token() })).status).toBe(200);
    const stranger = await makeUser({ plan: "pro" });
    const r = await getWeather(f.tripId, { bearer: await stranger.token() });
    expect(r.status).toBe(404);
    expect((await countersOf(stranger.accountId)).timeline_items).toBe(0);
    expect((await getWeather(999_999, { bearer: f.token })).status).toBe(404);
  });

  it("beyond the horizon: forecast_available false and when it will be; an unplaced event says why; activityType overrides", async () => {
    const f = await lisbonTrip();
    const far = await postEvent(f.key, f.tripId, {
      type: "activity",
      title: "Fado night",
      location: "Lisboa",
      startDateTime: lisbon(20, 21),
      endDateTime: lisbon(20, 23),
    });
    const nowhere = await postEvent(f.key, f.tripId, {
      type: "free_block",
      title: "Rest",
      startDateTime: lisbon(3, 14),
    });
    const museum = await postEvent(f.key, f.tripId, {
      type: "activity",
      title: "Sintra palaces",
      location: "Sintra",
      activityType: "museum",
      startDateTime: lisbon(3, 10),
      endDateTime: lisbon(3, 12),
    });
    const r = await getWeather(f.tripId, { bearer: f.token }, "?units=imperial&language=de");
    const byId = new Map(r.body.events.map((e: { event_id: number }) => [e.event_id, e]));
    const farOut = byId.get(far.body.id) as {
      forecast_available: boolean;
      forecast_available_from: string;
      unavailable_reason: string;
    };
    expect(farOut).toMatchObject({ forecast_available: false, unavailable_reason: "outside_horizon" });
    const from = Date.parse(farOut.forecast_available_from);
    expect(from).toBeGreaterThan(Date.now());
    expect(from).toBeLessThan(Date.parse(lisbon(20, 21)));
    expect(byId.get(nowhere.body.id)).toMatchObject({
      geo: null,
      risk: null,
      unavailable_reason: "no_place",
      places: [],
    });
    expect(byId.get(museum.body.id)).toMatchObject({
      activity_type: "museum",
      activity_type_source: "event",
      outdoor: false,
    });
    expect(r.body).toMatchObject({ units: "imperial", language: "de" });
    expect(r.body.days[0].temperature_unit).toBe("F");
    expect(r.body.summary.events_without_forecast).toEqual(expect.arrayContaining([far.body.id, nowhere.body.id]));
    const lastDay = r.body.days.at(-1);
    expect(lastDay).toMatchObject({ forecast_available: false, overall_risk: null });
  });

  it("sandbox: a thunderstorm injected over Sintra's window rates the day trip warning, and only it", async () => {
    const f = await lisbonTrip({ environment: "sandbox" });
    const sandboxKey = await f.owner.key(["weather:read"]);
    const sintraGeo = (await getWeather(f.tripId, { bearer: f.token })).body.events.find(
      (e: { event_id: number }) => e.event_id === f.ids.sintra,
    ).geo;
    const inj = await call(simulations.POST, {
      method: "POST",
      path: "/v1/weather/simulations",
      bearer: sandboxKey,
      body: {
        lat: sintraGeo.lat,
        lng: sintraGeo.lng,
        kind: "thunderstorm",
        starts_at: lisbon(2, 12),
        ends_at: lisbon(2, 16),
      },
    });
    expect(inj.status, JSON.stringify(inj.body)).toBe(201);
    const r = await getWeather(f.tripId, { bearer: f.token });
    const sintra = r.body.events.find((e: { event_id: number }) => e.event_id === f.ids.sintra);
    expect(sintra.risk.level).toBe("warning");
    expect(sintra.risk.reasons[0].code).toMatch(/thunderstorm/);
    expect(sintra.risk.recommendation).toMatch(/\w{3,}/);
    expect(r.body.summary.events_at_risk).toContain(f.ids.sintra);
    expect(r.body.events.find((e: { event_id: number }) => e.event_id === f.ids.dinner).risk.level).not.toBe("warning");
    const day = r.body.days.find((d: { event_ids: number[] }) => d.event_ids.includes(f.ids.sintra));
    expect(day).toMatchObject({ overall_risk: "warning", main_issue: expect.stringMatching(/thunderstorm/) });
  });
});
