import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-db";
import { call } from "@/lib/http/testing/call-route";
import { makeUser } from "@/lib/testing/fixtures";
import { routeModule } from "@/lib/testing/route-registry";
import { createTrip } from "@/lib/trips/manage-trips";
import { getItinerary, getProposalCall, postOp, resolveProposalCall } from "@/lib/trips/testing/trip-fixture";
import { raisePlannerProposal } from "./raise-planner-proposal";
import { lisbon } from "./testing/stormy-trip";

const simulations = await routeModule("/v1/weather/simulations");

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t.close());

/**
 * Issue 38 item 5 through the adapters: a ferry at warning whose every calm sailing strands the walk
 * it leads to still gets a rebooking proposal; the stored option names what it strands (checks.strands,
 * validated by the proposal contract), and accepting it moves the sailing and the walk together.
 */
describe("a rebooking proposal that carries a stranded event along", () => {
  it("stores the strands, and accepting moves both", async () => {
    const owner = await makeUser({ plan: "pro", environment: "sandbox" });
    const trip = await createTrip(owner.userId, { name: "Lisbon", time_zone: "Europe/Lisbon" });
    const token = await owner.token();
    const add = async (rev: number, payload: Record<string, unknown>) => {
      const r = await postOp(token, trip.trip_id, { base_revision: rev, type: "add_event", payload });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.result.affected_event_ids[0] as number;
    };
    const ferry = await add(0, {
      type: "ferry",
      title: "Tagus ferry to Cacilhas",
      location: "Lisbon",
      arrivalLocation: "Almada",
      startDateTime: lisbon(3, 10),
      endDateTime: lisbon(3, 10, 20),
    });
    const walk = await add(1, {
      type: "activity",
      title: "Almada riverside walk",
      location: "Almada",
      activityType: "walking",
      startDateTime: lisbon(3, 11),
      endDateTime: lisbon(3, 13),
    });
    const events = (await getItinerary(token, trip.trip_id)).body.events as Array<{
      id: number;
      geo: { lat: number; lng: number };
    }>;
    const at = events.find((e) => e.id === ferry)!.geo;
    const inj = await call(simulations.POST, {
      method: "POST",
      path: "/v1/weather/simulations",
      bearer: await owner.key(["weather:read"]),
      body: { lat: at.lat, lng: at.lng, kind: "thunderstorm", starts_at: lisbon(3, 6), ends_at: lisbon(3, 14) },
    });
    expect(inj.status, JSON.stringify(inj.body)).toBe(201);

    const raised = await raisePlannerProposal({ tripId: trip.trip_id, eventId: ferry });
    expect(raised.action).toBe("created");
    const p = await getProposalCall(token, trip.trip_id, raised.proposalId!);
    expect(p.status).toBe(200);
    const top = p.body.options[0];
    expect(top.needs_rebooking).toBe(true);
    const sailing = top.changes.find((c: { event_id: number }) => c.event_id === ferry);
    const strand = top.checks.strands.find((s: { event_id: number }) => s.event_id === walk);
    expect(strand).toMatchObject({ title: "Almada riverside walk", start: expect.any(String) });
    expect(Date.parse(sailing.startDateTime)).toBeGreaterThanOrEqual(Date.parse(lisbon(3, 14)));
    // Carried along: after the new arrival, and the change is in the option; the reason says so.
    expect(strand.new_start).not.toBeNull();
    expect(Date.parse(strand.new_start)).toBeGreaterThanOrEqual(Date.parse(sailing.endDateTime));
    expect(top.rebooking_reason).toContain("Almada riverside walk moves with it");
    const walkMove = top.changes.find((c: { event_id: number }) => c.event_id === walk);
    expect(Date.parse(walkMove.startDateTime)).toBe(Date.parse(strand.new_start));

    const acc = await resolveProposalCall(token, trip.trip_id, raised.proposalId!, "accept");
    expect(acc.status, JSON.stringify(acc.body)).toBe(200);
    const after = (await getItinerary(token, trip.trip_id)).body.events as Array<{ id: number; startDateTime: string }>;
    expect(Date.parse(after.find((e) => e.id === ferry)!.startDateTime)).toBe(Date.parse(sailing.startDateTime));
    expect(Date.parse(after.find((e) => e.id === walk)!.startDateTime)).toBe(Date.parse(strand.new_start));
  });
});
