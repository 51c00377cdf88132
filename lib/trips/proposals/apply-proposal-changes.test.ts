import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createAccessToken } from "@/lib/auth/access-tokens";
import { queryRows } from "@/lib/db/sql";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-db";
import {
  createProposalCall,
  getDiff,
  getItinerary,
  getProposalCall,
  listProposalsCall,
  makeTrip,
  postOp,
  resolveProposalCall,
  type TripFixture,
} from "@/lib/trips/testing/trip-fixture";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t.close());

/** A trip at revision 3 with a hike, a museum visit and a dinner on 2026-05-02 (Lisbon time). */
async function tripWithDay(): Promise<{ f: TripFixture; hike: number; museum: number; dinner: number }> {
  const f = await makeTrip({ timeZone: "Europe/Lisbon", startDate: "2026-05-01", endDate: "2026-05-05" });
  const add = async (rev: number, payload: Record<string, unknown>) => {
    const res = await postOp(f.ownerToken, f.tripId, { base_revision: rev, type: "add_event", payload });
    expect(res.status).toBe(200);
    return res.body.result.affected_event_ids[0] as number;
  };
  const hike = await add(0, {
    type: "activity",
    title: "Sintra hike",
    location: "Sintra",
    startDateTime: "2026-05-02T10:00:00+01:00",
    endDateTime: "2026-05-02T13:00:00+01:00",
  });
  const museum = await add(1, {
    type: "activity",
    title: "Gulbenkian museum",
    location: "Lisbon",
    startDateTime: "2026-05-02T15:00:00+01:00",
    endDateTime: "2026-05-02T17:00:00+01:00",
  });
  const dinner = await add(2, {
    type: "food",
    title: "Dinner",
    location: "Lisbon",
    startDateTime: "2026-05-02T20:00:00+01:00",
    endDateTime: "2026-05-02T22:00:00+01:00",
  });
  return { f, hike, museum, dinner };
}

const moveOption = (id: string, eventId: number, start: string, end: string, score = 0.9) => ({
  id,
  score,
  label: `Move to ${start.slice(11, 16)}`,
  reason: "rain 8 mm/h 10:00-13:00; dry after 15:00",
  changes: [{ type: "move_event", event_id: eventId, startDateTime: start, endDateTime: end }],
});

const stored = (tripId: number) =>
  queryRows<{ revision: number; type: string; affected_event_ids: number[]; deleted_event_ids: number[] }>(
    t.db,
    sql`select revision, type, affected_event_ids, deleted_event_ids from trip_ops where trip_id = ${tripId} order by revision`,
  );

describe("proposals that change existing events", () => {
  it("a move option is stored with its base revision and subject, and accepting it moves the event (revision +1, one op-log row)", async () => {
    const { f, hike } = await tripWithDay();
    const res = await createProposalCall(f.ownerToken, f.tripId, {
      actor_agent_id: "agent-x",
      base_revision: 3,
      subject_event_id: hike,
      options: [
        moveOption("late", hike, "2026-05-02T17:30:00+01:00", "2026-05-02T19:30:00+01:00", 0.6),
        moveOption("next-day", hike, "2026-05-03T10:00:00+01:00", "2026-05-03T13:00:00+01:00", 0.8),
      ],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ base_revision: 3, subject_event_id: hike, entities: [], superseded_by: null });
    expect(res.body.options.map((o: { id: string }) => o.id)).toEqual(["next-day", "late"]);
    expect(res.body.options[0].changes[0]).toEqual({
      type: "move_event",
      event_id: hike,
      startDateTime: "2026-05-03T10:00:00+01:00",
      endDateTime: "2026-05-03T13:00:00+01:00",
    });
    const listed = await listProposalsCall(f.ownerToken, f.tripId, "pending");
    expect(listed.body.proposals[0].subject_event_id).toBe(hike);

    const accepted = await resolveProposalCall(f.ownerToken, f.tripId, res.body.proposal_id, "accept", {});
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({
      status: "accepted",
      selected_option_id: "next-day",
      new_revision: 4,
      created_event_ids: [],
      changed_event_ids: [hike],
    });
    const it = await getItinerary(f.ownerToken, f.tripId);
    expect(it.body.revision).toBe(4);
    expect(it.body.events.find((e: { id: number }) => e.id === hike)).toMatchObject({
      startDateTime: "2026-05-03T10:00:00+01:00",
      endDateTime: "2026-05-03T13:00:00+01:00",
      title: "Sintra hike",
    });
    expect((await stored(f.tripId)).at(-1)).toEqual({
      revision: 4,
      type: "accept_proposal",
      affected_event_ids: [hike],
      deleted_event_ids: [],
    });
    const diff = await getDiff(f.ownerToken, f.tripId, 3);
    expect(diff.status).toBe(200);
    expect(JSON.stringify(diff.body)).toContain(`${hike}`);
  });

  it("update and remove changes apply together in one revision", async () => {
    const { f, hike, museum, dinner } = await tripWithDay();
    const p = await createProposalCall(f.ownerToken, f.tripId, {
      actor_agent_id: "agent-x",
      base_revision: 3,
      options: [
        {
          id: "swap",
          score: 1,
          changes: [
            {
              type: "move_event",
              event_id: hike,
              startDateTime: "2026-05-02T15:00:00+01:00",
              endDateTime: "2026-05-02T18:00:00+01:00",
            },
            {
              type: "update_event",
              event_id: museum,
              changes: {
                startDateTime: "2026-05-02T10:00:00+01:00",
                endDateTime: "2026-05-02T12:00:00+01:00",
                notes: "swapped for the rain",
              },
            },
            { type: "remove_event", event_id: dinner },
          ],
        },
      ],
    });
    expect(p.status).toBe(201);
    const acc = await resolveProposalCall(f.ownerToken, f.tripId, p.body.proposal_id, "accept");
    expect(acc.status).toBe(200);
    expect(acc.body).toMatchObject({ new_revision: 4, changed_event_ids: [hike, museum, dinner] });
    const events = (await getItinerary(f.ownerToken, f.tripId)).body.events as Array<{
      id: number;
      startDateTime: string;
      notes: string | null;
    }>;
    expect(events.map((e) => e.id)).toEqual([museum, hike]);
    expect(events[0]).toMatchObject({ startDateTime: "2026-05-02T10:00:00+01:00", notes: "swapped for the rain" });
    expect((await stored(f.tripId)).at(-1)).toEqual({
      revision: 4,
      type: "accept_proposal",
      affected_event_ids: [hike, museum, dinner],
      deleted_event_ids: [dinner],
    });
  });

  it("a trip that moved on since base_revision without touching the proposal's events: accept rebases onto the current revision", async () => {
    const { f, hike, dinner } = await tripWithDay();
    const p = await createProposalCall(f.ownerToken, f.tripId, {
      actor_agent_id: "agent-x",
      base_revision: 3,
      options: [moveOption("a", hike, "2026-05-03T10:00:00+01:00", "2026-05-03T13:00:00+01:00")],
    });
    expect(
      (
        await postOp(f.ownerToken, f.tripId, {
          base_revision: 3,
          type: "update_event",
          payload: { event_id: dinner, title: "Late dinner" },
        })
      ).status,
    ).toBe(200);
    expect((await getProposalCall(f.ownerToken, f.tripId, p.body.proposal_id)).body.out_of_date).toBeNull();
    const res = await resolveProposalCall(f.ownerToken, f.tripId, p.body.proposal_id, "accept");
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: "accepted", new_revision: 5, changed_event_ids: [hike] });
    const it = await getItinerary(f.ownerToken, f.tripId);
    expect(it.body.events.find((e: { id: number }) => e.id === hike).startDateTime).toBe("2026-05-03T10:00:00+01:00");
    expect(it.body.events.find((e: { id: number }) => e.id === dinner).title).toBe("Late dinner");
    expect((await stored(f.tripId)).at(-1)).toMatchObject({ revision: 5, type: "accept_proposal" });
  });

  it("a later change to an event the proposal changes: out of date on GET (what changed), accept is 409 proposal_out_of_date and writes nothing", async () => {
    const { f, hike } = await tripWithDay();
    const p = await createProposalCall(f.ownerToken, f.tripId, {
      actor_agent_id: "agent-x",
      base_revision: 3,
      options: [moveOption("a", hike, "2026-05-03T10:00:00+01:00", "2026-05-03T13:00:00+01:00")],
    });
    expect(
      (
        await postOp(f.ownerToken, f.tripId, {
          base_revision: 3,
          type: "update_event",
          payload: { event_id: hike, title: "Long hike" },
        })
      ).status,
    ).toBe(200);
    const got = await getProposalCall(f.ownerToken, f.tripId, p.body.proposal_id);
    expect(got.body.status).toBe("pending");
    expect(got.body.out_of_date).toEqual({
      since_revision: 3,
      current_revision: 4,
      changed_events: [{ event_id: hike, title: "Long hike", removed: false, revision: 4 }],
      history_pruned: false,
    });
    const res = await resolveProposalCall(f.ownerToken, f.tripId, p.body.proposal_id, "accept");
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("proposal_out_of_date");
    expect(res.body.error.message).toBe(
      "This proposal is out of date: Long hike changed after it was made, so its changes no longer apply. Reject it or ask for a new plan.",
    );
    expect((await getProposalCall(f.ownerToken, f.tripId, p.body.proposal_id)).body.status).toBe("pending");
    const it = await getItinerary(f.ownerToken, f.tripId);
    expect(it.body.revision).toBe(4);
    expect(it.body.events.find((e: { id: number }) => e.id === hike).startDateTime).toBe("2026-05-02T10:00:00+01:00");
    // Ask for a new plan: an external agent's proposal is retired; the agent sees the status.
    const replan = await resolveProposalCall(f.ownerToken, f.tripId, p.body.proposal_id, "replan");
    expect(replan.status, JSON.stringify(replan.body)).toBe(200);
    expect(replan.body).toEqual({
      proposal_id: p.body.proposal_id,
      status: "superseded",
      replanned_by: "agent",
      new_proposal_id: null,
    });
    expect((await getProposalCall(f.ownerToken, f.tripId, p.body.proposal_id)).body).toMatchObject({
      status: "superseded",
      superseded_by: null,
      out_of_date: null,
    });
    expect((await resolveProposalCall(f.ownerToken, f.tripId, p.body.proposal_id, "replan")).body.error.code).toBe(
      "proposal_not_pending",
    );
  });

  it("a change the ops engine refuses at accept rolls everything back (proposal stays pending, revision unchanged)", async () => {
    const { f, hike, museum } = await tripWithDay();
    // Raised at revision 3; then the museum is removed and the proposal re-bound by a fresh one at 4.
    expect(
      (await postOp(f.ownerToken, f.tripId, { base_revision: 3, type: "remove_event", payload: { event_id: museum } }))
        .status,
    ).toBe(200);
    const ok = await createProposalCall(f.ownerToken, f.tripId, {
      actor_agent_id: "agent-x",
      base_revision: 4,
      options: [moveOption("a", hike, "2026-05-03T10:00:00+01:00", "2026-05-03T13:00:00+01:00")],
    });
    expect(ok.status).toBe(201);
    // Forge an impossible stored change (the create check would refuse it): the accept must refuse it too.
    await t.db.execute(
      sql`update trip_proposals set options = jsonb_set(options, '{0,changes,1}', ${JSON.stringify({ type: "remove_event", event_id: museum })}::jsonb, true) where id = ${ok.body.proposal_id}`,
    );
    const res = await resolveProposalCall(f.ownerToken, f.tripId, ok.body.proposal_id, "accept");
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: "OP_INVALID", details: { event_id: museum } });
    expect((await getItinerary(f.ownerToken, f.tripId)).body.revision).toBe(4);
    expect(
      (await getItinerary(f.ownerToken, f.tripId)).body.events.find((e: { id: number }) => e.id === hike).startDateTime,
    ).toBe("2026-05-02T10:00:00+01:00");
    expect((await getProposalCall(f.ownerToken, f.tripId, ok.body.proposal_id)).body.status).toBe("pending");
  });

  it("refuses malformed or impossible changes at creation with the field's path", async () => {
    const { f, hike, museum } = await tripWithDay();
    const cases: Array<[unknown, number, string]> = [
      [
        {
          actor_agent_id: "a",
          options: [moveOption("a", hike, "2026-05-03T10:00:00+01:00", "2026-05-03T11:00:00+01:00")],
        },
        400,
        "base_revision",
      ],
      [{ actor_agent_id: "a", base_revision: 3, options: [] }, 400, "entities"],
      [
        {
          actor_agent_id: "a",
          base_revision: 3,
          options: [{ id: "x", score: 1, changes: [{ type: "teleport", event_id: hike }] }],
        },
        400,
        "type",
      ],
      [
        {
          actor_agent_id: "a",
          base_revision: 3,
          options: [moveOption("a", hike, "2026-05-03T10:00:00+01:00", "2026-05-03T09:00:00+01:00")],
        },
        400,
        "endDateTime",
      ],
      [
        {
          actor_agent_id: "a",
          base_revision: 3,
          options: [moveOption("a", 999999, "2026-05-03T10:00:00+01:00", "2026-05-03T11:00:00+01:00")],
        },
        400,
        "options.0.changes.0.event_id",
      ],
      [
        {
          actor_agent_id: "a",
          base_revision: 3,
          options: [moveOption("a", hike, "2026-06-03T10:00:00+01:00", "2026-06-03T11:00:00+01:00")],
        },
        400,
        "startDateTime",
      ],
      [
        {
          actor_agent_id: "a",
          base_revision: 3,
          options: [
            {
              id: "x",
              score: 1,
              changes: [{ type: "update_event", event_id: museum, changes: { checkInTime: "15:00" } }],
            },
          ],
        },
        400,
        "checkInTime",
      ],
      [
        {
          actor_agent_id: "a",
          base_revision: 3,
          options: [
            {
              id: "x",
              score: 1,
              changes: [
                { type: "remove_event", event_id: hike },
                { type: "remove_event", event_id: hike },
              ],
            },
          ],
        },
        400,
        "changed twice",
      ],
      [
        {
          actor_agent_id: "a",
          base_revision: 3,
          subject_event_id: 999999,
          options: [{ id: "x", score: 1, changes: [{ type: "remove_event", event_id: hike }] }],
        },
        400,
        "subject_event_id",
      ],
      [
        {
          actor_agent_id: "a",
          base_revision: 2,
          options: [moveOption("a", hike, "2026-05-03T10:00:00+01:00", "2026-05-03T11:00:00+01:00")],
        },
        409,
        "revision 3",
      ],
    ];
    for (const [body, status, mention] of cases) {
      const res = await createProposalCall(f.ownerToken, f.tripId, body);
      expect(
        { status: res.status, body: JSON.stringify(res.body).includes(mention) },
        JSON.stringify(res.body),
      ).toEqual({ status, body: true });
    }
    expect((await listProposalsCall(f.ownerToken, f.tripId)).body.proposals).toEqual([]);
  });

  it("an external agent with a propose-only token raises a change proposal; a member accepts it", async () => {
    const { f, hike } = await tripWithDay();
    const agent = (
      await createAccessToken(f.owner.userId, {
        name: "planner agent",
        scopes: ["trips:read", "trips:propose"],
        trip_ids: [f.tripId],
      })
    ).token;
    const p = await createProposalCall(agent, f.tripId, {
      actor_agent_id: "ext-agent",
      base_revision: 3,
      subject_event_id: hike,
      options: [moveOption("a", hike, "2026-05-03T10:00:00+01:00", "2026-05-03T13:00:00+01:00")],
    });
    expect(p.status).toBe(201);
    expect((await resolveProposalCall(agent, f.tripId, p.body.proposal_id, "accept")).status).toBe(403);
    const acc = await resolveProposalCall(f.ownerToken, f.tripId, p.body.proposal_id, "accept");
    expect(acc.body).toMatchObject({ status: "accepted", new_revision: 4 });
  });
});
