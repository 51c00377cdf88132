import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-db";
import { call, type Handler } from "@/lib/http/testing/call-route";
import { securitySuite } from "@/lib/testing/security-suite";
import { makeUser, type TestUser } from "@/lib/testing/fixtures";
import { openApiDocument } from "@/lib/registry/openapi-document";
import { createTrip } from "./manage-trips";
import { createProposal } from "./proposals/raise-and-list-proposals";
import { CreateProposalInput } from "./proposals/proposal-schemas";
import { listTripsFor, makeTrip, sampleEvent, sampleProposal } from "./testing/trip-fixture";
import { routeModule } from "@/lib/testing/route-registry";

const tripsRoute = await routeModule("/v1/trips");
const tripRoute = await routeModule("/v1/trips/{tripId}");
const membersRoute = await routeModule("/v1/trips/{tripId}/members");
const memberRoute = await routeModule("/v1/trips/{tripId}/members/{userId}");
const itineraryRoute = await routeModule("/v1/trips/{tripId}/itinerary");
const icsRoute = await routeModule("/v1/trips/{tripId}/itinerary.ics");
const opsRoute = await routeModule("/v1/trips/{tripId}/ops");
const proposalsRoute = await routeModule("/v1/trips/{tripId}/proposals");
const proposalRoute = await routeModule("/v1/trips/{tripId}/proposals/{proposalId}");

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t.close());

interface Target {
  path: string;
  params: Record<string, string>;
  body?: unknown;
}

/** Every trip-scoped route, addressed for a trip the owner holds. */
async function routesFor(
  owner: TestUser,
): Promise<Array<[string, Handler, "GET" | "POST" | "PATCH" | "DELETE", Target]>> {
  const trip = await createTrip(owner.userId, { name: "Mine", time_zone: "UTC" });
  const tripId = String(trip.trip_id);
  const other = await makeUser();
  const p = await createProposal(trip.trip_id, owner.userId, CreateProposalInput.parse(sampleProposal()));
  const proposalParams = { tripId, proposalId: p.proposal_id };
  const base = `/v1/trips/${tripId}`;
  return [
    ["GET trip", tripRoute.GET, "GET", { path: base, params: { tripId } }],
    [
      "PATCH trip",
      tripRoute.PATCH,
      "PATCH",
      { path: base, params: { tripId }, body: { buffers: { trainMinutes: 20 } } },
    ],
    ["GET members", membersRoute.GET, "GET", { path: `${base}/members`, params: { tripId } }],
    [
      "POST members",
      membersRoute.POST,
      "POST",
      { path: `${base}/members`, params: { tripId }, body: { email: other.email, role: "viewer" } },
    ],
    [
      "PATCH member",
      memberRoute.PATCH,
      "PATCH",
      { path: `${base}/members/${owner.userId}`, params: { tripId, userId: owner.userId }, body: { role: "owner" } },
    ],
    [
      "DELETE member",
      memberRoute.DELETE,
      "DELETE",
      { path: `${base}/members/${other.userId}`, params: { tripId, userId: other.userId } },
    ],
    ["GET itinerary", itineraryRoute.GET, "GET", { path: `${base}/itinerary`, params: { tripId } }],
    ["GET itinerary.ics", icsRoute.GET, "GET", { path: `${base}/itinerary.ics`, params: { tripId } }],
    ["GET ops (diff)", opsRoute.GET, "GET", { path: `${base}/ops?since_revision=0`, params: { tripId } }],
    [
      "POST ops",
      opsRoute.POST,
      "POST",
      {
        path: `${base}/ops`,
        params: { tripId },
        body: { base_revision: 0, type: "add_event", payload: sampleEvent() },
      },
    ],
    ["GET proposals", proposalsRoute.GET, "GET", { path: `${base}/proposals`, params: { tripId } }],
    [
      "POST proposals",
      proposalsRoute.POST,
      "POST",
      { path: `${base}/proposals`, params: { tripId }, body: sampleProposal() },
    ],
    ["GET proposal", proposalRoute.GET, "GET", { path: `${base}/proposals/${p.proposal_id}`, params: proposalParams }],
    [
      "POST proposal accept",
      proposalRoute.POST,
      "POST",
      { path: `${base}/proposals/${p.proposal_id}?action=accept`, params: proposalParams, body: {} },
    ],
  ];
}

// The shared security suite on every trip route (access-token credential).
const names = [
  "GET trip",
  "PATCH trip",
  "GET members",
  "POST members",
  "PATCH member",
  "DELETE member",
  "GET itinerary",
  "GET itinerary.ics",
  "GET ops (diff)",
  "POST ops",
  "GET proposals",
  "POST proposals",
  "GET proposal",
  "POST proposal accept",
];
const handlers: Record<string, [Handler, "GET" | "POST" | "PATCH" | "DELETE"]> = {
  "GET trip": [tripRoute.GET, "GET"],
  "PATCH trip": [tripRoute.PATCH, "PATCH"],
  "GET members": [membersRoute.GET, "GET"],
  "POST members": [membersRoute.POST, "POST"],
  "PATCH member": [memberRoute.PATCH, "PATCH"],
  "DELETE member": [memberRoute.DELETE, "DELETE"],
  "GET itinerary": [itineraryRoute.GET, "GET"],
  "GET itinerary.ics": [icsRoute.GET, "GET"],
  "GET ops (diff)": [opsRoute.GET, "GET"],
  "POST ops": [opsRoute.POST, "POST"],
  "GET proposals": [proposalsRoute.GET, "GET"],
  "POST proposals": [proposalsRoute.POST, "POST"],
  "GET proposal": [proposalRoute.GET, "GET"],
  "POST proposal accept": [proposalRoute.POST, "POST"],
};
for (const name of names) {
  const [handler, method] = handlers[name];
  securitySuite({
    name: `/v1/trips ${name}`,
    handler,
    method,
    credential: "accessToken",
    ownedResource: true,
    family: name === "POST ops" ? "flat" : "api",
    target: async (owner) => (await routesFor(owner)).find(([n]) => n === name)![3],
  });
}
for (const [name, handler, method] of [
  ["GET /v1/trips", tripsRoute.GET, "GET"],
  ["POST /v1/trips", tripsRoute.POST, "POST"],
] as const) {
  securitySuite({
    name,
    handler,
    method,
    credential: "accessToken",
    family: "api",
    target: async () => ({ path: "/v1/trips", body: method === "POST" ? { name: "x", time_zone: "UTC" } : undefined }),
  });
}

describe("trips and members", () => {
  it("another user's token gets 404 on every trip route", async () => {
    const owner = await makeUser();
    const stranger = await makeUser();
    const token = await stranger.token();
    for (const [name, handler, method, target] of await routesFor(owner)) {
      const res = await call(handler, {
        method,
        path: target.path,
        params: target.params,
        body: target.body,
        bearer: token,
      });
      expect(res.status, name).toBe(404);
    }
  });

  it("creates a trip over the API and manages members (owner only, always one owner)", async () => {
    const owner = await makeUser();
    const token = await owner.token();
    const created = await call(tripsRoute.POST, {
      method: "POST",
      path: "/v1/trips",
      bearer: token,
      body: { name: "Lisbon", time_zone: "Europe/Lisbon", start_date: "2026-05-01", end_date: "2026-05-07" },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: "Lisbon",
      revision: 0,
      role: "owner",
      time_zone: "Europe/Lisbon",
      start_date: "2026-05-01",
    });
    const tripId = String(created.body.trip_id);
    const bad = await call(tripsRoute.POST, {
      method: "POST",
      path: "/v1/trips",
      bearer: token,
      body: { name: "X", time_zone: "Nowhere/City" },
    });
    expect(bad.status).toBe(400);

    const friend = await makeUser();
    const add = await call(membersRoute.POST, {
      method: "POST",
      path: `/v1/trips/${tripId}/members`,
      params: { tripId },
      bearer: token,
      body: { email: friend.email.toUpperCase(), role: "editor" },
    });
    expect(add.status).toBe(201);
    expect(add.body).toMatchObject({ user_id: friend.userId, role: "editor" });
    const dup = await call(membersRoute.POST, {
      method: "POST",
      path: `/v1/trips/${tripId}/members`,
      params: { tripId },
      bearer: token,
      body: { email: friend.email, role: "viewer" },
    });
    expect(dup.status).toBe(409);
    const nobody = await call(membersRoute.POST, {
      method: "POST",
      path: `/v1/trips/${tripId}/members`,
      params: { tripId },
      bearer: token,
      body: { email: "nobody@example.test", role: "viewer" },
    });
    expect(nobody.status).toBe(400);

    const friendToken = await friend.token();
    const notOwner = await call(memberRoute.PATCH, {
      method: "PATCH",
      path: `/v1/trips/${tripId}/members/${owner.userId}`,
      params: { tripId, userId: owner.userId },
      bearer: friendToken,
      body: { role: "viewer" },
    });
    expect(notOwner.status).toBe(403);
    const lastOwner = await call(memberRoute.PATCH, {
      method: "PATCH",
      path: `/v1/trips/${tripId}/members/${owner.userId}`,
      params: { tripId, userId: owner.userId },
      bearer: token,
      body: { role: "viewer" },
    });
    expect(lastOwner.status).toBe(409);
    const promote = await call(memberRoute.PATCH, {
      method: "PATCH",
      path: `/v1/trips/${tripId}/members/${friend.userId}`,
      params: { tripId, userId: friend.userId },
      bearer: token,
      body: { role: "viewer" },
    });
    expect(promote.body.role).toBe("viewer");
    expect((await listTripsFor(friendToken)).body.trips[0]).toMatchObject({ trip_id: Number(tripId), role: "viewer" });
    const members = await call(membersRoute.GET, {
      path: `/v1/trips/${tripId}/members`,
      params: { tripId },
      bearer: friendToken,
    });
    expect(members.body.members.map((m: { role: string }) => m.role).sort()).toEqual(["owner", "viewer"]);
    const remove = await call(memberRoute.DELETE, {
      method: "DELETE",
      path: `/v1/trips/${tripId}/members/${friend.userId}`,
      params: { tripId, userId: friend.userId },
      bearer: token,
    });
    expect(remove.status).toBe(204);
    expect((await listTripsFor(friendToken)).body.trips).toEqual([]);
  });

  it("a trip has an ISO 4217 currency: EUR by default, upper-case codes only", async () => {
    const token = await (await makeUser()).token();
    const dflt = await call(tripsRoute.POST, {
      method: "POST",
      path: "/v1/trips",
      bearer: token,
      body: { name: "Default" },
    });
    expect(dflt.body.currency).toBe("EUR");
    const usd = await call(tripsRoute.POST, {
      method: "POST",
      path: "/v1/trips",
      bearer: token,
      body: { name: "NYC", currency: "USD" },
    });
    expect(usd.status).toBe(201);
    expect(usd.body.currency).toBe("USD");
    for (const currency of ["usd", "EURO", "E1"]) {
      const bad = await call(tripsRoute.POST, {
        method: "POST",
        path: "/v1/trips",
        bearer: token,
        body: { name: "Bad", currency },
      });
      expect(bad.status, currency).toBe(400);
      expect(bad.body.error.details.issues[0].path).toBe("currency");
    }
  });

  it("a trip date the database cannot hold is a 400", async () => {
    const token = await (await makeUser()).token();
    const res = await call(tripsRoute.POST, {
      method: "POST",
      path: "/v1/trips",
      bearer: token,
      body: { name: "Old", start_date: "0000-01-01" },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details.issues[0].path).toBe("start_date");
  });

  it("the OpenAPI document lists the role 403 and the STALE_REVISION 409 body of the ops endpoint", () => {
    const doc = openApiDocument() as any;
    const ops = doc.paths["/v1/trips/{tripId}/ops"].post.responses;
    expect(ops["403"]).toBeDefined();
    const conflict = doc.components.schemas[ops["409"].content["application/json"].schema.$ref.split("/").pop()];
    expect(Object.keys(conflict.properties)).toEqual(
      expect.arrayContaining(["error", "code", "current_revision", "base_revision"]),
    );
    expect(doc.paths["/v1/trips/{tripId}/proposals"].post.responses["403"]).toBeDefined();
    expect(doc.paths["/v1/trips/{tripId}/proposals/{proposalId}"].post.responses["403"]).toBeDefined();
  });

  it("a viewer gets 403 on ops and member changes, 200 on reads", async () => {
    const f = await makeTrip();
    const viewer = await f.member("viewer");
    const tripId = String(f.tripId);
    const op = await call(opsRoute.POST, {
      method: "POST",
      path: `/v1/trips/${tripId}/ops`,
      params: { tripId },
      bearer: viewer.token,
      body: { base_revision: 0, type: "add_event", payload: sampleEvent() },
    });
    expect(op.status).toBe(403);
    expect(op.body.code).toBe("forbidden");
    const read = await call(itineraryRoute.GET, {
      path: `/v1/trips/${tripId}/itinerary`,
      params: { tripId },
      bearer: viewer.token,
    });
    expect(read.status).toBe(200);
  });
});
