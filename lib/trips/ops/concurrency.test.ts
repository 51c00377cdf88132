import { afterAll, beforeAll, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createTestDatabase, describeWithPostgres, hasRealPostgres, type TestDatabase } from "@/lib/db/testing/test-db";
import { queryRows } from "@/lib/db/sql";
import {
  createProposalCall,
  getDiff,
  getItinerary,
  makeTrip,
  postOp,
  resolveProposalCall,
  sampleEvent,
  sampleProposal,
} from "@/lib/trips/testing/trip-fixture";

let t: TestDatabase;
beforeAll(async () => {
  if (hasRealPostgres) t = await createTestDatabase({ poolSize: 30 });
});
afterAll(async () => t?.close());

const opLog = (tripId: number) =>
  queryRows<{ revision: number }>(t.db, sql`select revision from trip_ops where trip_id = ${tripId} order by revision`);

describeWithPostgres("trip revisions under contention (real Postgres)", () => {
  it("50 concurrent ops on one base revision: one 200, 49 STALE_REVISION, repeated 20 times", async () => {
    const f = await makeTrip();
    for (let round = 0; round < 20; round++) {
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          postOp(f.ownerToken, f.tripId, { base_revision: round, type: "add_event", payload: sampleEvent(i) }),
        ),
      );
      const ok = results.filter((r) => r.status === 200);
      const stale = results.filter((r) => r.status === 409 && r.body.code === "STALE_REVISION");
      const seen = JSON.stringify(results.map((r) => `${r.status} ${r.body?.code ?? ""}`).sort());
      expect(ok, seen).toHaveLength(1);
      expect(stale, seen).toHaveLength(49);
      expect(ok[0].body.new_revision).toBe(round + 1);
      for (const s of stale) expect(s.body).toMatchObject({ current_revision: round + 1, base_revision: round });
      expect((await opLog(f.tripId)).map((r) => r.revision)).toEqual(
        Array.from({ length: round + 1 }, (_, i) => i + 1),
      );
    }
    const it = await getItinerary(f.ownerToken, f.tripId);
    expect(it.body.revision).toBe(20);
    expect(it.body.events).toHaveLength(20);
  });

  it("20 clients x 5 ops retrying on 409 after reading the diff: contiguous log, itinerary equals the model", async () => {
    const f = await makeTrip();
    const start = (await getItinerary(f.ownerToken, f.tripId)).body.revision as number;
    const model = new Map<string, string>(); // client-op key -> final title
    const client = async (c: number) => {
      let known = start;
      let mine: number | undefined;
      for (let k = 0; k < 5; k++) {
        // Even steps add an event; odd steps rename the client's last event.
        const key = `c${c}-e${k - (k % 2)}`;
        const op =
          k % 2 === 0
            ? { type: "add_event", payload: { ...sampleEvent(c), title: key } }
            : { type: "update_event", payload: { event_id: mine, title: `${key}-renamed` } };
        for (let attempt = 0; ; attempt++) {
          expect(attempt).toBeLessThan(500);
          const res = await postOp(f.ownerToken, f.tripId, { base_revision: known, ...op });
          if (res.status === 200) {
            known = res.body.new_revision;
            if (k % 2 === 0) mine = res.body.result.affected_event_ids[0];
            model.set(key, op.type === "add_event" ? key : `${key}-renamed`);
            break;
          }
          expect(res.status).toBe(409);
          expect(res.body.code).toBe("STALE_REVISION");
          const diff = await getDiff(f.ownerToken, f.tripId, known);
          expect(diff.status).toBe(200);
          known = diff.body.current_revision;
        }
      }
    };
    await Promise.all(Array.from({ length: 20 }, (_, c) => client(c)));
    const it = await getItinerary(f.ownerToken, f.tripId);
    expect(it.body.revision).toBe(start + 100);
    expect((await opLog(f.tripId)).map((r) => r.revision)).toEqual(
      Array.from({ length: 100 }, (_, i) => start + i + 1),
    );
    expect(it.body.events.map((e: { title: string }) => e.title).sort()).toEqual([...model.values()].sort());
  });

  it("10 concurrent accepts of one proposal: one 200, nine 400, events created once", async () => {
    const f = await makeTrip();
    const p = (await createProposalCall(f.ownerToken, f.tripId, sampleProposal())).body;
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        resolveProposalCall(f.ownerToken, f.tripId, p.proposal_id, "accept", { selected_option_id: "late" }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const losers = results.filter((r) => r.status === 400);
    expect(losers).toHaveLength(9);
    for (const l of losers) expect(l.body.error.code).toBe("proposal_not_pending");
    const it = await getItinerary(f.ownerToken, f.tripId);
    expect(it.body.events).toHaveLength(2);
    expect(it.body.revision).toBe(1);
  });

  it("an accept racing a reject: exactly one wins", async () => {
    for (let i = 0; i < 10; i++) {
      const f = await makeTrip();
      const p = (await createProposalCall(f.ownerToken, f.tripId, sampleProposal())).body;
      const [a, r] = await Promise.all([
        resolveProposalCall(f.ownerToken, f.tripId, p.proposal_id, "accept", {}),
        resolveProposalCall(f.ownerToken, f.tripId, p.proposal_id, "reject", { reason: "race" }),
      ]);
      expect([a.status, r.status].sort()).toEqual([200, 400]);
      const it = await getItinerary(f.ownerToken, f.tripId);
      expect(it.body.events).toHaveLength(a.status === 200 ? 2 : 0);
    }
  });
});
