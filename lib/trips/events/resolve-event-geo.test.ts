import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-db";
import { call } from "@/lib/http/testing/call-route";
import { routeModule } from "@/lib/testing/route-registry";
import { getItinerary, makeTrip, postOp } from "@/lib/trips/testing/trip-fixture";

const tripEventsRoute = await routeModule("/api/trips/{tripId}/events");
const eventRoute = await routeModule("/api/events/{eventId}");

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t.close());

const postEvent = (key: string, tripId: number, body: unknown) =>
  call(tripEventsRoute.POST, {
    method: "POST",
    path: `/api/trips/${tripId}/events`,
    params: { tripId: String(tripId) },
    bearer: key,
    body,
  });
const getEvent = (key: string, id: number) =>
  call(eventRoute.GET, { path: `/api/events/${id}`, params: { eventId: String(id) }, bearer: key });
const patchEvent = (key: string, id: number, body: unknown) =>
  call(eventRoute.PATCH, {
    method: "PATCH",
    path: `/api/events/${id}`,
    params: { eventId: String(id) },
    bearer: key,
    body,
  });

const at = (day: number, hh: number) => `2027-05-0${day}T${String(hh).padStart(2, "0")}:00:00+01:00`;

describe("events know where they are (geo on trip events)", () => {
  it("resolves a flight, a stay, a day trip and a dinner; keeps given points; says why when it cannot", async () => {
    const f = await makeTrip({ timeZone: "Europe/Lisbon" });
    const key = await f.owner.key(["read", "write"]);
    const flight = await postEvent(key, f.tripId, {
      type: "flight",
      title: "ZRH → LIS",
      departureAirport: "zrh",
      arrivalAirport: "LIS",
      startDateTime: "2027-05-04T07:05:00+02:00",
      endDateTime: at(4, 8),
      timeZone: "Europe/Zurich",
    });
    expect(flight.status).toBe(201);
    expect(flight.body.geo).toMatchObject({ source: "airport", country_code: "CH", time_zone: "Europe/Zurich" });
    expect(flight.body.arrivalGeo).toMatchObject({ source: "airport", country_code: "PT", time_zone: "Europe/Lisbon" });
    expect(flight.body).toMatchObject({ lat: null, lng: null, geoReason: null });

    const stay = await postEvent(key, f.tripId, {
      type: "accommodation",
      title: "Casa do Chiado",
      address: "Rua Garrett 120, 1200-205 Lisboa",
      startDateTime: at(4, 15),
      endDateTime: at(7, 11),
    });
    expect(stay.body.geo).toMatchObject({ source: "gazetteer", name: "Lisbon", country_code: "PT" });

    const sintra = await postEvent(key, f.tripId, {
      type: "activity",
      title: "Sintra day trip",
      location: "Sintra day trip",
      startDateTime: at(5, 9),
      endDateTime: at(5, 17),
    });
    expect(sintra.body.geo).toMatchObject({ source: "gazetteer", name: "Sintra", country_code: "PT" });
    expect(Math.abs(sintra.body.geo.lat - 38.8)).toBeLessThanOrEqual(0.3);
    expect(Math.abs(sintra.body.geo.lng - -9.38)).toBeLessThanOrEqual(0.3);

    const given = await postEvent(key, f.tripId, {
      type: "food",
      title: "Dinner",
      location: "Taberna da Rua das Flores",
      lat: 38.7101,
      lng: -9.1425,
      startDateTime: at(5, 20),
    });
    expect(given.body).toMatchObject({
      lat: 38.7101,
      lng: -9.1425,
      geo: { source: "given", name: "Taberna da Rua das Flores", country_code: "PT", time_zone: "Europe/Lisbon" },
    });

    const unknown = await postEvent(key, f.tripId, {
      type: "free_block",
      title: "Rest",
      location: "Somewhere quiet",
      startDateTime: at(6, 14),
    });
    expect(unknown.status).toBe(201);
    expect(unknown.body).toMatchObject({ geo: null, geoReason: "place_not_found" });
    const none = await postEvent(key, f.tripId, {
      type: "free_block",
      title: "Nothing planned",
      startDateTime: at(6, 16),
    });
    expect(none.body).toMatchObject({ geo: null, geoReason: "no_place" });

    // A location change moves a resolved point; clearing given coordinates resolves the text again.
    const moved = await patchEvent(key, unknown.body.id, { location: "Cascais" });
    expect(moved.body.geo).toMatchObject({ name: "Cascais", country_code: "PT" });
    const cleared = await patchEvent(key, given.body.id, {
      lat: null,
      lng: null,
      location: "Rua das Flores 103, Lisboa",
    });
    expect(cleared.body).toMatchObject({ lat: null, geo: { source: "gazetteer", name: "Lisbon" } });
    const titleOnly = await patchEvent(key, sintra.body.id, { title: "Sintra palaces" });
    expect(titleOnly.body.geo).toEqual(sintra.body.geo);

    // The itinerary read carries the same geo.
    const itin = await getItinerary(f.ownerToken, f.tripId);
    expect(itin.body.events.find((e: { id: number }) => e.id === sintra.body.id).geo.name).toBe("Sintra");
    expect((await getEvent(key, flight.body.id)).body.arrivalGeo.name).toMatch(/Lisbon/);
  });

  it("rejects half a coordinate and out-of-range values with the field named", async () => {
    const f = await makeTrip();
    const key = await f.owner.key(["read", "write"]);
    const half = await postEvent(key, f.tripId, { type: "activity", title: "x", lat: 38.7, startDateTime: at(5, 9) });
    expect(half.status).toBe(400);
    expect(half.body.error.details.issues[0].path).toBe("lng");
    const range = await postEvent(key, f.tripId, {
      type: "activity",
      title: "x",
      lat: 91,
      lng: 0,
      startDateTime: at(5, 9),
    });
    expect(range.status).toBe(400);
    expect(range.body.error.details.issues[0].path).toBe("lat");
  });

  it("the ops endpoint resolves places too (add_event in one statement and in the general path)", async () => {
    const f = await makeTrip({ timeZone: "Europe/Lisbon" });
    const own = await postOp(f.ownerToken, f.tripId, {
      base_revision: 0,
      type: "add_event",
      payload: {
        type: "activity",
        title: "Belém",
        location: "Belém, Lisboa",
        startDateTime: at(5, 10),
        timeZone: "Europe/Lisbon",
      },
    });
    expect(own.status).toBe(200);
    const general = await postOp(f.ownerToken, f.tripId, {
      base_revision: 1,
      type: "add_event",
      payload: { type: "activity", title: "Sintra", location: "Sintra", startDateTime: at(6, 10) },
    });
    expect(general.status).toBe(200);
    const airport = await postOp(f.ownerToken, f.tripId, {
      base_revision: 2,
      type: "add_event",
      payload: {
        type: "flight",
        title: "Home",
        departureAirport: "LIS",
        arrivalAirport: "ZRH",
        startDateTime: at(7, 18),
      },
    });
    expect(airport.status).toBe(200);
    const events = (await getItinerary(f.ownerToken, f.tripId)).body.events as Array<{
      title: string;
      geo: { name: string; source: string } | null;
      arrivalGeo?: { country_code: string };
    }>;
    expect(events.map((e) => [e.title, e.geo?.source])).toEqual([
      ["Belém", "gazetteer"],
      ["Sintra", "gazetteer"],
      ["Home", "airport"],
    ]);
    expect(events[2].arrivalGeo?.country_code).toBe("CH");
  });

  it("events written before geo existed are resolved when read", async () => {
    const f = await makeTrip({ timeZone: "Europe/Lisbon" });
    const key = await f.owner.key(["read", "write"]);
    const created = await postEvent(key, f.tripId, {
      type: "activity",
      title: "Old",
      location: "Sintra",
      startDateTime: at(5, 9),
    });
    const db = await getDb();
    await db.execute(
      sql`UPDATE trip_events SET lat = NULL, lng = NULL, geo_source = NULL, geo_name = NULL, geo_country_code = NULL, geo_time_zone = NULL, geo_reason = NULL WHERE id = ${created.body.id}`,
    );
    const read = await getEvent(key, created.body.id);
    expect(read.body.geo).toMatchObject({ source: "gazetteer", name: "Sintra" });
  });
});
