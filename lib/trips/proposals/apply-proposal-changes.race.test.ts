import { afterAll, beforeAll, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { queryRows } from "@/lib/db/sql";
import { createTestDatabase, describeWithPostgres, hasRealPostgres, type TestDatabase } from "@/lib/db/testing/test-db";
import {
  createProposalCall,
  getItinerary,
  makeTrip,
  postOp,
  resolveProposalCall,
} from "@/lib/trips/testing/trip-fixture";

let t: TestDatabase;
beforeAll(async () => {
  if (hasRealPostgres) t = await createTestDatabase({ poolSize: 20 });
});
afterAll(async () => t?.close());

const opLog = (tripId: number) =>
  queryRows<{ revision: number; type: string }>(
    t.db,
    sql`select revision, type from trip_ops where trip_id = ${tripId} order by revision`,
  );

describeWithPostgres("accepting a change proposal races ops (real Postgres)", () => {
  it("accept vs an op on the same base revision: exactly one wins, 30 rounds; the log stays contiguous and the loser wrote nothing", async () => {
    const f = await makeTrip({ timeZone: "Europe/Lisbon" });
    const add = await postOp(f.ownerToken, f.tripId, {
      base_revision: 0,
      type: "add_event",
      payload: {
        type: "activity",
        title: "Hike",
        startDateTime: "2026-05-02T10:00:00+01:00",
        endDateTime: "2026-05-02T12:00:00+01:00",
      },
    });
    const hike = add.body.result.affected_event_ids[0] as number;
    let revision = 1;
    let accepts = 0;
    for (let round = 0; round < 30; round++) {
      const hour = String(8 + (round % 10)).padStart(2, "0");
      const p = await createProposalCall(f.ownerToken, f.tripId, {
        actor_agent_id: "race-agent",
        base_revision: revision,
        subject_event_id: hike,
        options: [
          {
            id: "move",
            score: 1,
            changes: [
              {
                type: "move_event",
                event_id: hike,
                startDateTime: `2026-05-03T${hour}:00:00+01:00`,
                endDateTime: `2026-05-03T${hour}:30:00+01:00`,
              },
            ],
          },
        ],
      });
      expect(p.status).toBe(201);
      const [acc, op] = await Promise.all([
        resolveProposalCall(f.ownerToken, f.tripId, p.body.proposal_id, "accept"),
        postOp(f.ownerToken, f.tripId, {
          base_revision: revision,
          type: "update_event",
          payload: { event_id: hike, title: `Hike ${round}` },
        }),
      ]);
      expect([acc.status, op.status].sort()).toEqual([200, 409]);
      // The op bound to the old revision loses with STALE_REVISION; an accept that lost is out of
      // date (the op touched the hike it moves), never rebased over the other change.
      if (acc.status === 409) expect(acc.body.error.code).toBe("proposal_out_of_date");
      else expect(op.body.code).toBe("STALE_REVISION");
      const winnerRevision = acc.status === 200 ? acc.body.new_revision : op.body.new_revision;
      expect(winnerRevision).toBe(revision + 1);
      revision += 1;
      const ev = (await getItinerary(f.ownerToken, f.tripId)).body.events.find((e: { id: number }) => e.id === hike);
      if (acc.status === 200) {
        accepts++;
        expect(ev.startDateTime).toBe(`2026-05-03T${hour}:00:00+01:00`);
      } else {
        expect(ev.title).toBe(`Hike ${round}`);
      }
    }
    const log = await opLog(f.tripId);
    expect(log.map((r) => r.revision)).toEqual(Array.from({ length: 31 }, (_, i) => i + 1));
    expect(log.filter((r) => r.type === "accept_proposal")).toHaveLength(accepts);
    const pending = await queryRows<{ n: string }>(
      t.db,
      sql`select count(*)::text as n from trip_proposals where trip_id = ${f.tripId} and status = 'accepted'`,
    );
    expect(Number(pending[0].n)).toBe(accepts);
  });

  it("two proposals bound to one revision accepted at once: one applies, the others are out of date (409) and stay pending", async () => {
    const f = await makeTrip({ timeZone: "Europe/Lisbon" });
    const add = await postOp(f.ownerToken, f.tripId, {
      base_revision: 0,
      type: "add_event",
      payload: { type: "activity", title: "Hike", startDateTime: "2026-05-02T10:00:00+01:00" },
    });
    const hike = add.body.result.affected_event_ids[0] as number;
    const raise = (h: string) =>
      createProposalCall(f.ownerToken, f.tripId, {
        actor_agent_id: `agent-${h}`,
        base_revision: 1,
        options: [
          {
            id: "m",
            score: 1,
            changes: [
              { type: "move_event", event_id: hike, startDateTime: `2026-05-03T${h}:00:00+01:00`, endDateTime: null },
            ],
          },
        ],
      });
    const ps = await Promise.all(["09", "10", "11", "12", "13"].map(raise));
    const results = await Promise.all(
      ps.map((p) => resolveProposalCall(f.ownerToken, f.tripId, p.body.proposal_id, "accept")),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409 && r.body.error.code === "proposal_out_of_date")).toHaveLength(4);
    expect((await opLog(f.tripId)).map((r) => r.revision)).toEqual([1, 2]);
    const statuses = await queryRows<{ status: string }>(
      t.db,
      sql`select status from trip_proposals where trip_id = ${f.tripId} order by status`,
    );
    expect(statuses.map((s) => s.status)).toEqual(["accepted", "pending", "pending", "pending", "pending"]);
  });

  it("an entity proposal bound to a revision (accepted in one statement) vs an op: the accept always applies (rebased when the op won), 30 rounds; a losing op wrote nothing", async () => {
    const f = await makeTrip({ timeZone: "Europe/Lisbon" });
    let revision = 0;
    let accepted = 0;
    let ops = 0;
    for (let round = 0; round < 30; round++) {
      const p = await createProposalCall(f.ownerToken, f.tripId, {
        actor_agent_id: "race-agent",
        base_revision: revision,
        // A local time: read in the trip's zone by the one-statement accept.
        entities: [
          {
            type: "activity",
            title: `Proposed ${round}`,
            startDateTime: `2026-05-04T${String(8 + (round % 10)).padStart(2, "0")}:00:00`,
          },
        ],
      });
      expect(p.status).toBe(201);
      const [acc, op] = await Promise.all([
        resolveProposalCall(f.ownerToken, f.tripId, p.body.proposal_id, "accept"),
        postOp(f.ownerToken, f.tripId, {
          base_revision: revision,
          type: "add_event",
          payload: { type: "food", title: `Op ${round}`, startDateTime: "2026-05-05T20:00:00+01:00" },
        }),
      ]);
      // Creating events changes nothing that exists: the accept rebases when the op came first.
      expect(acc.status, JSON.stringify(acc.body)).toBe(200);
      accepted++;
      if (op.status === 200) {
        ops++;
        expect(acc.body.new_revision).toBe(revision + 2);
      } else {
        expect(op.body.code).toBe("STALE_REVISION");
        expect(acc.body.new_revision).toBe(revision + 1);
      }
      const [id] = acc.body.created_event_ids as number[];
      const ev = (await getItinerary(f.ownerToken, f.tripId)).body.events.find((e: { id: number }) => e.id === id);
      expect(ev.title).toBe(`Proposed ${round}`);
      expect(ev.startDateTime).toBe(`2026-05-04T${String(8 + (round % 10)).padStart(2, "0")}:00:00+01:00`);
      revision = acc.body.new_revision;
    }
    const log = await opLog(f.tripId);
    expect(log.map((r) => r.revision)).toEqual(Array.from({ length: 30 + ops }, (_, i) => i + 1));
    expect(log.filter((r) => r.type === "accept_proposal")).toHaveLength(accepted);
    const events = await queryRows<{ n: string }>(
      t.db,
      sql`select count(*)::text as n from trip_events where trip_id = ${f.tripId}`,
    );
    expect(Number(events[0].n)).toBe(30 + ops);
    const rows = await queryRows<{ status: string; n: string }>(
      t.db,
      sql`select status, count(*)::text as n from trip_proposals where trip_id = ${f.tripId} group by status`,
    );
    expect(Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]))).toEqual({
      accepted,
      ...(accepted < 30 ? { pending: 30 - accepted } : {}),
    });
  });

  it("a move proposal vs an op on ANOTHER event, 20 rounds: the accept always applies (rebased onto the op when it came first); the log stays contiguous", async () => {
    const f = await makeTrip({ timeZone: "Europe/Lisbon" });
    const add = (title: string, day: string, base: number) =>
      postOp(f.ownerToken, f.tripId, {
        base_revision: base,
        type: "add_event",
        payload: {
          type: "activity",
          title,
          startDateTime: `2026-05-${day}T10:00:00+01:00`,
          endDateTime: `2026-05-${day}T12:00:00+01:00`,
        },
      });
    const hike = (await add("Hike", "02", 0)).body.result.affected_event_ids[0] as number;
    const dinner = (await add("Dinner", "03", 1)).body.result.affected_event_ids[0] as number;
    let revision = 2;
    let rebased = 0;
    for (let round = 0; round < 20; round++) {
      const hour = String(8 + (round % 10)).padStart(2, "0");
      const p = await createProposalCall(f.ownerToken, f.tripId, {
        actor_agent_id: "race-agent",
        base_revision: revision,
        options: [
          {
            id: "move",
            score: 1,
            changes: [
              {
                type: "move_event",
                event_id: hike,
                startDateTime: `2026-05-04T${hour}:00:00+01:00`,
                endDateTime: null,
              },
            ],
          },
        ],
      });
      const [acc, op] = await Promise.all([
        resolveProposalCall(f.ownerToken, f.tripId, p.body.proposal_id, "accept"),
        postOp(f.ownerToken, f.tripId, {
          base_revision: revision,
          type: "update_event",
          payload: { event_id: dinner, title: `Dinner ${round}` },
        }),
      ]);
      expect(acc.status, JSON.stringify(acc.body)).toBe(200);
      if (op.status === 200) rebased++;
      else expect(op.body.code).toBe("STALE_REVISION");
      const events = (await getItinerary(f.ownerToken, f.tripId)).body.events as Array<{
        id: number;
        title: string;
        startDateTime: string;
      }>;
      expect(events.find((e) => e.id === hike)!.startDateTime).toBe(`2026-05-04T${hour}:00:00+01:00`);
      if (op.status === 200) expect(events.find((e) => e.id === dinner)!.title).toBe(`Dinner ${round}`);
      revision = acc.body.new_revision;
    }
    expect((await opLog(f.tripId)).map((r) => r.revision)).toEqual(Array.from({ length: revision }, (_, i) => i + 1));
    const rebasedRows = await queryRows<{ n: string }>(
      t.db,
      sql`select count(*)::text as n from trip_ops where trip_id = ${f.tripId} and payload ? 'rebased_from_revision'`,
    );
    expect(Number(rebasedRows[0].n)).toBe(rebased);
  });
});
