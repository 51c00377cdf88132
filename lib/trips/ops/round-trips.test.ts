import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { countingDatabase } from "@/lib/db/testing/counting-pglite";
import { call, type CallOptions, type Handler } from "@/lib/http/testing/call-route";
import { makeUser, type TestUser } from "@/lib/testing/fixtures";
import { routeModule } from "@/lib/testing/route-registry";
import { getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/sql";
import { readTripSnapshot } from "@/lib/trips/events/read-trip-snapshot";

const trips = await routeModule("/v1/trips");
const ops = await routeModule("/v1/trips/{tripId}/ops");
const itinerary = await routeModule("/v1/trips/{tripId}/itinerary");
const tripEvents = await routeModule("/api/trips/{tripId}/events");
const event = await routeModule("/api/events/{eventId}");
const proposals = await routeModule("/v1/trips/{tripId}/proposals");
const proposal = await routeModule("/v1/trips/{tripId}/proposals/{proposalId}");

/*
 * Statements per request on the trip paths the weather loop leans on (issue 33), counted at the
 * driver as lib/http/round-trips.test.ts does (PGlite: a transaction's BEGIN/COMMIT are not
 * logged, so a write in a transaction costs the count below plus two on Postgres). Each
 * request runs once first (credential cache warm, lastUsedAt written), then one is counted.
 * A change that adds a round trip fails here.
 */
let statements: string[];
let close: () => Promise<void>;
let u: TestUser;
let token: string;
let key: string;
let tripId: string;

beforeAll(async () => {
  ({ statements, close } = await countingDatabase());
  u = await makeUser({ plan: "pro" });
  token = await u.token();
  key = await u.key(["read", "write", "delete"]);
  const trip = await call(trips.POST, {
    method: "POST",
    path: "/v1/trips",
    bearer: token,
    body: { name: "rt", time_zone: "Europe/Lisbon" },
  });
  tripId = String(trip.body.trip_id);
  for (let i = 0; i < 5; i++) {
    const r = await call(ops.POST, {
      method: "POST",
      path: `/v1/trips/${tripId}/ops`,
      bearer: token,
      params: { tripId },
      body: {
        base_revision: i,
        type: "add_event",
        payload: { type: "activity", title: `e${i}`, startDateTime: `2026-05-0${i + 1}T10:00:00+01:00` },
      },
    });
    expect(r.status, r.text).toBe(200);
  }
});
afterAll(() => close());

/** The statements of one request (after a warm-up call when `warm`), less off-path writes. */
async function cost(handler: Handler, opts: () => CallOptions, warm = true): Promise<string[]> {
  if (warm) expect((await call(handler, opts())).status).toBeLessThan(300);
  await new Promise((r) => setTimeout(r, 5));
  statements.length = 0;
  const r = await call(handler, opts());
  expect(r.status, r.text).toBeLessThan(300);
  await new Promise((r) => setImmediate(r));
  return statements.filter(onPath);
}

/**
 * Off this route's path: the batched request log, a credential's lastUsedAt write, and the
 * credential cache refilling after its TTL lapsed on a slow machine (lib/http/round-trips.test.ts
 * pins that a cached credential costs nothing).
 */
const onPath = (q: string) =>
  !/request_log|last_used_at/.test(q) && !/^select [\s\S]* from "(access_tokens|api_keys)"/i.test(q);

const itineraryCall = (): CallOptions => ({ path: `/v1/trips/${tripId}/itinerary`, bearer: token, params: { tripId } });

describe("trip statements per request", () => {
  it("GET itinerary: one (role, revision and events); a repeat at the same revision skips aggregating the events", async () => {
    const s = await cost(itinerary.GET, itineraryCall);
    expect(s, s.join("\n")).toHaveLength(1);
    expect(s[0]).toMatch(/trip_members[\s\S]*CASE WHEN[\s\S]*json_agg/);
  });

  it("the statement returns the trip row's version, and a read at that version omits the events and ops (the held copy is used)", async () => {
    const db = await getDb();
    const first = await readTripSnapshot(db, Number(tripId), u.userId);
    expect(first!.version).toMatch(/^\d+:\d+$/);
    expect(first!.events.length).toBeGreaterThan(0);
    const again = await readTripSnapshot(db, Number(tripId), u.userId, undefined, first!.version);
    expect(again).toMatchObject({ eventsOmitted: true, events: [], role: "owner", version: first!.version });
    const diff = await readTripSnapshot(db, Number(tripId), u.userId, 1, first!.version);
    expect(diff).toMatchObject({ eventsOmitted: true, ops: [], events: [], touched: [] });
    expect((await readTripSnapshot(db, Number(tripId), u.userId, 1, "0:0"))!.ops.length).toBeGreaterThan(0);
  });

  it("GET itinerary after a write: the new events, still one statement", async () => {
    await cost(itinerary.GET, itineraryCall);
    const created = await call(tripEvents.POST, {
      method: "POST",
      path: `/api/trips/${tripId}/events`,
      bearer: key,
      params: { tripId },
      body: { type: "activity", title: "fresh", startDateTime: "2026-05-09T10:00:00+01:00" },
    });
    expect(created.status).toBe(201);
    statements.length = 0;
    const r = await call(itinerary.GET, itineraryCall());
    expect(statements.filter(onPath)).toHaveLength(1);
    expect(r.body.revision).toBe(Number(created.headers.get("x-trip-revision")));
    expect((r.body.events as Array<{ title: string }>).map((e) => e.title)).toContain("fresh");
  });

  it("GET ops since a revision: one (the membership check rides in the diff statement); a repeat at the same trip version: one lighter one", async () => {
    const call3 = () => ({ path: `/v1/trips/${tripId}/ops?since_revision=3`, bearer: token, params: { tripId } });
    const first = await cost(ops.GET, call3, false);
    expect(first, first.join("\n")).toHaveLength(1);
    expect(first[0]).toMatch(/^WITH o AS[\s\S]*trip_members/);
    const repeat = await cost(ops.GET, call3, false);
    expect(repeat, repeat.join("\n")).toHaveLength(1);
    expect(repeat[0]).not.toMatch(/trip_ops/);
    expect(repeat[0]).toMatch(/trip_members[\s\S]*CASE WHEN/);
  });

  it("GET /api/trips/{id}/events: one (the itinerary's statement)", async () => {
    const s = await cost(tripEvents.GET, () => ({
      path: `/api/trips/${tripId}/events`,
      bearer: key,
      params: { tripId },
    }));
    expect(s, s.join("\n")).toHaveLength(1);
  });

  it("POST /api/trips/{id}/events: one (bump with the role check, event, op-log as one CTE)", async () => {
    const s = await cost(tripEvents.POST, () => ({
      method: "POST",
      path: `/api/trips/${tripId}/events`,
      bearer: key,
      params: { tripId },
      body: { type: "activity", title: "rt", startDateTime: "2026-05-02T15:00:00+01:00" },
    }));
    expect(s, s.join("\n")).toHaveLength(1);
    expect(s[0]).toMatch(
      /^WITH bump AS \(\s*UPDATE trips[\s\S]*trip_members[\s\S]*INSERT INTO trip_events[\s\S]*INSERT INTO trip_ops/,
    );
  });

  it("GET /api/events/{id}: one (event with the caller's role)", async () => {
    const id = await anEvent();
    const s = await cost(event.GET, () => ({ path: `/api/events/${id}`, bearer: key, params: { eventId: id } }));
    expect(s, s.join("\n")).toHaveLength(1);
  });

  it("PATCH /api/events/{id}: one (bump with the role check, update, op-log as one CTE) when the patch does not depend on the stored event", async () => {
    const id = await anEvent();
    const s = await cost(event.PATCH, () => ({
      method: "PATCH",
      path: `/api/events/${id}`,
      bearer: key,
      params: { eventId: id },
      body: { notes: "rt" },
    }));
    expect(s, s.join("\n")).toHaveLength(1);
    expect(s[0]).toMatch(
      /^WITH bump AS \(\s*UPDATE trips[\s\S]*trip_members[\s\S]*UPDATE trip_events[\s\S]*INSERT INTO trip_ops/,
    );
  });

  it("PATCH /api/events/{id} of a place field: event+role, then in one transaction bump, re-read after the lock, the trip's points (gazetteer hint), update, op-log", async () => {
    const id = await anEvent();
    const s = await cost(event.PATCH, () => ({
      method: "PATCH",
      path: `/api/events/${id}`,
      bearer: key,
      params: { eventId: id },
      body: { location: "Lisbon" },
    }));
    expect(s, s.join("\n")).toHaveLength(6);
    expect(s[0]).toMatch(/row_to_json\(e\)[\s\S]*trip_members/);
  });

  it("DELETE /api/events/{id}: one (bump with the role check, delete, op-log as one CTE)", async () => {
    const id = await anEvent();
    const s = await cost(
      event.DELETE,
      () => ({ method: "DELETE", path: `/api/events/${id}`, bearer: key, params: { eventId: id } }),
      false,
    );
    expect(s, s.join("\n")).toHaveLength(1);
    expect(s[0]).toMatch(/^WITH bump AS \(\s*UPDATE trips[\s\S]*DELETE FROM trip_events[\s\S]*INSERT INTO trip_ops/);
  });
});

describe("proposal accept statements", () => {
  const accept = (pid: string): CallOptions => ({
    method: "POST",
    path: `/v1/trips/${tripId}/proposals/${pid}?action=accept`,
    bearer: token,
    params: { tripId, proposalId: pid },
  });
  const revision = async () => (await call(itinerary.GET, itineraryCall())).body.revision as number;
  const raise = async (body: Record<string, unknown>) => {
    const r = await call(proposals.POST, {
      method: "POST",
      path: `/v1/trips/${tripId}/proposals`,
      bearer: token,
      params: { tripId },
      body: { actor_agent_id: "rt", ...body },
    });
    expect(r.status, r.text).toBe(201);
    return String(r.body.proposal_id);
  };

  it("a planner-style move: role+proposal, then claim (with the empty created list), bump, event read, update, op-log", async () => {
    const id = Number(await anEvent());
    const pid = await raise({
      base_revision: await revision(),
      options: [
        {
          id: "a",
          score: 1,
          changes: [
            {
              type: "move_event",
              event_id: id,
              startDateTime: "2026-05-04T09:00:00+01:00",
              endDateTime: "2026-05-04T11:00:00+01:00",
            },
          ],
        },
      ],
    });
    const s = await cost(proposal.POST, () => accept(pid), false);
    expect(s[0]).toMatch(/row_to_json\(p\)[\s\S]*trip_members/);
    expect(s[1]).toMatch(/UPDATE trip_proposals SET[\s\S]*created_event_ids = '\{\}'/);
    expect(s.filter((q) => /update "trip_proposals"/i.test(q))).toHaveLength(0);
    // The move's event is read once (the trip-dates check and the ops engine's update share the row).
    expect(s, s.join("\n")).toHaveLength(6);
  });

  it("an entity proposal raised here: ONE statement (lock with the role check, claim with the new ids, bump, inserts, op-log)", async () => {
    const pid = await raise({
      entities: [
        { type: "activity", title: "proposed", startDateTime: "2026-05-05T10:00:00+01:00" },
        { type: "food", title: "and dinner", startDateTime: "2026-05-05T19:00:00" },
      ],
    });
    const s = await cost(proposal.POST, () => accept(pid), false);
    expect(s[0]).toMatch(
      /^WITH t AS \([\s\S]*trip_members[\s\S]*FOR UPDATE[\s\S]*claim AS \(\s*UPDATE trip_proposals[\s\S]*bump AS[\s\S]*ev1 AS[\s\S]*INSERT INTO trip_ops/,
    );
    expect(s, s.join("\n")).toHaveLength(1);
  });

  it("an entity proposal raised elsewhere (another instance, the planner): role+proposal+zone, then the one statement", async () => {
    const db = await getDb();
    const [{ id: pid }] = await queryRows<{ id: string }>(
      db,
      sql`INSERT INTO trip_proposals (trip_id, actor_agent_id, entities, options, created_by, created_at, expires_at)
          VALUES (${Number(tripId)}, 'elsewhere', ${JSON.stringify([{ type: "activity", title: "from afar", startDateTime: "2026-05-06T10:00:00" }])}::jsonb, '[]'::jsonb, ${u.userId}::uuid, now(), now() + interval '1 day')
          RETURNING id`,
    );
    const s = await cost(proposal.POST, () => accept(pid), false);
    expect(s[0]).toMatch(/time_zone, row_to_json\(p\)[\s\S]*trip_members/);
    expect(s[1]).toMatch(/^WITH t AS \(/);
    expect(s, s.join("\n")).toHaveLength(2);
  });
});

async function anEvent(): Promise<string> {
  const r = await call(tripEvents.POST, {
    method: "POST",
    path: `/api/trips/${tripId}/events`,
    bearer: key,
    params: { tripId },
    body: { type: "activity", title: "target", startDateTime: "2026-05-03T10:00:00+01:00" },
  });
  expect(r.status).toBe(201);
  return String(r.body.id);
}
