import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-db";
import { call } from "@/lib/http/testing/call-route";
import { securitySuite } from "@/lib/testing/security-suite";
import type { TestUser } from "@/lib/testing/fixtures";
import { addMember } from "@/lib/trips/manage-members";
import { createTrip } from "@/lib/trips/manage-trips";
import { getDiff, getItinerary, makeTrip, sampleEvent } from "@/lib/trips/testing/trip-fixture";
import { routeModule } from "@/lib/testing/route-registry";

const tripEventsRoute = await routeModule("/api/trips/{tripId}/events");
const eventRoute = await routeModule("/api/events/{eventId}");

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t.close());

const listEvents = (key: string, tripId: number) =>
  call(tripEventsRoute.GET, { path: `/api/trips/${tripId}/events`, params: { tripId: String(tripId) }, bearer: key });
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
const deleteEvent = (key: string, id: number) =>
  call(eventRoute.DELETE, {
    method: "DELETE",
    path: `/api/events/${id}`,
    params: { eventId: String(id) },
    bearer: key,
  });

/** An owner's trip holding one event, for the security suite. */
async function ownedEvent(owner: TestUser) {
  const trip = await createTrip(owner.userId, { name: "S", time_zone: "UTC" });
  const key = await owner.key(["write"]);
  const created = await postEvent(key, trip.trip_id, sampleEvent());
  return { tripId: trip.trip_id, eventId: created.body.id as number };
}

securitySuite({
  name: "GET /api/trips/{tripId}/events",
  handler: tripEventsRoute.GET,
  method: "GET",
  credential: "apiKey",
  scopes: ["read"],
  ownedResource: true,
  family: "api",
  target: async (o) => {
    const { tripId } = await ownedEvent(o);
    return { path: `/api/trips/${tripId}/events`, params: { tripId: String(tripId) } };
  },
});
securitySuite({
  name: "POST /api/trips/{tripId}/events",
  handler: tripEventsRoute.POST,
  method: "POST",
  credential: "apiKey",
  scopes: ["write"],
  ownedResource: true,
  family: "api",
  target: async (o) => {
    const { tripId } = await ownedEvent(o);
    return { path: `/api/trips/${tripId}/events`, params: { tripId: String(tripId) }, body: sampleEvent() };
  },
});
for (const [method, handler, scope] of [
  ["GET", eventRoute.GET, "read"],
  ["PATCH", eventRoute.PATCH, "write"],
  ["DELETE", eventRoute.DELETE, "delete"],
] as const) {
  securitySuite({
    name: `${method} /api/events/{eventId}`,
    handler,
    method,
    credential: "apiKey",
    scopes: [scope],
    ownedResource: true,
    family: "api",
    target: async (o) => {
      const { eventId } = await ownedEvent(o);
      return {
        path: `/api/events/${eventId}`,
        params: { eventId: String(eventId) },
        body: method === "PATCH" ? { title: "x" } : undefined,
      };
    },
  });
}

describe("/api itinerary events", () => {
  it("create, get, list, patch, delete: each write bumps the revision and is in the diff", async () => {
    const f = await makeTrip();
    const key = await f.owner.key(["read", "write", "delete"]);
    const flight = {
      type: "flight",
      title: "CDG to JFK",
      startDateTime: "2026-05-01T10:00:00+02:00",
      endDateTime: "2026-05-01T12:30:00-04:00",
      departureAirport: "cdg",
      arrivalAirport: "JFK",
      flightNumber: "AF6",
      airline: "Air France",
      bookingReference: "ABC123",
      cost: 540.5,
      notes: "Window seat",
    };
    const created = await postEvent(key, f.tripId, flight);
    expect(created.status).toBe(201);
    expect(created.headers.get("x-trip-revision")).toBe("1");
    // The departure is shown in the departure airport's zone, the arrival in the arrival airport's.
    expect(created.body).toMatchObject({
      ...flight,
      departureAirport: "CDG",
      tripId: f.tripId,
      timeZone: "Europe/Paris",
      arrivalTimeZone: "America/New_York",
      fixed: false,
      location: null,
    });
    const id = created.body.id;
    expect(created.body.subtype).toBeUndefined();

    expect((await getEvent(key, id)).body).toEqual(created.body);
    expect((await listEvents(key, f.tripId)).body).toEqual([created.body]);

    const patched = await patchEvent(key, id, { notes: null, cost: 600, timeZone: "America/New_York" });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      id,
      notes: null,
      cost: 600,
      title: "CDG to JFK",
      timeZone: "America/New_York",
      startDateTime: "2026-05-01T04:00:00-04:00",
    });
    expect(patched.headers.get("x-trip-revision")).toBe("2");

    const del = await deleteEvent(key, id);
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ id, tripId: f.tripId, deleted: true, revision: 3 });
    expect((await getEvent(key, id)).status).toBe(404);
    const diff = await getDiff(f.ownerToken, f.tripId, 0);
    expect(diff.body.ops.map((o: { source: string; type: string }) => `${o.source}:${o.type}`)).toEqual([
      "api:add_event",
      "api:update_event",
      "api:remove_event",
    ]);
    expect(diff.body.deleted_event_ids).toEqual([id]);
  });

  it("validation: types, IATA codes, end before start, cost, extras on the wrong type, server-owned fields", async () => {
    const f = await makeTrip();
    const key = await f.owner.key(["read", "write"]);
    const base = sampleEvent();
    const bad: Array<[unknown, string]> = [
      [{ ...base, type: "cruise" }, "type"],
      [{ title: "x", startDateTime: base.startDateTime }, "type"],
      [{ ...base, title: "" }, "title"],
      [{ ...base, startDateTime: "tomorrow" }, "startDateTime"],
      [{ ...base, type: "flight", departureAirport: "PARIS" }, "departureAirport"],
      [{ ...base, endDateTime: "2026-04-01T00:00:00+02:00" }, "endDateTime"],
      [{ ...base, cost: -1 }, "cost"],
      [{ ...base, departureAirport: "CDG" }, "departureAirport"],
      [{ ...base, id: 5 }, "id"],
      [{ ...base, tripId: 5 }, "tripId"],
      [{ ...base, timeZone: "Mars/Olympus" }, "timeZone"],
      // Years the database cannot store are 400s, not 500s at insert.
      [{ ...base, startDateTime: "0000-01-01T10:00:00Z" }, "startDateTime"],
      [{ ...base, startDateTime: "9999-12-31T23:00:00-05:00", endDateTime: null }, "startDateTime"],
      [{ ...base, notes: "a\u0000b" }, "notes"],
    ];
    for (const [body, field] of bad) {
      const res = await postEvent(key, f.tripId, body);
      expect(res.status, field).toBe(400);
      expect(res.body.error.code).toBe("bad_request");
      expect(res.body.error.details.issues[0].path, field).toBe(field);
    }
    const ok = await postEvent(key, f.tripId, base);
    for (const [body, field] of [
      [{ id: 9 }, "id"],
      [{ tripId: 9 }, "tripId"],
      [{ endDateTime: "2020-01-01T00:00:00Z" }, "endDateTime"],
      [{ checkInTime: "15:00" }, "checkInTime"],
      [{ title: null }, "title"],
    ] as const) {
      const res = await patchEvent(key, ok.body.id, body);
      expect(res.status, field).toBe(400);
      expect(res.body.error.details.issues[0].path, field).toBe(field);
    }
    // Changing the type to accommodation makes its extras valid.
    const acc = await patchEvent(key, ok.body.id, { type: "accommodation", checkInTime: "15:00", subtype: "hotel" });
    expect(acc.status).toBe(200);
    expect(acc.body).toMatchObject({ type: "accommodation", checkInTime: "15:00", subtype: "hotel" });
    expect((await getItinerary(f.ownerToken, f.tripId)).body.revision).toBe(2);
  });

  it("authorization matrix: other users 404, viewers read only, read-scope keys 403 on writes", async () => {
    const f = await makeTrip();
    const ownerKey = await f.owner.key(["read", "write", "delete"]);
    const ev = (await postEvent(ownerKey, f.tripId, sampleEvent())).body;
    const stranger = await makeTrip();
    const sKey = await stranger.owner.key(["read", "write", "delete"]);
    expect((await listEvents(sKey, f.tripId)).status).toBe(404);
    expect((await postEvent(sKey, f.tripId, sampleEvent())).status).toBe(404);
    expect((await getEvent(sKey, ev.id)).status).toBe(404);
    expect((await patchEvent(sKey, ev.id, { title: "x" })).status).toBe(404);
    expect((await deleteEvent(sKey, ev.id)).status).toBe(404);

    const viewer = await f.member("viewer");
    await addMember(stranger.tripId, null, viewer.user.email, "editor");
    const vKey = await viewer.user.key(["read", "write", "delete"]);
    expect((await listEvents(vKey, f.tripId)).status).toBe(200);
    expect((await getEvent(vKey, ev.id)).status).toBe(200);
    expect((await postEvent(vKey, f.tripId, sampleEvent())).status).toBe(403);
    expect((await patchEvent(vKey, ev.id, { title: "x" })).status).toBe(403);
    expect((await deleteEvent(vKey, ev.id)).status).toBe(403);

    const readKey = await f.owner.key(["read"]);
    for (const res of [
      await postEvent(readKey, f.tripId, sampleEvent()),
      await patchEvent(readKey, ev.id, { title: "x" }),
      await deleteEvent(readKey, ev.id),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe("insufficient_scope");
    }
    expect((await getItinerary(f.ownerToken, f.tripId)).body.revision).toBe(1);
  });
});
