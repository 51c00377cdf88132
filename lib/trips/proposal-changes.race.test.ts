import { afterAll, beforeAll, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { queryRows } from "@/lib/db/sql";
import { createTestDatabase, describeWithPostgres, hasRealPostgres, type TestDatabase } from "@/lib/db/testing/test-db";
import { createProposalCall, getItinerary, makeTrip, postOp, resolveProposalCall } from "./testing/trip-fixture";

let t: TestDatabase;
beforeAll(async () => {
  if (hasRealPostgres) t = await createTestDatabase({ poolSize: 20 });
});
afterAll(async () => t?.close());

const opLog = (tripId: number) => queryRows<{ revision: number; type: string }>(t.db, sql`select revision, type from trip_ops where trip_id = ${tripId} order by revision`);

describeWithPostgres("accepting a change proposal races ops (real Postgres)", () => {
  it("accept vs an op on the same base revision: exactly one wins, 30 rounds; the log stays contiguous and the loser wrote nothing", async () => {
    const f = await makeTrip({ timeZone: "Europe/Lisbon" });
    const add = await postOp(f.ownerToken, f.tripId, {
      base_revision: 0,
      type: "add_event",
      payload: { type: "activity", title: "Hike", startDateTime: "2026-05-02T10:00:00+01:00", endDateTime: "2026-05-02T12:00:00+01:00" },
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
        options: [{ id: "move", score: 1, changes: [{ type: "move_event", event_id: hike, startDateTime: `2026-05-03T${hour}:00:00+01:00`, endDateTime: `2026-05-03T${hour}:30:00+01:00` }] }],
      });
      expect(p.status).toBe(201);
      const [acc, op] = await Promise.all([
        resolveProposalCall(f.ownerToken, f.tripId, p.body.proposal_id, "accept"),
        postOp(f.ownerToken, f.tripId, { base_revision: revision, type: "update_event", payload: { event_id: hike, title: `Hike ${round}` } }),
      ]);
      expect([acc.status, op.status].sort()).toEqual([200, 409]);
      const loser = acc.status === 409 ? acc.body.error : op.body;
      expect(loser.code).toBe("STALE_REVISION");
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
    const pending = await queryRows<{ n: string }>(t.db, sql`select count(*)::text as n from trip_proposals where trip_id = ${f.tripId} and status = 'accepted'`);
    expect(Number(pending[0].n)).toBe(accepts);
  });

  it("two proposals bound to one revision accepted at once: one applies, the other is 409 and stays pending", async () => {
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
        options: [{ id: "m", score: 1, changes: [{ type: "move_event", event_id: hike, startDateTime: `2026-05-03T${h}:00:00+01:00`, endDateTime: null }] }],
      });
    const ps = await Promise.all(["09", "10", "11", "12", "13"].map(raise));
    const results = await Promise.all(ps.map((p) => resolveProposalCall(f.ownerToken, f.tripId, p.body.proposal_id, "accept")));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409 && r.body.error.code === "STALE_REVISION")).toHaveLength(4);
    expect((await opLog(f.tripId)).map((r) => r.revision)).toEqual([1, 2]);
    const statuses = await queryRows<{ status: string }>(t.db, sql`select status from trip_proposals where trip_id = ${f.tripId} order by status`);
    expect(statuses.map((s) => s.status)).toEqual(["accepted", "pending", "pending", "pending", "pending"]);
  });

  it("an entity proposal bound to a revision (accepted in one statement) vs an op: exactly one wins, 30 rounds; the loser wrote nothing", async () => {
    const f = await makeTrip({ timeZone: "Europe/Lisbon" });
    let revision = 0;
    let accepted = 0;
    for (let round = 0; round < 30; round++) {
      const p = await createProposalCall(f.ownerToken, f.tripId, {
        actor_agent_id: "race-agent",
        base_revision: revision,
        // A local time: read in the trip's zone by the one-statement accept.
        entities: [{ type: "activity", title: `Proposed ${round}`, startDateTime: `2026-05-04T${String(8 + (round % 10)).padStart(2, "0")}:00:00` }],
      });
      expect(p.status).toBe(201);
      const [acc, op] = await Promise.all([
        resolveProposalCall(f.ownerToken, f.tripId, p.body.proposal_id, "accept"),
        postOp(f.ownerToken, f.tripId, { base_revision: revision, type: "add_event", payload: { type: "food", title: `Op ${round}`, startDateTime: "2026-05-05T20:00:00+01:00" } }),
      ]);
      expect([acc.status, op.status].sort()).toEqual([200, 409]);
      expect((acc.status === 409 ? acc.body.error : op.body).code).toBe("STALE_REVISION");
      expect(acc.status === 200 ? acc.body.new_revision : op.body.new_revision).toBe(revision + 1);
      if (acc.status === 200) {
        accepted++;
        const [id] = acc.body.created_event_ids as number[];
        const ev = (await getItinerary(f.ownerToken, f.tripId)).body.events.find((e: { id: number }) => e.id === id);
        expect(ev.title).toBe(`Proposed ${round}`);
        expect(ev.startDateTime).toBe(`2026-05-04T${String(8 + (round % 10)).padStart(2, "0")}:00:00+01:00`);
      }
      revision += 1;
    }
    const log = await opLog(f.tripId);
    expect(log.map((r) => r.revision)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(log.filter((r) => r.type === "accept_proposal")).toHaveLength(accepted);
    const events = await queryRows<{ n: string }>(t.db, sql`select count(*)::text as n from trip_events where trip_id = ${f.tripId}`);
    expect(Number(events[0].n)).toBe(30);
    const rows = await queryRows<{ status: string; n: string }>(t.db, sql`select status, count(*)::text as n from trip_proposals where trip_id = ${f.tripId} group by status`);
    expect(Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]))).toEqual({ accepted, ...(accepted < 30 ? { pending: 30 - accepted } : {}) });
  });
});
