import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-db";
import { call } from "@/lib/http/testing/call-route";
import { routeModule } from "@/lib/testing/route-registry";
import {
  createProposalCall,
  getItinerary,
  makeTrip,
  postOp,
  resolveProposalCall,
} from "@/lib/trips/testing/trip-fixture";

/*
 * The itinerary model (docs/trips.md "Where the traveller is"): transport has a departure and an
 * arrival place, each end read and shown in its own zone; a stay spans check-in to check-out;
 * `fixed` and trip buffers round-trip through the API, the ops endpoint and the ICS feed.
 */
const tripEventsRoute = await routeModule("/api/trips/{tripId}/events");
const eventRoute = await routeModule("/api/events/{eventId}");
const tripsRoute = await routeModule("/v1/trips");
const icsRoute = await routeModule("/v1/trips/{tripId}/itinerary.ics");
const tripRoute = await routeModule("/v1/trips/{tripId}");

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
const patchEvent = (key: string, id: number, body: unknown) =>
  call(eventRoute.PATCH, {
    method: "PATCH",
    path: `/api/events/${id}`,
    params: { eventId: String(id) },
    bearer: key,
    body,
  });
const getEvent = (key: string, id: number) =>
  call(eventRoute.GET, { path: `/api/events/${id}`, params: { eventId: String(id) }, bearer: key });

describe("itinerary model: places and zones at both ends", () => {
  it("a Zürich departure typed 07:05 is 07:05 in Zürich (not in the trip's zone); the arrival is read in Lisbon", async () => {
    const f = await makeTrip({ timeZone: "Europe/London" });
    const key = await f.owner.key(["read", "write"]);
    const res = await postEvent(key, f.tripId, {
      type: "flight",
      title: "ZRH to LIS",
      departureAirport: "ZRH",
      arrivalAirport: "LIS",
      startDateTime: "2027-01-15T07:05:00",
      endDateTime: "2027-01-15T08:50:00",
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      timeZone: "Europe/Zurich",
      startDateTime: "2027-01-15T07:05:00+01:00",
      arrivalTimeZone: "Europe/Lisbon",
      endDateTime: "2027-01-15T08:50:00+00:00",
      geo: { source: "airport", time_zone: "Europe/Zurich" },
      arrivalGeo: { source: "airport", time_zone: "Europe/Lisbon" },
    });
    // 07:05 in Zürich (UTC+1) is 06:05 UTC; 08:50 in Lisbon (UTC+0) is 08:50 UTC.
    expect(Date.parse(res.body.startDateTime)).toBe(Date.parse("2027-01-15T06:05:00Z"));
    expect(Date.parse(res.body.endDateTime)).toBe(Date.parse("2027-01-15T08:50:00Z"));
  });

  it("train, ferry and bus: the arrival place from arrivalLocation (gazetteer), each end in its zone; an arrival that is earlier on the clock is fine", async () => {
    const f = await makeTrip({ timeZone: "Europe/London" });
    const key = await f.owner.key(["read", "write"]);
    const train = await postEvent(key, f.tripId, {
      type: "train",
      title: "Eurostar",
      location: "London",
      arrivalLocation: "Paris",
      startDateTime: "2027-06-01T09:01:00",
      endDateTime: "2027-06-01T12:20:00",
    });
    expect(train.status).toBe(201);
    expect(train.body).toMatchObject({
      type: "train",
      arrivalLocation: "Paris",
      timeZone: "Europe/London",
      arrivalTimeZone: "Europe/Paris",
      startDateTime: "2027-06-01T09:01:00+01:00",
      endDateTime: "2027-06-01T12:20:00+02:00",
      geo: { name: "London", source: "gazetteer" },
      arrivalGeo: { name: "Paris", source: "gazetteer", country_code: "FR" },
      fixed: false,
    });
    // Helsinki 07:30 (UTC+3) to Stockholm 07:20 (UTC+2): 50 minutes at sea although the clock goes back.
    const ferry = await postEvent(key, f.tripId, {
      type: "ferry",
      title: "Crossing",
      location: "Helsinki",
      arrivalLocation: "Stockholm",
      fixed: true,
      startDateTime: "2027-06-02T07:30:00",
      endDateTime: "2027-06-02T07:20:00",
    });
    expect(ferry.status).toBe(201);
    expect(ferry.body).toMatchObject({ timeZone: "Europe/Helsinki", arrivalTimeZone: "Europe/Stockholm", fixed: true });
    expect(Date.parse(ferry.body.endDateTime) - Date.parse(ferry.body.startDateTime)).toBe(50 * 60_000);
    // A real arrival before the departure is refused once both zones are known.
    const early = await postEvent(key, f.tripId, {
      type: "bus",
      title: "Back in time",
      location: "Helsinki",
      arrivalLocation: "Stockholm",
      startDateTime: "2027-06-02T07:30:00",
      endDateTime: "2027-06-02T06:20:00",
    });
    expect(early.status).toBe(400);
    expect(early.body.error.details.issues[0].path).toBe("endDateTime");
    // The arrival moves with a patch; the instants stay.
    const moved = await patchEvent(key, train.body.id, { arrivalLocation: "Brussels" });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ arrivalGeo: { name: "Brussels" }, arrivalTimeZone: "Europe/Brussels" });
    expect(Date.parse(moved.body.endDateTime)).toBe(Date.parse(train.body.endDateTime));
    expect((await getEvent(key, train.body.id)).body).toEqual(moved.body);
  });

  it("extras on the wrong type and fixed on any event", async () => {
    const f = await makeTrip();
    const key = await f.owner.key(["read", "write"]);
    const bad = await postEvent(key, f.tripId, {
      type: "activity",
      title: "Walk",
      startDateTime: "2027-06-01T10:00:00",
      arrivalLocation: "Paris",
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.issues[0].path).toBe("arrivalLocation");
    const flightText = await postEvent(key, f.tripId, {
      type: "flight",
      title: "F",
      startDateTime: "2027-06-01T10:00:00",
      arrivalLocation: "Paris",
    });
    expect(flightText.status).toBe(400);
    const walk = await postEvent(key, f.tripId, {
      type: "activity",
      title: "Walk",
      startDateTime: "2027-06-01T10:00:00+02:00",
    });
    expect(walk.body.fixed).toBe(false);
    const fixed = await patchEvent(key, walk.body.id, { fixed: true });
    expect(fixed.status).toBe(200);
    expect(fixed.body.fixed).toBe(true);
    const notBool = await patchEvent(key, walk.body.id, { fixed: "yes" });
    expect(notBool.status).toBe(400);
  });

  it("a stay spans check-in to check-out; ops carry the new types; the trip carries its buffers", async () => {
    const owner = (await makeTrip()).owner;
    const created = await call(tripsRoute.POST, {
      method: "POST",
      path: "/v1/trips",
      bearer: await owner.token(),
      body: { name: "Lisbon", time_zone: "Europe/Lisbon", buffers: { flightMinutes: 150, ferryMinutes: 45 } },
    });
    expect(created.status).toBe(201);
    expect(created.body.buffers).toEqual({ flightMinutes: 150, ferryMinutes: 45 });
    const badBuffers = await call(tripsRoute.POST, {
      method: "POST",
      path: "/v1/trips",
      bearer: await owner.token(),
      body: { name: "x", buffers: { flightMinutes: -5 } },
    });
    expect(badBuffers.status).toBe(400);
    const tripId = created.body.trip_id as number;
    const token = await owner.token();
    const patchTrip = (tk: string, body: unknown) =>
      call(tripRoute.PATCH, {
        method: "PATCH",
        path: `/v1/trips/${tripId}`,
        params: { tripId: String(tripId) },
        bearer: tk,
        body,
      });
    const changed = await patchTrip(token, { buffers: { trainMinutes: 20 } });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ buffers: { trainMinutes: 20 }, revision: 0 });
    expect((await patchTrip(token, { buffers: { busMinutes: 2000 } })).status).toBe(400);
    expect((await patchTrip(token, { name: "renamed" })).status).toBe(400);
    expect((await patchTrip(token, { buffers: null })).body.buffers).toBeNull();
    const stay = await postOp(token, tripId, {
      base_revision: 0,
      type: "add_event",
      payload: {
        type: "accommodation",
        title: "Casa do Chiado",
        address: "Rua Garrett 120, Lisboa",
        checkInTime: "15:00",
        checkOutTime: "11:00",
        startDateTime: "2027-05-04T15:00:00",
        endDateTime: "2027-05-07T11:00:00",
      },
    });
    expect(stay.status).toBe(200);
    const bus = await postOp(token, tripId, {
      base_revision: 1,
      type: "add_event",
      payload: {
        type: "bus",
        title: "To Sintra",
        location: "Lisboa",
        arrivalLocation: "Sintra",
        startDateTime: "2027-05-05T09:00:00",
        endDateTime: "2027-05-05T09:45:00",
        fixed: true,
      },
    });
    expect(bus.status).toBe(200);
    const it = (await getItinerary(token, tripId)).body;
    const [s, b] = it.events;
    expect(s).toMatchObject({
      type: "accommodation",
      startDateTime: "2027-05-04T15:00:00+01:00",
      endDateTime: "2027-05-07T11:00:00+01:00",
      timeZone: "Europe/Lisbon",
    });
    expect(b).toMatchObject({
      type: "bus",
      fixed: true,
      arrivalGeo: { name: "Sintra" },
      arrivalTimeZone: "Europe/Lisbon",
    });

    const ics = await call(icsRoute.GET, {
      path: `/v1/trips/${tripId}/itinerary.ics`,
      params: { tripId: String(tripId) },
      bearer: token,
    });
    expect(ics.status).toBe(200);
    expect(ics.text).toContain("DTSTART;TZID=Europe/Lisbon:20270504T150000");
    expect(ics.text).toContain("DTEND;TZID=Europe/Lisbon:20270507T110000");
  });

  it("a proposal's flight typed in local times is read at its airports, like a direct create", async () => {
    const f = await makeTrip({ timeZone: "Europe/London" });
    const created = await createProposalCall(f.ownerToken, f.tripId, {
      actor_agent_id: "agent-zones",
      entities: [
        {
          type: "flight",
          title: "ZRH to LIS",
          departureAirport: "ZRH",
          arrivalAirport: "LIS",
          startDateTime: "2027-01-15T07:05:00",
          endDateTime: "2027-01-15T08:50:00",
        },
      ],
    });
    expect(created.status).toBe(201);
    expect(created.body.entities[0]).toMatchObject({
      startDateTime: "2027-01-15T07:05:00+01:00",
      endDateTime: "2027-01-15T08:50:00+00:00",
    });
    const accepted = await resolveProposalCall(f.ownerToken, f.tripId, created.body.proposal_id, "accept", {});
    expect(accepted.status).toBe(200);
    const [flight] = (await getItinerary(f.ownerToken, f.tripId)).body.events;
    expect(flight).toMatchObject({
      timeZone: "Europe/Zurich",
      startDateTime: "2027-01-15T07:05:00+01:00",
      endDateTime: "2027-01-15T08:50:00+00:00",
      arrivalTimeZone: "Europe/Lisbon",
    });
  });

  it("ICS: a flight's DTEND is in its arrival zone, with that zone's VTIMEZONE", async () => {
    const f = await makeTrip({ timeZone: "Europe/London" });
    const key = await f.owner.key(["read", "write"]);
    await postEvent(key, f.tripId, {
      type: "flight",
      title: "ZRH to LIS",
      departureAirport: "ZRH",
      arrivalAirport: "LIS",
      startDateTime: "2027-01-15T07:05:00",
      endDateTime: "2027-01-15T08:50:00",
    });
    const ics = await call(icsRoute.GET, {
      path: `/v1/trips/${f.tripId}/itinerary.ics`,
      params: { tripId: String(f.tripId) },
      bearer: f.ownerToken,
    });
    const text: string = ics.text;
    expect(text).toContain("DTSTART;TZID=Europe/Zurich:20270115T070500\r\n");
    expect(text).toContain("DTEND;TZID=Europe/Lisbon:20270115T085000\r\n");
    expect(text).toContain("BEGIN:VTIMEZONE\r\nTZID:Europe/Zurich\r\n");
    expect(text).toContain("BEGIN:VTIMEZONE\r\nTZID:Europe/Lisbon\r\n");
    expect(text).not.toMatch(/\r\n\r\n/);
    expect(text).toContain("Zurich");
  });
});
