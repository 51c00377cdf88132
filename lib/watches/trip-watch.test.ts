import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { watchEvents, watches } from "@/drizzle/schema";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-db";
import { call } from "@/lib/http/testing/call-route";
import { localTasks, runDueWork } from "@/lib/jobs/local-runner";
import { JOBS } from "@/lib/registry/job-table";
import { makeUser } from "@/lib/testing/fixtures";
import { routeModule } from "@/lib/testing/route-registry";
import { addMember } from "@/lib/trips/manage-members";
import { createTrip } from "@/lib/trips/manage-trips";
import { PLANNER_AGENT_ID } from "@/lib/planner/raise-planner-proposal";
import {
  getItinerary,
  getProposalCall,
  listProposalsCall,
  postOp,
  resolveProposalCall,
} from "@/lib/trips/testing/trip-fixture";
import { lisbon, lisbonSandboxTrip, postEvent } from "./testing/trip-watch-fixtures";
import { refreshWatch } from "./refresh-watch";

const watchRoute = await routeModule("/v1/weather/watch");
const watchById = await routeModule("/v1/weather/watch/{watch_id}");
const simulations = await routeModule("/v1/weather/simulations");
const eventRoute = await routeModule("/api/events/{eventId}");

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t.close());

const watchTasks = () => localTasks({ jobs: JOBS.filter((j) => j.name === "watch-refresh"), cronDueNow: true });
const HOOK = "https://hooks.example.com/trip-watch";

const createVia = (key: string, body: Record<string, unknown>) =>
  call(watchRoute.POST, { method: "POST", path: "/v1/weather/watch", bearer: key, body });
const getVia = (key: string, id: string) =>
  call(watchById.GET, { path: `/v1/weather/watch/${id}`, params: { watch_id: id }, bearer: key });
const eventsOf = (watchId: string) =>
  t.db.select().from(watchEvents).where(eq(watchEvents.watchId, watchId)).orderBy(watchEvents.createdAt);

interface TripEventView {
  event_id: number;
  starts_at: string;
  outdoor: boolean;
  activity_type: string;
  place: { lat: number; lng: number };
  risk: { level: string } | null;
}

async function tripWatch(f: Awaited<ReturnType<typeof lisbonSandboxTrip>>, extra: Record<string, unknown> = {}) {
  const r = await createVia(f.key, {
    target_type: "trip",
    target_ref: { trip_id: f.tripId },
    webhook_url: HOOK,
    ...extra,
  });
  expect(r.status, r.text).toBe(201);
  return r.body.data as { watch_id: string; starts_at: string; ends_at: string; planner_threshold: string } & Record<
    string,
    unknown
  >;
}

describe("trip watches: creation", () => {
  it("place fields are optional; the window defaults to the trip's span; target_ref is {trip_id}; threshold defaults to warning", async () => {
    const f = await lisbonSandboxTrip();
    const w = await tripWatch(f);
    expect(w).toMatchObject({
      target_type: "trip",
      target_ref: { trip_id: f.tripId },
      place_type: "trip",
      activity_type: "itinerary",
      outdoor: true,
      planner_threshold: "warning",
    });
    const read = await getVia(f.key, w.watch_id);
    expect(read.body.data.trip).toEqual({
      trip_id: f.tripId,
      planner_threshold: "warning",
      revision: null,
      checked_at: null,
      events: [],
    });
    // From the flight's departure (or the current hour) to the stay's check-out.
    expect(Date.parse(w.ends_at)).toBe(Date.parse(lisbon(f.day + 2, 11)));
    expect(Date.parse(w.starts_at)).toBeLessThanOrEqual(Date.parse(lisbon(f.day - 1, 8)));
    // The anchor is the first followed event's place (the flight's departure at Zurich).
    expect(Math.abs((w.latitude as number) - 47.46)).toBeLessThan(0.1);

    const custom = await tripWatch(f, {
      planner_threshold: "watch",
      starts_at: lisbon(f.day, 0),
      ends_at: lisbon(f.day + 1, 0),
    });
    expect(custom.planner_threshold).toBe("watch");
    expect(custom.starts_at).toBe(new Date(lisbon(f.day, 0)).toISOString());

    // The trip page's switch finds the trip's watches with trip_id; list items carry planner_threshold.
    const other = await lisbonSandboxTrip();
    await tripWatch(other);
    const listed = await call(watchRoute.GET, { path: `/v1/weather/watch?trip_id=${f.tripId}`, bearer: f.key });
    expect(listed.status).toBe(200);
    expect(listed.body.data.watches.map((x: { watch_id: string }) => x.watch_id).sort()).toEqual(
      [w.watch_id, custom.watch_id].sort(),
    );
    expect(listed.body.data.watches.map((x: { planner_threshold: string }) => x.planner_threshold).sort()).toEqual([
      "warning",
      "watch",
    ]);
    const none = await call(watchRoute.GET, { path: `/v1/weather/watch?trip_id=${other.tripId}`, bearer: f.key });
    expect(none.body.data.watches).toEqual([]);
  });

  it("the creator must be a member of the trip (404 otherwise; a viewer may watch)", async () => {
    const f = await lisbonSandboxTrip();
    const stranger = await makeUser({ plan: "pro", environment: "sandbox" });
    const strangerKey = await stranger.key(["weather:watch"]);
    const denied = await createVia(strangerKey, {
      target_type: "trip",
      target_ref: { trip_id: f.tripId },
      webhook_url: HOOK,
    });
    expect(denied.status).toBe(404);
    expect(denied.body.error.code).toBe("not_found");
    const unknown = await createVia(strangerKey, {
      target_type: "trip",
      target_ref: { trip_id: 2_000_000_000 },
      webhook_url: HOOK,
    });
    expect(unknown.status).toBe(404);
    await addMember(f.tripId, f.owner.userId, stranger.email, "viewer");
    expect(
      (await createVia(strangerKey, { target_type: "trip", target_ref: { trip_id: f.tripId }, webhook_url: HOOK }))
        .status,
    ).toBe(201);
  });

  it("400s: place fields for other targets, threshold outside trip watches, a trip with nothing placed, a half window", async () => {
    const f = await lisbonSandboxTrip();
    const place = await createVia(f.key, {
      target_type: "place",
      starts_at: lisbon(1, 9),
      ends_at: lisbon(1, 12),
      webhook_url: HOOK,
    });
    expect(place.status).toBe(400);
    expect(place.body.error.details.field).toBe("latitude");
    const threshold = await createVia(f.key, {
      target_type: "place",
      latitude: 38.7,
      longitude: -9.1,
      activity_type: "hiking",
      starts_at: lisbon(1, 9),
      ends_at: lisbon(1, 12),
      webhook_url: HOOK,
      planner_threshold: "watch",
    });
    expect(threshold.status).toBe(400);
    const badThreshold = await createVia(f.key, {
      target_type: "trip",
      target_ref: { trip_id: f.tripId },
      webhook_url: HOOK,
      planner_threshold: "low",
    });
    expect(badThreshold.status).toBe(400);
    const half = await createVia(f.key, {
      target_type: "trip",
      target_ref: { trip_id: f.tripId },
      webhook_url: HOOK,
      starts_at: lisbon(1, 9),
    });
    expect(half.status).toBe(400);
    expect(half.body.error.details.field).toBe("ends_at");
    const empty = await createTrip(f.owner.userId, { name: "Empty", time_zone: "Europe/Lisbon" });
    const none = await createVia(f.key, {
      target_type: "trip",
      target_ref: { trip_id: empty.trip_id },
      webhook_url: HOOK,
    });
    expect(none.status).toBe(400);
    expect(none.body.error.message).toMatch(/dates nor events/);
    const stringId = await createVia(f.key, { target_type: "trip", target_ref: { trip_id: "abc" }, webhook_url: HOOK });
    expect(stringId.status).toBe(400);
  });
});

describe("trip watches: refresh follows the itinerary", () => {
  it("rates every placed event; the read shows each one's latest risk", async () => {
    const f = await lisbonSandboxTrip();
    const w = await tripWatch(f);
    const r = await refreshWatch(w.watch_id);
    expect(r).toMatchObject({ outcome: "refreshed", events: ["weather.snapshot_refreshed"] });
    const read = await getVia(f.key, w.watch_id);
    expect(read.status).toBe(200); // validated against the document by call()
    const trip = read.body.data.trip as { revision: number; events: TripEventView[] };
    expect(trip.revision).toBe(4);
    expect(trip.events.map((e) => e.event_id)).toEqual([f.ids.flight, f.ids.stay, f.ids.sintra, f.ids.dinner]);
    for (const e of trip.events) expect(["low", "watch", "warning"]).toContain(e.risk?.level);
    const sintra = trip.events.find((e) => e.event_id === f.ids.sintra)!;
    expect(sintra).toMatchObject({ outdoor: true, activity_type: "sightseeing" });
    expect(Math.abs(sintra.place.lat - 38.8)).toBeLessThanOrEqual(0.3);
    expect(read.body.data.latest_risk?.level).toMatch(/low|watch|warning/);
    const [ev] = await eventsOf(w.watch_id);
    expect(ev.data).toMatchObject({
      trip_id: f.tripId,
      event_ids: [f.ids.flight, f.ids.stay, f.ids.sintra, f.ids.dinner],
    });
  });

  it("sandbox: a thunderstorm injected over Sintra makes the watch due and its change names the event with previous and new risk", async () => {
    const f = await lisbonSandboxTrip();
    const w = await tripWatch(f);
    await runDueWork(watchTasks());
    const [before] = await t.db.select().from(watches).where(eq(watches.id, w.watch_id));
    const sintraBefore = before.tripState!.events.find((e) => e.event_id === f.ids.sintra)!;
    expect(Date.parse(before.nextCheckAt!.toISOString())).toBeGreaterThan(Date.now());

    const inj = await call(simulations.POST, {
      method: "POST",
      path: "/v1/weather/simulations",
      bearer: f.key,
      body: {
        lat: sintraBefore.place.lat,
        lng: sintraBefore.place.lng,
        kind: "thunderstorm",
        starts_at: lisbon(f.day, 9),
        ends_at: lisbon(f.day, 17),
      },
    });
    expect(inj.status, inj.text).toBe(201);
    const counts = await runDueWork(watchTasks());
    expect(counts["watch-refresh"]).toBeGreaterThanOrEqual(1);

    const changes = (await eventsOf(w.watch_id)).filter((e) => e.type === "weather.change_detected");
    expect(changes).toHaveLength(1);
    const data = changes[0].data as {
      trip_id: number;
      event_ids: number[];
      events: Array<{ event_id: number; previous_risk: string; new_risk: string; change: string }>;
    };
    expect(data.trip_id).toBe(f.tripId);
    expect(data.event_ids).toEqual([f.ids.sintra]);
    expect(data.events[0]).toMatchObject({
      event_id: f.ids.sintra,
      change: "weather",
      previous_risk: sintraBefore.risk!.level,
      new_risk: "warning",
    });
    const read = await getVia(f.key, w.watch_id);
    expect(read.body.data.trip.events.find((e: TripEventView) => e.event_id === f.ids.sintra).risk.level).toBe(
      "warning",
    );
    expect(read.body.data.latest_risk.level).toBe("warning");

    // The planner proposed within the same cycle: one pending proposal that moves the day trip
    // to a window rated at most watch, clear of the trip's other timed events.
    const pending = await listProposalsCall(f.token, f.tripId, "pending");
    expect(pending.status).toBe(200);
    const planned = pending.body.proposals.filter(
      (p: { actor_agent_id: string }) => p.actor_agent_id === PLANNER_AGENT_ID,
    );
    expect(planned).toHaveLength(1);
    // Refreshing again on the same forecast keeps that proposal: no duplicate.
    const second = await refreshWatch(w.watch_id);
    expect(second).toMatchObject({
      outcome: "refreshed",
      planner: [{ event_id: f.ids.sintra, action: "unchanged", proposal_id: planned[0].proposal_id }],
    });
    expect((await listProposalsCall(f.token, f.tripId, "pending")).body.proposals).toHaveLength(1);
    const proposal = (await getProposalCall(f.token, f.tripId, planned[0].proposal_id)).body;
    expect(proposal).toMatchObject({ status: "pending", subject_event_id: f.ids.sintra });
    const top = proposal.options[0];
    const move = top.changes.find((ch: { event_id: number }) => ch.event_id === f.ids.sintra);
    expect(move.type).toBe("move_event");
    expect(top.forecast.windows.find((x: { role: string }) => x.role === "proposed").risk_level).toMatch(
      /^(low|watch)$/,
    );
    const itinerary = (await getItinerary(f.token, f.tripId)).body;
    const [ms, me] = [Date.parse(move.startDateTime), Date.parse(move.endDateTime)];
    for (const e of itinerary.events as Array<{
      id: number;
      type: string;
      startDateTime: string;
      endDateTime: string | null;
    }>) {
      if (e.id === f.ids.sintra || e.type === "accommodation") continue;
      const [s0, e0] = [Date.parse(e.startDateTime), Date.parse(e.endDateTime ?? e.startDateTime)];
      expect(s0 < me && ms < e0, `overlaps event ${e.id}`).toBe(false);
    }

    // Accept: the itinerary shows the event moved, revision +1.
    const acc = await resolveProposalCall(f.token, f.tripId, planned[0].proposal_id, "accept");
    expect(acc.status, acc.text).toBe(200);
    expect(acc.body.new_revision).toBe(itinerary.revision + 1);
    const after = (await getItinerary(f.token, f.tripId)).body;
    expect(after.revision).toBe(itinerary.revision + 1);
    expect(Date.parse(after.events.find((e: { id: number }) => e.id === f.ids.sintra).startDateTime)).toBe(ms);

    // A second refresh follows the move and raises no duplicate proposal.
    const again = await refreshWatch(w.watch_id);
    expect(again).toMatchObject({ outcome: "refreshed" });
    const proposals = await listProposalsCall(f.token, f.tripId);
    expect(
      proposals.body.proposals.filter(
        (p: { actor_agent_id: string; status: string }) =>
          p.actor_agent_id === PLANNER_AGENT_ID && p.status === "pending",
      ),
    ).toEqual([]);
    const followed = (await getVia(f.key, w.watch_id)).body.data.trip.events as TripEventView[];
    expect(Date.parse(followed.find((e) => e.event_id === f.ids.sintra)!.starts_at)).toBe(ms);
  });

  it("an injection makes only the injecting sandbox account's watches due (never production, never other accounts)", async () => {
    const f = await lisbonSandboxTrip();
    const mine = await tripWatch(f);
    const other = await lisbonSandboxTrip();
    const theirs = await tripWatch(other);
    const prod = await makeUser({ plan: "starter" });
    const prodWatch = await createVia(await prod.key(["weather:watch"]), {
      latitude: 38.8,
      longitude: -9.38,
      activity_type: "hiking",
      starts_at: lisbon(2, 9),
      ends_at: lisbon(2, 17),
      webhook_url: HOOK,
    });
    expect(prodWatch.status).toBe(201);
    for (const id of [mine.watch_id, theirs.watch_id, prodWatch.body.data.watch_id]) await refreshWatch(id);
    const due = async (id: string) =>
      (await t.db.select().from(watches).where(eq(watches.id, id)))[0].nextCheckAt!.getTime() <= Date.now();
    expect(await due(mine.watch_id)).toBe(false);
    const inj = await call(simulations.POST, {
      method: "POST",
      path: "/v1/weather/simulations",
      bearer: f.key,
      body: { lat: 38.8, lng: -9.38, kind: "rain" },
    });
    expect(inj.status).toBe(201);
    expect(await due(mine.watch_id)).toBe(true);
    expect(await due(theirs.watch_id)).toBe(false);
    expect(await due(prodWatch.body.data.watch_id)).toBe(false);
  });

  it("an op that moves the watched event, an added and a removed event are followed by the next refresh", async () => {
    const f = await lisbonSandboxTrip();
    const w = await tripWatch(f);
    await refreshWatch(w.watch_id);
    const moved = await postOp(f.token, f.tripId, {
      base_revision: 4,
      type: "move_event",
      payload: { event_id: f.ids.sintra, date: lisbon(f.day + 1, 0).slice(0, 10), time: "09:00" },
    });
    expect(moved.status, moved.text).toBe(200);
    const added = await postEvent(f.key, f.tripId, {
      type: "activity",
      title: "Sunrise tram 28 ride",
      location: "Lisboa",
      startDateTime: lisbon(f.day + 1, 7),
      endDateTime: lisbon(f.day + 1, 8),
    });
    expect(added.status).toBe(201);
    const removed = await call(eventRoute.DELETE, {
      method: "DELETE",
      path: `/api/events/${f.ids.dinner}`,
      params: { eventId: String(f.ids.dinner) },
      bearer: f.key,
    });
    expect(removed.status).toBeLessThan(300);

    const r = await refreshWatch(w.watch_id);
    expect(r).toMatchObject({ outcome: "refreshed", events: ["weather.change_detected"] });
    const change = (await eventsOf(w.watch_id)).find((e) => e.type === "weather.change_detected")!.data as {
      event_ids: number[];
      events: Array<{
        event_id: number;
        change: string;
        starts_at: string | null;
        previous_starts_at: string | null;
        new_risk: string | null;
      }>;
    };
    const byId = new Map(change.events.map((e) => [e.event_id, e]));
    expect(byId.get(f.ids.sintra)).toMatchObject({
      change: "moved",
      starts_at: new Date(lisbon(f.day + 1, 9)).toISOString(),
      previous_starts_at: new Date(lisbon(f.day, 10)).toISOString(),
    });
    expect(byId.get(added.body.id)).toMatchObject({ change: "added" });
    expect(byId.get(f.ids.dinner)).toMatchObject({ change: "removed", new_risk: null });
    // The read rates the new time.
    const read = await getVia(f.key, w.watch_id);
    const events = read.body.data.trip.events as TripEventView[];
    expect(events.find((e) => e.event_id === f.ids.sintra)!.starts_at).toBe(
      new Date(lisbon(f.day + 1, 9)).toISOString(),
    );
    expect(events.map((e) => e.event_id)).not.toContain(f.ids.dinner);
    expect(read.body.data.trip.revision).toBe(7);
  });
});
