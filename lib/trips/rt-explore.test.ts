import { afterAll, beforeAll, it } from "vitest";
import { countingDatabase } from "@/lib/db/testing/counting-pglite";
import { call, type CallOptions, type Handler } from "@/lib/http/testing";
import { makeUser, type TestUser } from "@/lib/testing/fixtures";
import { routeModule } from "@/lib/testing/route-registry";

const trips = await routeModule("/v1/trips");
const ops = await routeModule("/v1/trips/{tripId}/ops");
const itin = await routeModule("/v1/trips/{tripId}/itinerary");
const evs = await routeModule("/api/trips/{tripId}/events");
const ev = await routeModule("/api/events/{eventId}");
const props = await routeModule("/v1/trips/{tripId}/proposals");
const prop = await routeModule("/v1/trips/{tripId}/proposals/{proposalId}");
let statements: string[];
let close: () => Promise<void>;
let u: TestUser;
beforeAll(async () => {
  ({ statements, close } = await countingDatabase());
  u = await makeUser({ plan: "pro" });
});
afterAll(() => close());
async function show(name: string, h: Handler, o: CallOptions) {
  statements.length = 0;
  const r = await call(h, o);
  await new Promise((r) => setTimeout(r, 5));
  console.log(`=== ${name} ${r.status} ${statements.length}\n` + statements.map((s) => "  - " + s.slice(0, 300).replace(/\s+/g, " ")).join("\n"));
  return r;
}
it("explore", async () => {
  const token = await u.token();
  const key = await u.key(["read", "write", "delete"]);
  const trip = await call(trips.POST, { method: "POST", path: "/v1/trips", bearer: token, body: { name: "rt", time_zone: "Europe/Paris" } });
  const tripId = String(trip.body.trip_id);
  for (let i = 0; i < 3; i++) await call(ops.POST, { method: "POST", path: `/v1/trips/${tripId}/ops`, bearer: token, params: { tripId }, body: { base_revision: i, type: "add_event", payload: { type: "activity", title: "x", startDateTime: "2026-05-01T10:00:00+02:00" } } });
  for (let i = 0; i < 2; i++) await show("itinerary", itin.GET, { path: `/v1/trips/${tripId}/itinerary`, bearer: token, params: { tripId } });
  for (let i = 0; i < 2; i++) await show("diff", ops.GET, { path: `/v1/trips/${tripId}/ops?since_revision=1`, bearer: token, params: { tripId } });
  let id = 0;
  for (let i = 0; i < 2; i++) { const r = await show("create event", evs.POST, { method: "POST", path: `/api/trips/${tripId}/events`, bearer: key, params: { tripId }, body: { type: "activity", title: "y", startDateTime: "2026-05-01T10:00:00+02:00" } }); id = r.body.id; }
  for (let i = 0; i < 2; i++) await show("patch event", ev.PATCH, { method: "PATCH", path: `/api/events/${id}`, bearer: key, params: { eventId: String(id) }, body: { notes: "n" } });
  await show("delete event", ev.DELETE, { method: "DELETE", path: `/api/events/${id}`, bearer: key, params: { eventId: String(id) } });
  for (let i = 0; i < 2; i++) {
    const p = await call(props.POST, { method: "POST", path: `/v1/trips/${tripId}/proposals`, bearer: token, params: { tripId }, body: { actor_agent_id: "b", entities: [{ type: "activity", title: "p", startDateTime: "2026-05-01T10:00:00+02:00" }] } });
    const pid = String(p.body.proposal_id);
    await show("accept", prop.POST, { method: "POST", path: `/v1/trips/${tripId}/proposals/${pid}?action=accept`, bearer: token, params: { tripId, proposalId: pid } });
  }
});
