import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-db";
import { call } from "@/lib/http/testing/call-route";
import {
  createProposalCall,
  getDiff,
  getItinerary,
  makeTrip,
  postOp,
  resolveProposalCall,
  sampleProposal,
} from "@/lib/trips/testing/trip-fixture";
import { routeModule } from "@/lib/testing/route-registry";

const tripEventsRoute = await routeModule("/api/trips/{tripId}/events");
const eventRoute = await routeModule("/api/events/{eventId}");

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t.close());

type Ev = { id: number } & Record<string, unknown>;

/** Applies a diff to an older itinerary: upsert changed events, drop deleted ids. */
function applyDiff(events: Ev[], diff: { upserted_events: Ev[]; deleted_event_ids: number[] }): Map<number, Ev> {
  const m = new Map(events.map((e) => [e.id, e]));
  for (const id of diff.deleted_event_ids) m.delete(id);
  for (const e of diff.upserted_events) m.set(e.id, e);
  return m;
}

const Step = fc.oneof(
  fc.record({
    kind: fc.constant("op_add" as const),
    day: fc.integer({ min: 1, max: 4 }),
    hour: fc.integer({ min: 6, max: 20 }),
  }),
  fc.record({
    kind: fc.constant("op_update" as const),
    pick: fc.nat(),
    title: fc.string({ minLength: 1, maxLength: 20 }),
  }),
  fc.record({
    kind: fc.constant("op_move" as const),
    pick: fc.nat(),
    day: fc.integer({ min: 1, max: 4 }),
    hour: fc.integer({ min: 0, max: 23 }),
  }),
  fc.record({ kind: fc.constant("op_remove" as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant("op_reorder" as const), day: fc.integer({ min: 1, max: 4 }) }),
  fc.record({
    kind: fc.constant("api_create" as const),
    hour: fc.integer({ min: 0, max: 23 }),
    cost: fc.integer({ min: 0, max: 1000 }),
  }),
  fc.record({
    kind: fc.constant("api_patch" as const),
    pick: fc.nat(),
    notes: fc.option(fc.string({ maxLength: 30 }), { nil: null }),
  }),
  fc.record({ kind: fc.constant("api_delete" as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant("accept" as const), option: fc.constantFrom("early", "late") }),
);
type Step = typeof Step extends fc.Arbitrary<infer S> ? S : never;

describe("diff property (ops endpoint, /api CRUD and proposal accepts mixed)", () => {
  it("itinerary at r + diff since r == itinerary at head, for every r", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(Step, { minLength: 1, maxLength: 12 }), async (steps) => {
        const f = await makeTrip({ timeZone: "Europe/Lisbon" });
        const key = await f.owner.key(["read", "write", "delete"]);
        const snapshots: Array<{ revision: number; events: Ev[] }> = [];
        const snap = async () => {
          const it = await getItinerary(f.ownerToken, f.tripId);
          snapshots.push({ revision: it.body.revision, events: it.body.events });
          return it.body as { revision: number; events: Ev[] };
        };
        let cur = await snap();
        for (const s of steps) {
          await runStep(s, f.tripId, f.ownerToken, key, cur);
          cur = await snap();
        }
        const head = new Map(cur.events.map((e) => [e.id, e]));
        for (const old of snapshots) {
          const diff = await getDiff(f.ownerToken, f.tripId, old.revision);
          expect(diff.status).toBe(200);
          expect(diff.body.current_revision).toBe(cur.revision);
          expect(applyDiff(old.events, diff.body)).toEqual(head);
        }
      }),
      { numRuns: 15 },
    );
  });
});

async function runStep(s: Step, tripId: number, token: string, key: string, cur: { revision: number; events: Ev[] }) {
  const pick = (n: number) => (cur.events.length ? cur.events[n % cur.events.length].id : 999999);
  const op = (type: string, payload: unknown) => postOp(token, tripId, { base_revision: cur.revision, type, payload });
  const date = (d: number) => `2026-05-0${d}`;
  const hh = (h: number) => String(h).padStart(2, "0");
  switch (s.kind) {
    case "op_add":
      return op("add_event", {
        type: "activity",
        title: "A",
        startDateTime: `${date(s.day)}T${hh(s.hour)}:00:00`,
        endDateTime: `${date(s.day)}T${hh(s.hour + 1)}:00:00`,
      });
    case "op_update":
      return op("update_event", { event_id: pick(s.pick), title: s.title });
    case "op_move":
      return op("move_event", { event_id: pick(s.pick), date: date(s.day), time: `${hh(s.hour)}:30` });
    case "op_remove":
      return op("remove_event", { event_id: pick(s.pick) });
    case "op_reorder": {
      const ids = cur.events
        .filter((e) => String(e.startDateTime).startsWith(date(s.day)))
        .map((e) => e.id)
        .reverse();
      return ids.length ? op("reorder", { date: date(s.day), event_ids: ids }) : undefined;
    }
    case "api_create":
      return call(tripEventsRoute.POST, {
        method: "POST",
        path: `/api/trips/${tripId}/events`,
        params: { tripId: String(tripId) },
        bearer: key,
        body: { type: "food", title: "Lunch", startDateTime: `2026-05-02T${hh(s.hour)}:00:00+01:00`, cost: s.cost },
      });
    case "api_patch":
      return call(eventRoute.PATCH, {
        method: "PATCH",
        path: "/api/events/x",
        params: { eventId: String(pick(s.pick)) },
        bearer: key,
        body: { notes: s.notes },
      });
    case "api_delete":
      return call(eventRoute.DELETE, {
        method: "DELETE",
        path: "/api/events/x",
        params: { eventId: String(pick(s.pick)) },
        bearer: key,
      });
    case "accept": {
      const p = await createProposalCall(token, tripId, sampleProposal());
      return resolveProposalCall(token, tripId, p.body.proposal_id, "accept", { selected_option_id: s.option });
    }
  }
}
