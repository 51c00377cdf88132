import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-db";
import { setTripClock } from "@/lib/trips/clock";
import { PROPOSAL_DEFAULT_TTL_HOURS } from "./proposal-schemas";
import {
  createProposalCall,
  getItinerary,
  getProposalCall,
  listProposalsCall,
  makeTrip,
  postOp,
  resolveProposalCall,
  sampleProposal,
} from "@/lib/trips/testing/trip-fixture";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t.close());
afterEach(() => setTripClock());

describe("trip proposals", () => {
  it("creates a proposal with ranked options and a default lifetime", async () => {
    const now = new Date("2026-04-01T10:00:00Z");
    setTripClock(() => now);
    const f = await makeTrip();
    const body = sampleProposal();
    body.options.reverse(); // ranking comes from the score, not the order sent
    const res = await createProposalCall(f.ownerToken, f.tripId, body);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: "pending",
      actor_agent_id: "planner-agent-1",
      trip_id: f.tripId,
      created_event_ids: null,
    });
    expect(res.body.proposal_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body.options.map((o: { id: string; rank: number }) => [o.id, o.rank])).toEqual([
      ["early", 1],
      ["late", 2],
    ]);
    expect(new Date(res.body.expires_at).getTime() - now.getTime()).toBe(PROPOSAL_DEFAULT_TTL_HOURS * 3600_000);

    const got = await getProposalCall(f.ownerToken, f.tripId, res.body.proposal_id);
    expect(got.status).toBe(200);
    expect(got.body.entities[0]).toMatchObject({ type: "flight", title: "Flight to Lisbon" });
    const list = await listProposalsCall(f.ownerToken, f.tripId, "pending");
    expect(list.body).toEqual({
      trip_id: f.tripId,
      proposals: [
        {
          proposal_id: res.body.proposal_id,
          status: "pending",
          actor_agent_id: "planner-agent-1",
          created_at: now.toISOString(),
          expires_at: res.body.expires_at,
          subject_event_id: null,
        },
      ],
    });
  });

  it("accepts with a chosen option: events created with its times, revision bumped", async () => {
    const f = await makeTrip();
    const p = (await createProposalCall(f.ownerToken, f.tripId, sampleProposal())).body;
    const res = await resolveProposalCall(f.ownerToken, f.tripId, p.proposal_id, "accept", {
      selected_option_id: "late",
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      proposal_id: p.proposal_id,
      status: "accepted",
      selected_option_id: "late",
      new_revision: 1,
    });
    expect(res.body.created_event_ids).toHaveLength(2);
    const it = await getItinerary(f.ownerToken, f.tripId);
    expect(it.body.revision).toBe(1);
    const flight = it.body.events.find((e: { id: number }) => e.id === res.body.created_event_ids[0]);
    expect(flight).toMatchObject({
      type: "flight",
      departureAirport: "CDG",
      arrivalAirport: "LIS",
      startDateTime: "2026-05-04T18:00:00+02:00",
      cost: 120,
    });
    const again = await resolveProposalCall(f.ownerToken, f.tripId, p.proposal_id, "reject", {});
    expect(again.status).toBe(400);
    expect(again.body.error.code).toBe("proposal_not_pending");
    const full = await getProposalCall(f.ownerToken, f.tripId, p.proposal_id);
    expect(full.body).toMatchObject({
      status: "accepted",
      created_event_ids: res.body.created_event_ids,
      selected_option_id: "late",
    });
  });

  it("rejects with an optional reason", async () => {
    const f = await makeTrip();
    const p = (await createProposalCall(f.ownerToken, f.tripId, sampleProposal())).body;
    const res = await resolveProposalCall(f.ownerToken, f.tripId, p.proposal_id, "reject", { reason: "Too early" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "rejected", rejection_reason: "Too early" });
    expect(typeof res.body.rejected_at).toBe("string");
    const p2 = (await createProposalCall(f.ownerToken, f.tripId, sampleProposal())).body;
    const noBody = await resolveProposalCall(f.ownerToken, f.tripId, p2.proposal_id, "reject");
    expect(noBody.status).toBe(200);
    expect(noBody.body.rejection_reason).toBeNull();
    expect((await listProposalsCall(f.ownerToken, f.tripId, "rejected")).body.proposals).toHaveLength(2);
  });

  it("400 for an unknown action, an unknown option, and bad create bodies", async () => {
    const f = await makeTrip();
    const p = (await createProposalCall(f.ownerToken, f.tripId, sampleProposal())).body;
    const act = await resolveProposalCall(f.ownerToken, f.tripId, p.proposal_id, "approve", {});
    expect(act.status).toBe(400);
    expect(act.body.error.code).toBe("invalid_action");
    const opt = await resolveProposalCall(f.ownerToken, f.tripId, p.proposal_id, "accept", {
      selected_option_id: "nope",
    });
    expect(opt.status).toBe(400);
    expect(opt.body.error.message).toMatch(/early, late/);
    const base = sampleProposal();
    const bad = [
      { ...base, entities: [] },
      {
        ...base,
        entities: Array.from({ length: 51 }, () => ({
          type: "activity",
          title: "x",
          startDateTime: "2026-05-01T10:00:00Z",
        })),
      },
      {
        ...base,
        options: [
          { id: "a", score: 1 },
          { id: "a", score: 2 },
        ],
      },
      { ...base, options: [] }, // entities without start times and no option scheduling them
      { ...base, entities: [{ type: "boat", title: "x" }] },
      { entities: base.entities },
    ];
    for (const b of bad) {
      const res = await createProposalCall(f.ownerToken, f.tripId, b);
      expect(res.status, JSON.stringify(b).slice(0, 80)).toBe(400);
    }
    const status = await listProposalsCall(f.ownerToken, f.tripId, "bogus");
    expect(status.status).toBe(400);
  });

  it("accept one second after expiry is refused and the proposal is listed as expired", async () => {
    let now = new Date("2026-04-01T10:00:00Z");
    setTripClock(() => now);
    const f = await makeTrip();
    const p = (
      await createProposalCall(f.ownerToken, f.tripId, { ...sampleProposal(), expires_at: "2026-04-01T11:00:00Z" })
    ).body;
    now = new Date("2026-04-01T11:00:01Z");
    const res = await resolveProposalCall(f.ownerToken, f.tripId, p.proposal_id, "accept", {});
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: "proposal_not_pending", details: { status: "expired" } });
    expect(
      (await listProposalsCall(f.ownerToken, f.tripId, "expired")).body.proposals.map(
        (x: { proposal_id: string }) => x.proposal_id,
      ),
    ).toEqual([p.proposal_id]);
    expect((await listProposalsCall(f.ownerToken, f.tripId, "pending")).body.proposals).toEqual([]);
    expect((await getProposalCall(f.ownerToken, f.tripId, p.proposal_id)).body.status).toBe("expired");
    expect((await getItinerary(f.ownerToken, f.tripId)).body.revision).toBe(0);
  });

  it("membership: viewers read but may not raise or resolve; strangers get 404", async () => {
    const f = await makeTrip();
    const viewer = await f.member("viewer");
    const p = (await createProposalCall(f.ownerToken, f.tripId, sampleProposal())).body;
    expect((await listProposalsCall(viewer.token, f.tripId)).status).toBe(200);
    expect((await createProposalCall(viewer.token, f.tripId, sampleProposal())).status).toBe(403);
    expect((await resolveProposalCall(viewer.token, f.tripId, p.proposal_id, "accept", {})).status).toBe(403);
    const other = await makeTrip();
    expect((await getProposalCall(other.ownerToken, f.tripId, p.proposal_id)).status).toBe(404);
    expect((await getProposalCall(f.ownerToken, other.tripId, p.proposal_id)).status).toBe(404);
  });

  it("local times an agent sends are stored and echoed with the offset of the zone they are read in (RFC 3339, as documented)", async () => {
    const f = await makeTrip({ timeZone: "Europe/Lisbon" });
    const hike = (
      await postOp(f.ownerToken, f.tripId, {
        base_revision: 0,
        type: "add_event",
        payload: {
          type: "activity",
          title: "Hike",
          startDateTime: "2026-05-02T10:00:00+09:00",
          timeZone: "Asia/Tokyo",
        },
      })
    ).body.result.affected_event_ids[0];
    const p = await createProposalCall(f.ownerToken, f.tripId, {
      actor_agent_id: "agent",
      base_revision: 1,
      entities: [
        { type: "food", title: "Dinner", startDateTime: "2026-05-05T19:00:00", endDateTime: "2026-05-05T21:00" },
        {
          type: "activity",
          title: "Zurich walk",
          startDateTime: "2026-05-06T09:00:00+0200",
          timeZone: "Europe/Zurich",
        },
      ],
      options: [
        {
          id: "a",
          score: 1,
          schedule: [{ entity_index: 1, startDateTime: "2026-05-06T10:00:00" }],
          changes: [{ type: "move_event", event_id: hike, startDateTime: "2026-05-03T08:00:00", endDateTime: null }],
        },
      ],
    });
    expect(p.status, JSON.stringify(p.body)).toBe(201);
    expect(
      p.body.entities.map((e: { startDateTime: string; endDateTime?: string }) => [
        e.startDateTime,
        e.endDateTime ?? null,
      ]),
    ).toEqual([
      ["2026-05-05T19:00:00+01:00", "2026-05-05T21:00:00+01:00"],
      ["2026-05-06T09:00:00+02:00", null],
    ]);
    expect(p.body.options[0].schedule[0].startDateTime).toBe("2026-05-06T10:00:00+02:00");
    expect(p.body.options[0].changes[0].startDateTime).toBe("2026-05-03T08:00:00+09:00");
    const a = await resolveProposalCall(f.ownerToken, f.tripId, p.body.proposal_id, "accept", {});
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    const events = (await getItinerary(f.ownerToken, f.tripId)).body.events as Array<{
      title: string;
      startDateTime: string;
    }>;
    expect(Object.fromEntries(events.map((e) => [e.title, e.startDateTime]))).toEqual({
      Hike: "2026-05-03T08:00:00+09:00",
      Dinner: "2026-05-05T19:00:00+01:00",
      "Zurich walk": "2026-05-06T10:00:00+02:00",
    });
  });

  it("a proposal raised on this instance (kept in memory) is still refused to viewers and strangers, whatever they send", async () => {
    const f = await makeTrip();
    const viewer = await f.member("viewer");
    const stranger = await makeTrip();
    const hike = (
      await postOp(f.ownerToken, f.tripId, {
        base_revision: 0,
        type: "add_event",
        payload: { type: "activity", title: "Hike", startDateTime: "2026-05-02T10:00:00+01:00" },
      })
    ).body.result.affected_event_ids[0];
    // Both kinds, raised afresh before each attempt so that every attempt finds them in memory.
    const raise = async () => {
      const raised = [
        await createProposalCall(f.ownerToken, f.tripId, sampleProposal()),
        await createProposalCall(f.ownerToken, f.tripId, {
          actor_agent_id: "agent",
          base_revision: 1,
          options: [
            {
              id: "m",
              score: 1,
              changes: [
                { type: "move_event", event_id: hike, startDateTime: "2026-05-03T10:00:00+01:00", endDateTime: null },
              ],
            },
          ],
        }),
      ];
      for (const r of raised) expect(r.status, JSON.stringify(r.body)).toBe(201);
      return raised.map((r) => r.body.proposal_id as string);
    };
    const attempts = [
      { token: viewer.token, body: {}, status: 403 },
      { token: viewer.token, body: { selected_option_id: "nope" }, status: 403 },
      // A stranger learns nothing (404 as for any trip it cannot see), not even the option ids.
      { token: stranger.ownerToken, body: {}, status: 404 },
      { token: stranger.ownerToken, body: { selected_option_id: "nope" }, status: 404 },
    ];
    for (const a of attempts) {
      for (const pid of await raise()) {
        const r = await resolveProposalCall(a.token, f.tripId, pid, "accept", a.body);
        expect(r.status, JSON.stringify(r.body)).toBe(a.status);
        expect(JSON.stringify(r.body)).not.toContain("choose one of");
        expect((await getProposalCall(f.ownerToken, f.tripId, pid)).body.status).toBe("pending");
      }
    }
    expect((await getItinerary(f.ownerToken, f.tripId)).body.revision).toBe(1);
    const [entities, moves] = await raise();
    expect((await resolveProposalCall(f.ownerToken, f.tripId, moves, "accept", {})).status).toBe(200);
    expect((await resolveProposalCall(f.ownerToken, f.tripId, entities, "accept", {})).status).toBe(200);
    expect((await getItinerary(f.ownerToken, f.tripId)).body.revision).toBe(3);
  });
});
