import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-db";
import { queryRows } from "@/lib/db/sql";
import { call } from "@/lib/http/testing/call-route";
import { getDiff, getItinerary, listTripsFor, makeTrip, postOp, sampleEvent } from "@/lib/trips/testing/trip-fixture";
import { pruneOpLog } from "./prune-op-log";
import { routeModule } from "@/lib/testing/route-registry";

const icsRoute = await routeModule("/v1/trips/{tripId}/itinerary.ics");

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t.close());

describe("POST /v1/trips/{tripId}/ops", () => {
  it("applies each op type, bumping the revision by one and logging it", async () => {
    const f = await makeTrip({ startDate: "2026-05-01", endDate: "2026-05-10" });
    const add = await postOp(f.ownerToken, f.tripId, { base_revision: 0, type: "add_event", payload: sampleEvent(0) });
    expect(add.status).toBe(200);
    expect(add.body).toMatchObject({
      success: true,
      trip_id: f.tripId,
      new_revision: 1,
      operation: { type: "add_event" },
    });
    const id = add.body.result.affected_event_ids[0];
    expect(Number.isInteger(id)).toBe(true);

    const upd = await postOp(f.ownerToken, f.tripId, {
      base_revision: 1,
      type: "update_event",
      payload: { event_id: id, title: "Louvre", cost: 22 },
    });
    expect(upd.status).toBe(200);
    expect(upd.body.new_revision).toBe(2);

    // move_event: date and time in the trip's zone; the 1h30 duration is kept.
    const mv = await postOp(f.ownerToken, f.tripId, {
      base_revision: 2,
      type: "move_event",
      payload: { event_id: id, date: "2026-05-03", time: "14:15" },
    });
    expect(mv.status).toBe(200);
    const it1 = await getItinerary(f.ownerToken, f.tripId);
    expect(it1.body.events[0]).toMatchObject({
      id,
      title: "Louvre",
      cost: 22,
      startDateTime: "2026-05-03T14:15:00+02:00",
      endDateTime: "2026-05-03T15:45:00+02:00",
    });

    const add2 = await postOp(f.ownerToken, f.tripId, {
      base_revision: 3,
      type: "add_event",
      payload: { ...sampleEvent(1), startDateTime: "2026-05-03T09:00:00", endDateTime: null },
    });
    const id2 = add2.body.result.affected_event_ids[0];
    const re = await postOp(f.ownerToken, f.tripId, {
      base_revision: 4,
      type: "reorder",
      payload: { date: "2026-05-03", event_ids: [id, id2] },
    });
    expect(re.status).toBe(200);
    const it2 = await getItinerary(f.ownerToken, f.tripId);
    expect(it2.body.events.map((e: { id: number }) => e.id)).toEqual([id, id2]);
    // A local time without offset is read in the event's (here the trip's) zone.
    expect(it2.body.events[1].startDateTime).toBe("2026-05-03T09:00:00+02:00");

    const rm = await postOp(f.ownerToken, f.tripId, {
      base_revision: 5,
      type: "remove_event",
      payload: { event_id: id },
    });
    expect(rm.status).toBe(200);
    expect(rm.body.new_revision).toBe(6);
    const log = await queryRows<{ revision: number; type: string }>(
      t.db,
      sql`select revision, type from trip_ops where trip_id = ${f.tripId} order by revision`,
    );
    expect(log.map((r) => r.revision)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(log.map((r) => r.type)).toEqual([
      "add_event",
      "update_event",
      "move_event",
      "add_event",
      "reorder",
      "remove_event",
    ]);
  });

  it("409 STALE_REVISION in the flat family with both revisions", async () => {
    const f = await makeTrip();
    await postOp(f.ownerToken, f.tripId, { base_revision: 0, type: "add_event", payload: sampleEvent() });
    const res = await postOp(f.ownerToken, f.tripId, { base_revision: 0, type: "add_event", payload: sampleEvent() });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: "STALE_REVISION", current_revision: 1, base_revision: 0 });
    expect(typeof res.body.error).toBe("string");
  });

  it("409 OP_INVALID for ops that do not fit the timeline, revision unchanged", async () => {
    const f = await makeTrip({ startDate: "2026-05-01", endDate: "2026-05-05" });
    const add = await postOp(f.ownerToken, f.tripId, { base_revision: 0, type: "add_event", payload: sampleEvent() });
    const id = add.body.result.affected_event_ids[0];
    const cases = [
      { type: "remove_event", payload: { event_id: 999999 } },
      { type: "move_event", payload: { event_id: id, date: "2026-06-01", time: "10:00" } },
      { type: "update_event", payload: { event_id: id, endDateTime: "2026-04-01T10:00:00+02:00" } },
      { type: "reorder", payload: { date: "2026-05-01", event_ids: [id, 424242] } },
    ];
    for (const c of cases) {
      const res = await postOp(f.ownerToken, f.tripId, { base_revision: 1, ...c });
      expect(res.status, c.type).toBe(409);
      expect(res.body.code, c.type).toBe("OP_INVALID");
      expect(res.body.error.length).toBeGreaterThan(20);
    }
    expect((await getItinerary(f.ownerToken, f.tripId)).body.revision).toBe(1);
  });

  it("400 for malformed bodies and payloads, naming the field", async () => {
    const f = await makeTrip();
    const bad = [
      { type: "add_event", payload: sampleEvent() },
      { base_revision: 0, type: "teleport", payload: {} },
      { base_revision: 0, type: "add_event", payload: { ...sampleEvent(), type: "spaceship" } },
      {
        base_revision: 0,
        type: "add_event",
        payload: { ...sampleEvent(), type: "flight", departureAirport: "LONDON" },
      },
      { base_revision: 0, type: "move_event", payload: { event_id: 1, date: "2026-13-01", time: "10:00" } },
      { base_revision: -1, type: "remove_event", payload: { event_id: 1 } },
      // Beyond what the database can hold: 400, never a 500 from Postgres.
      { base_revision: 3000000000, type: "remove_event", payload: { event_id: 1 } },
      { base_revision: 0, type: "remove_event", payload: { event_id: 3000000000 } },
      { base_revision: 0, type: "update_event", payload: { event_id: 3000000000, title: "x" } },
      { base_revision: 0, type: "move_event", payload: { event_id: 1, date: "0000-01-01", time: "10:00" } },
      { base_revision: 0, type: "add_event", payload: { ...sampleEvent(), title: "a\u0000b" } },
      { base_revision: 0, type: "remove_event", payload: { event_id: 1 }, op_id: "op\u0000" },
    ];
    for (const b of bad) {
      const res = await postOp(f.ownerToken, f.tripId, b);
      expect(res.status, JSON.stringify(b)).toBe(400);
      expect(res.body.code).toBe("bad_request");
    }
    const raw = await call((await routeModule("/v1/trips/{tripId}/ops")).POST, {
      method: "POST",
      path: `/v1/trips/${f.tripId}/ops`,
      params: { tripId: String(f.tripId) },
      rawBody: "{not json",
      headers: { "content-type": "application/json" },
      bearer: f.ownerToken,
    });
    expect(raw.status).toBe(400);
  });

  it("op_id makes a retry return the original result without a second change", async () => {
    const f = await makeTrip();
    const body = { base_revision: 0, type: "add_event", payload: sampleEvent(), op_id: "client-op-1" };
    const first = await postOp(f.ownerToken, f.tripId, body);
    const again = await postOp(f.ownerToken, f.tripId, body);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect((await getItinerary(f.ownerToken, f.tripId)).body.events).toHaveLength(1);
    const reused = await postOp(f.ownerToken, f.tripId, { ...body, payload: sampleEvent(3) });
    expect(reused.status).toBe(400);
  });

  it("roles: viewer 403, non-member 404, planner and editor allowed", async () => {
    const f = await makeTrip();
    const viewer = await f.member("viewer");
    const res = await postOp(viewer.token, f.tripId, { base_revision: 0, type: "add_event", payload: sampleEvent() });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("forbidden");
    const stranger = await makeTrip();
    expect(
      (await postOp(stranger.ownerToken, f.tripId, { base_revision: 0, type: "add_event", payload: sampleEvent() }))
        .status,
    ).toBe(404);
    let rev = 0;
    for (const role of ["planner", "editor"] as const) {
      const m = await f.member(role);
      const ok = await postOp(m.token, f.tripId, { base_revision: rev, type: "add_event", payload: sampleEvent() });
      expect(ok.status, role).toBe(200);
      rev = ok.body.new_revision;
    }
  });
});

describe("recovery endpoints", () => {
  it("lists the caller's trips with revision and role", async () => {
    const f = await makeTrip();
    const ed = await f.member("editor");
    const list = await listTripsFor(ed.token);
    expect(list.status).toBe(200);
    expect(list.body.trips).toEqual([
      expect.objectContaining({ trip_id: f.tripId, revision: 0, role: "editor", time_zone: "Europe/Paris" }),
    ]);
  });

  it("itinerary carries an ETag and answers 304 to If-None-Match", async () => {
    const f = await makeTrip();
    const first = await getItinerary(f.ownerToken, f.tripId);
    const etag = first.headers.get("etag")!;
    expect(etag).toBeTruthy();
    const again = await getItinerary(f.ownerToken, f.tripId, { "if-none-match": etag });
    expect(again.status).toBe(304);
    await postOp(f.ownerToken, f.tripId, { base_revision: 0, type: "add_event", payload: sampleEvent() });
    const changed = await getItinerary(f.ownerToken, f.tripId, { "if-none-match": etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
  });

  it("diff: ops after the revision, upserted events, deleted ids; 400 ahead; 410 past the retained log", async () => {
    const f = await makeTrip();
    const a = await postOp(f.ownerToken, f.tripId, { base_revision: 0, type: "add_event", payload: sampleEvent(0) });
    const b = await postOp(f.ownerToken, f.tripId, { base_revision: 1, type: "add_event", payload: sampleEvent(1) });
    const idA = a.body.result.affected_event_ids[0];
    const idB = b.body.result.affected_event_ids[0];
    await postOp(f.ownerToken, f.tripId, { base_revision: 2, type: "remove_event", payload: { event_id: idA } });
    const d = await getDiff(f.ownerToken, f.tripId, 1);
    expect(d.status).toBe(200);
    expect(d.body.ops.map((o: { revision: number }) => o.revision)).toEqual([2, 3]);
    expect(d.body.upserted_events.map((e: { id: number }) => e.id)).toEqual([idB]);
    expect(d.body.deleted_event_ids).toEqual([idA]);
    expect(d.body.current_revision).toBe(3);

    const ahead = await getDiff(f.ownerToken, f.tripId, 4);
    expect(ahead.status).toBe(400);
    const missing = await call((await routeModule("/v1/trips/{tripId}/ops")).GET, {
      path: `/v1/trips/${f.tripId}/ops`,
      params: { tripId: String(f.tripId) },
      bearer: f.ownerToken,
    });
    expect(missing.status).toBe(400);

    // Retention: prune everything older than "now + 1 day" but keep the newest 1.
    const pruned = await pruneOpLog({ olderThan: new Date(Date.now() + 86400_000), keepLatest: 1 });
    expect(pruned).toBeGreaterThanOrEqual(2);
    const gone = await getDiff(f.ownerToken, f.tripId, 1);
    expect(gone.status).toBe(410);
    expect(gone.body.error.code).toBe("gone");
    expect((await getDiff(f.ownerToken, f.tripId, 2)).status).toBe(200);
  });

  it("serves an iCalendar feed with per-event time zones", async () => {
    const f = await makeTrip();
    await postOp(f.ownerToken, f.tripId, {
      base_revision: 0,
      type: "add_event",
      payload: {
        type: "flight",
        title: "To Paris",
        startDateTime: "2026-05-01T09:30:00+01:00",
        endDateTime: "2026-05-01T12:00:00+02:00",
        timeZone: "Europe/London",
        departureAirport: "lhr",
        arrivalAirport: "CDG",
        flightNumber: "BA304",
      },
    });
    await postOp(f.ownerToken, f.tripId, {
      base_revision: 1,
      type: "add_event",
      payload: {
        type: "activity",
        title: "Dinner",
        startDateTime: "2026-05-01T20:00:00+02:00",
        endDateTime: null,
        timeZone: "Europe/Paris",
      },
    });
    const res = await call(icsRoute.GET, {
      path: `/v1/trips/${f.tripId}/itinerary.ics`,
      params: { tripId: String(f.tripId) },
      bearer: f.ownerToken,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/text\/calendar/);
    const lines = res.text.split(/\r?\n/);
    // RFC 5545 3.8.7.2: DTSTAMP is always UTC (trailing Z), whatever the trip's or server's zone.
    const stamps = lines.filter((l) => l.startsWith("DTSTAMP"));
    expect(stamps).toHaveLength(2);
    for (const l of stamps) expect(l).toMatch(/^DTSTAMP:\d{8}T\d{6}Z$/);
    for (const l of lines.filter((x) => x.startsWith("LAST-MODIFIED")))
      expect(l).toMatch(/^LAST-MODIFIED:\d{8}T\d{6}Z$/);
    // Each event's start is qualified with its own zone, not the trip's.
    expect(lines.filter((l) => l.startsWith("DTSTART;TZID="))).toEqual([
      "DTSTART;TZID=Europe/London:20260501T093000",
      "DTSTART;TZID=Europe/Paris:20260501T200000",
    ]);
    // A flight ends where it lands: DTEND in the arrival airport's zone (the same instant, 11:00 in London).
    expect(res.text).toContain("DTEND;TZID=Europe/Paris:20260501T120000");
    expect(res.text).toContain("TZID:Europe/London");
    expect(res.text).toContain("LHR");
  });
});
