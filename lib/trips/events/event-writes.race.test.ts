import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { queryRows } from "@/lib/db/sql";
import { createTestDatabase, describeWithPostgres, hasRealPostgres, type TestDatabase } from "@/lib/db/testing/test-db";
import { call } from "@/lib/http/testing/call-route";
import { routeModule } from "@/lib/testing/route-registry";
import { getItinerary, makeTrip } from "@/lib/trips/testing/trip-fixture";

/*
 * /api event writes in one statement (change-event-one-statement.ts): the bump, the event's change
 * and the op-log row in one CTE, applied to the event as it is once the trip lock is granted.
 * Raced here on real Postgres (PGlite runs one statement at a time); the same paths without
 * contention run in events-api.test.ts and round-trips.test.ts.
 */
const tripEventsRoute = await routeModule("/api/trips/{tripId}/events");
const eventRoute = await routeModule("/api/events/{eventId}");

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase(hasRealPostgres ? { poolSize: 30 } : {});
});
afterAll(async () => t?.close());

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
const deleteEvent = (key: string, id: number) =>
  call(eventRoute.DELETE, {
    method: "DELETE",
    path: `/api/events/${id}`,
    params: { eventId: String(id) },
    bearer: key,
  });
const opLog = (tripId: number) =>
  queryRows<{ revision: number; type: string }>(
    t.db,
    sql`select revision, type from trip_ops where trip_id = ${tripId} order by revision`,
  );

async function tripWithEvent() {
  const f = await makeTrip({ timeZone: "Europe/Lisbon" });
  const key = await f.owner.key(["read", "write", "delete"]);
  const created = await postEvent(key, f.tripId, {
    type: "activity",
    title: "Walk",
    startDateTime: "2026-05-02T10:00:00+01:00",
    endDateTime: "2026-05-02T12:00:00+01:00",
  });
  expect(created.status, created.text).toBe(201);
  return { f, key, eventId: created.body.id as number };
}

describe("one-statement event writes fall back to the general path", () => {
  it("an end before the stored start is still 400 (nothing bumped), a deleted event 404, a place change resolves the place", async () => {
    const { f, key, eventId } = await tripWithEvent();
    const bad = await patchEvent(key, eventId, { endDateTime: "2026-05-02T09:00:00+01:00" });
    expect(bad.status, bad.text).toBe(400);
    expect(bad.body.error.message).toMatch(/endDateTime/);
    const moved = await patchEvent(key, eventId, {
      startDateTime: "2026-05-02T08:00:00+01:00",
      endDateTime: "2026-05-02T09:00:00+01:00",
      notes: "early",
    });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body).toMatchObject({
      startDateTime: "2026-05-02T08:00:00+01:00",
      endDateTime: "2026-05-02T09:00:00+01:00",
      notes: "early",
    });
    const placed = await patchEvent(key, eventId, { location: "Sintra" });
    expect(placed.status, placed.text).toBe(200);
    expect(placed.body.geo).toMatchObject({ source: "gazetteer" });
    expect(Number(placed.headers.get("x-trip-revision"))).toBe(3);
    const gone = await deleteEvent(key, eventId);
    expect(gone.status, gone.text).toBe(200);
    expect(gone.body).toMatchObject({ id: eventId, deleted: true, revision: 4 });
    expect((await patchEvent(key, eventId, { notes: "late" })).status).toBe(404);
    expect((await deleteEvent(key, eventId)).status).toBe(404);
    expect((await opLog(f.tripId)).map((r) => r.type)).toEqual([
      "add_event",
      "update_event",
      "update_event",
      "remove_event",
    ]);
  });
});

describeWithPostgres("one-statement event writes under contention (real Postgres)", () => {
  it("40 racing patches whose validity depends on each other, then a delete racing patches: contiguous log, one revision per success, the stored event valid", async () => {
    for (let round = 0; round < 3; round++) {
      const { f, key, eventId } = await tripWithEvent();
      // Start 10:00, end 12:00. An end at 11:00 is valid only while the start is before it; a start at 11:30 only while the end is after it.
      const patches = Array.from({ length: 40 }, (_, i) =>
        i % 2 === 0
          ? { endDateTime: "2026-05-02T11:00:00+01:00", notes: `e${i}` }
          : { startDateTime: "2026-05-02T11:30:00+01:00", notes: `s${i}` },
      );
      const results = await Promise.all(patches.map((p) => patchEvent(key, eventId, p)));
      const ok = results.filter((r) => r.status === 200);
      for (const r of results) expect([200, 400], r.text).toContain(r.status);
      // Exactly one kind can win: after the first success, the other kind is invalid.
      expect(new Set(ok.map((r) => (r.body.notes as string)[0])).size).toBe(1);
      const revisions = ok.map((r) => Number(r.headers.get("x-trip-revision"))).sort((a, b) => a - b);
      expect(revisions).toEqual(Array.from({ length: ok.length }, (_, i) => i + 2));
      const it = await getItinerary(f.ownerToken, f.tripId);
      const [e] = it.body.events as Array<{ startDateTime: string; endDateTime: string }>;
      expect(Date.parse(e.endDateTime)).toBeGreaterThanOrEqual(Date.parse(e.startDateTime));

      const [del, ...more] = await Promise.all([
        deleteEvent(key, eventId),
        ...Array.from({ length: 20 }, (_, i) => patchEvent(key, eventId, { notes: `late ${i}` })),
      ]);
      expect(del.status, del.text).toBe(200);
      for (const r of more) expect([200, 404], r.text).toContain(r.status);
      const log = await opLog(f.tripId);
      expect(log.map((r) => r.revision)).toEqual(Array.from({ length: log.length }, (_, i) => i + 1));
      expect(log.length).toBe(1 + ok.length + 1 + more.filter((r) => r.status === 200).length);
      expect(log.at(-1)!.type).toBe("remove_event");
      expect((await getItinerary(f.ownerToken, f.tripId)).body.revision).toBe(log.length);
    }
  });
});
