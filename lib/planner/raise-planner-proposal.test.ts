import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { queryRows } from "@/lib/db/sql";
import { createTestDatabase, describeWithPostgres, hasRealPostgres, type TestDatabase } from "@/lib/db/testing/test-db";
import { setTripClock } from "@/lib/trips/clock";
import { tripWeather } from "@/lib/trips/weather/get-trip-weather";
import {
  getItinerary,
  getProposalCall,
  listProposalsCall,
  postOp,
  resolveProposalCall,
} from "@/lib/trips/testing/trip-fixture";
import { PLANNER_AGENT_ID, raisePlannerProposal } from "./raise-planner-proposal";
import { lisbon, stormyTrip } from "./testing/stormy-trip";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase({ poolSize: hasRealPostgres ? 20 : undefined });
});
afterAll(async () => t.close());
afterEach(() => setTripClock());

const openPlannerProposals = (tripId: number) =>
  queryRows<{ id: string; status: string; superseded_by: string | null }>(
    t.db,
    sql`select id, status, superseded_by from trip_proposals where trip_id = ${tripId} and actor_agent_id = ${PLANNER_AGENT_ID} order by created_at, id`,
  );

describe("raisePlannerProposal", () => {
  it("raises one proposal that moves the stormy walk; a second run is unchanged; accepting moves the event (revision +1)", async () => {
    const f = await stormyTrip();
    const first = await raisePlannerProposal({ tripId: f.tripId, eventId: f.ids.sintra });
    expect(first.action).toBe("created");
    const p = await getProposalCall(f.token, f.tripId, first.proposalId!);
    expect(p.status).toBe(200);
    expect(p.body).toMatchObject({
      actor_agent_id: PLANNER_AGENT_ID,
      status: "pending",
      subject_event_id: f.ids.sintra,
      base_revision: f.revision,
      entities: [],
    });
    expect(Date.parse(p.body.expires_at)).toBe(Date.parse(lisbon(3, 12)));
    const top = p.body.options[0];
    expect(top.reason).toMatch(/^thunderstorms \d\d:\d\d-\d\d:\d\d; /);
    expect(top.forecast.windows.map((w: { role: string; risk_level: string }) => [w.role, w.risk_level])).toEqual([
      ["current", "warning"],
      ["proposed", expect.stringMatching(/^(low|watch)$/)],
    ]);
    const move = top.changes.find((c: { event_id: number }) => c.event_id === f.ids.sintra);
    expect(move.type).toBe("move_event");
    // Item 7: what was checked is stored and returned by the REST route, with the figures.
    expect(top.needs_rebooking).toBe(false);
    expect(top.rebooking_reason).toBeNull();
    expect(top.checks.daylight.rule).toMatch(/^(sun|civil_twilight)$/);
    expect(Date.parse(top.checks.daylight.sunset)).toBeGreaterThanOrEqual(Date.parse(move.endDateTime));
    // An undated trip with no transport or stay has no bounds to report.
    expect(top.checks.span).toEqual({ start: null, end: null });
    for (const leg of [top.checks.before, top.checks.after].filter(Boolean))
      expect(leg).toMatchObject({ travel_minutes: expect.any(Number), estimate: expect.any(String) });
    expect(top.checks.before ?? top.checks.after).not.toBeNull();

    expect(await raisePlannerProposal({ tripId: f.tripId, eventId: f.ids.sintra })).toEqual({
      action: "unchanged",
      proposalId: first.proposalId,
    });
    expect(await openPlannerProposals(f.tripId)).toHaveLength(1);

    const acc = await resolveProposalCall(f.token, f.tripId, first.proposalId!, "accept");
    expect(acc.status, JSON.stringify(acc.body)).toBe(200);
    expect(acc.body.new_revision).toBe(f.revision + 1);
    const moved = (await getItinerary(f.token, f.tripId)).body.events.find(
      (e: { id: number }) => e.id === f.ids.sintra,
    );
    expect(moved.startDateTime).toBe(move.startDateTime);
    // The trip weather (same engine) now rates the walk at most watch, and it overlaps no other timed event.
    const weather = await tripWeather(f.tripId, { environment: "sandbox", billed: false });
    expect(weather.events.find((e) => e.event_id === f.ids.sintra)!.risk!.level).toMatch(/^(low|watch)$/);
    const all = (await getItinerary(f.token, f.tripId)).body.events as Array<{
      id: number;
      startDateTime: string;
      endDateTime: string;
    }>;
    for (const other of all.filter((e) => e.id !== f.ids.sintra))
      expect(
        Date.parse(moved.startDateTime) < Date.parse(other.endDateTime) &&
          Date.parse(other.startDateTime) < Date.parse(moved.endDateTime),
      ).toBe(false);
    // Moved out of the storm: the planner now has nothing to say.
    expect(await raisePlannerProposal({ tripId: f.tripId, eventId: f.ids.sintra })).toEqual({
      action: "none",
      proposalId: null,
    });
  });

  it("a changed trip replaces the open proposal (old one superseded, pointing at the new); an event no longer at risk retires it", async () => {
    const f = await stormyTrip();
    const first = await raisePlannerProposal({ tripId: f.tripId, eventId: f.ids.sintra });
    expect(
      (
        await postOp(f.token, f.tripId, {
          base_revision: f.revision,
          type: "update_event",
          payload: { event_id: f.ids.dinner, title: "Late dinner" },
        })
      ).status,
    ).toBe(200);
    const second = await raisePlannerProposal({ tripId: f.tripId, eventId: f.ids.sintra });
    expect(second.action).toBe("replaced");
    expect(second.proposalId).not.toBe(first.proposalId);
    expect(await openPlannerProposals(f.tripId)).toEqual([
      { id: first.proposalId, status: "superseded", superseded_by: second.proposalId },
      { id: second.proposalId, status: "pending", superseded_by: null },
    ]);
    const pending = await listProposalsCall(f.token, f.tripId, "pending");
    expect(pending.body.proposals.map((x: { proposal_id: string }) => x.proposal_id)).toEqual([second.proposalId]);
    expect((await getProposalCall(f.token, f.tripId, first.proposalId!)).body).toMatchObject({
      status: "superseded",
      superseded_by: second.proposalId,
    });
    // The walk moved by hand to a dry window: the open proposal is retired, nothing new is raised. (The
    // window the planner found, not a fixed hour: away from the injected storm, the simulated weather
    // depends on the date the test runs, and a fixed hour was stormy on some days.)
    const dry = (await getProposalCall(f.token, f.tripId, second.proposalId!)).body.options[0].changes.find(
      (c: { event_id: number }) => c.event_id === f.ids.sintra,
    );
    const evening = await postOp(f.token, f.tripId, {
      base_revision: f.revision + 1,
      type: "update_event",
      payload: { event_id: f.ids.sintra, startDateTime: dry.startDateTime, endDateTime: dry.endDateTime },
    });
    expect(evening.status).toBe(200);
    expect(await raisePlannerProposal({ tripId: f.tripId, eventId: f.ids.sintra })).toEqual({
      action: "none",
      proposalId: null,
    });
    expect((await openPlannerProposals(f.tripId)).map((r) => r.status)).toEqual(["superseded", "superseded"]);
    // Indoor and unknown events never get a planner proposal.
    expect(await raisePlannerProposal({ tripId: f.tripId, eventId: f.ids.museum })).toEqual({
      action: "none",
      proposalId: null,
    });
    expect(await raisePlannerProposal({ tripId: f.tripId, eventId: 2147480000 })).toEqual({
      action: "none",
      proposalId: null,
    });
  });

  it("expires when the event starts: read as expired then, and a later run stores it expired and raises nothing", async () => {
    const f = await stormyTrip();
    const first = await raisePlannerProposal({ tripId: f.tripId, eventId: f.ids.sintra });
    const start = new Date(lisbon(3, 12));
    setTripClock(() => new Date(start.getTime() + 60_000));
    expect((await getProposalCall(f.token, f.tripId, first.proposalId!)).body.status).toBe("expired");
    const acc = await resolveProposalCall(f.token, f.tripId, first.proposalId!, "accept");
    expect(acc.body.error.code).toBe("proposal_not_pending");
    expect(await raisePlannerProposal({ tripId: f.tripId, eventId: f.ids.sintra })).toEqual({
      action: "none",
      proposalId: null,
    });
    expect((await openPlannerProposals(f.tripId)).map((r) => r.status)).toEqual(["expired"]);
    expect((await listProposalsCall(f.token, f.tripId, "expired")).body.proposals).toHaveLength(1);
  });
});

describeWithPostgres("raisePlannerProposal under concurrency (real Postgres)", () => {
  it("eight instances at once for one event: one created, the rest unchanged, one open proposal; then one replace among eight", async () => {
    const f = await stormyTrip();
    const runs = await Promise.all(
      Array.from({ length: 8 }, () => raisePlannerProposal({ tripId: f.tripId, eventId: f.ids.sintra })),
    );
    expect(runs.filter((r) => r.action === "created")).toHaveLength(1);
    expect(runs.filter((r) => r.action === "unchanged")).toHaveLength(7);
    expect(new Set(runs.map((r) => r.proposalId)).size).toBe(1);
    expect((await openPlannerProposals(f.tripId)).filter((r) => r.status === "pending")).toHaveLength(1);

    expect(
      (
        await postOp(f.token, f.tripId, {
          base_revision: f.revision,
          type: "update_event",
          payload: { event_id: f.ids.dinner, title: "Late dinner" },
        })
      ).status,
    ).toBe(200);
    const again = await Promise.all(
      Array.from({ length: 8 }, () => raisePlannerProposal({ tripId: f.tripId, eventId: f.ids.sintra })),
    );
    expect(again.filter((r) => r.action === "replaced")).toHaveLength(1);
    expect(again.filter((r) => r.action === "unchanged")).toHaveLength(7);
    const all = await openPlannerProposals(f.tripId);
    expect(all.filter((r) => r.status === "pending")).toHaveLength(1);
    expect(all.filter((r) => r.status === "superseded")).toHaveLength(1);
  });
});
