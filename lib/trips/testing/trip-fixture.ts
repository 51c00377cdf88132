import { call } from "@/lib/http/testing/call-route";
import { makeUser, type TestUser } from "@/lib/testing/fixtures";
import type { TripRole } from "@/drizzle/schema";
import { addMember } from "../manage-members";
import { createTrip } from "../manage-trips";
import { routeModule } from "@/lib/testing/route-registry";

const tripsRoute = await routeModule("/v1/trips");
const opsRoute = await routeModule("/v1/trips/{tripId}/ops");
const itineraryRoute = await routeModule("/v1/trips/{tripId}/itinerary");
const proposalsRoute = await routeModule("/v1/trips/{tripId}/proposals");
const proposalRoute = await routeModule("/v1/trips/{tripId}/proposals/{proposalId}");

/** Test helpers for the trips area: a trip with an owner, members by role, and route calls. */
export interface TripFixture {
  tripId: number;
  owner: TestUser;
  ownerToken: string;
  member: (role: TripRole) => Promise<{ user: TestUser; token: string }>;
}

export async function makeTrip(
  opts: { timeZone?: string; startDate?: string; endDate?: string } = {},
): Promise<TripFixture> {
  const owner = await makeUser();
  const trip = await createTrip(owner.userId, {
    name: "Test trip",
    time_zone: opts.timeZone ?? "Europe/Paris",
    start_date: opts.startDate,
    end_date: opts.endDate,
  });
  return {
    tripId: trip.trip_id,
    owner,
    ownerToken: await owner.token(),
    member: async (role) => {
      const user = await makeUser();
      await addMember(trip.trip_id, null, user.email, role);
      return { user, token: await user.token() };
    },
  };
}

export function postOp(token: string, tripId: number, body: unknown) {
  return call(opsRoute.POST, {
    method: "POST",
    path: `/v1/trips/${tripId}/ops`,
    params: { tripId: String(tripId) },
    body,
    bearer: token,
  });
}

export function getDiff(token: string, tripId: number, since: number) {
  return call(opsRoute.GET, {
    path: `/v1/trips/${tripId}/ops?since_revision=${since}`,
    params: { tripId: String(tripId) },
    bearer: token,
  });
}

export function getItinerary(token: string, tripId: number, headers?: Record<string, string>) {
  return call(itineraryRoute.GET, {
    path: `/v1/trips/${tripId}/itinerary`,
    params: { tripId: String(tripId) },
    bearer: token,
    headers,
  });
}

export function listTripsFor(token: string) {
  return call(tripsRoute.GET, { path: "/v1/trips", bearer: token });
}

export const sampleEvent = (i = 0) => ({
  type: "activity",
  title: `Activity ${i}`,
  startDateTime: `2026-05-0${1 + (i % 5)}T${String(9 + (i % 8)).padStart(2, "0")}:00:00+02:00`,
  endDateTime: `2026-05-0${1 + (i % 5)}T${String(10 + (i % 8)).padStart(2, "0")}:30:00+02:00`,
});

export function createProposalCall(token: string, tripId: number, body: unknown) {
  return call(proposalsRoute.POST, {
    method: "POST",
    path: `/v1/trips/${tripId}/proposals`,
    params: { tripId: String(tripId) },
    body,
    bearer: token,
  });
}

export function listProposalsCall(token: string, tripId: number, status?: string) {
  const q = status ? `?status=${status}` : "";
  return call(proposalsRoute.GET, {
    path: `/v1/trips/${tripId}/proposals${q}`,
    params: { tripId: String(tripId) },
    bearer: token,
  });
}

export function getProposalCall(token: string, tripId: number, proposalId: string) {
  return call(proposalRoute.GET, {
    path: `/v1/trips/${tripId}/proposals/${proposalId}`,
    params: { tripId: String(tripId), proposalId },
    bearer: token,
  });
}

export function resolveProposalCall(token: string, tripId: number, proposalId: string, action: string, body?: unknown) {
  return call(proposalRoute.POST, {
    method: "POST",
    path: `/v1/trips/${tripId}/proposals/${proposalId}?action=${action}`,
    params: { tripId: String(tripId), proposalId },
    body,
    bearer: token,
  });
}

/** A proposal of two entities with two ranked options that schedule them differently. */
export const sampleProposal = (agent = "planner-agent-1") => ({
  actor_agent_id: agent,
  entities: [
    {
      type: "flight",
      title: "Flight to Lisbon",
      departureAirport: "CDG",
      arrivalAirport: "LIS",
      flightNumber: "TP433",
      airline: "TAP",
      cost: 120,
    },
    {
      type: "accommodation",
      title: "Hotel Alfama",
      subtype: "hotel",
      address: "Rua 1, Lisboa",
      checkInTime: "15:00",
      checkOutTime: "11:00",
      cost: 300,
    },
  ],
  options: [
    {
      id: "early",
      score: 0.9,
      label: "Morning flight",
      schedule: [
        { entity_index: 0, startDateTime: "2026-05-04T08:00:00+02:00", endDateTime: "2026-05-04T09:40:00+01:00" },
        { entity_index: 1, startDateTime: "2026-05-04T15:00:00+01:00", endDateTime: "2026-05-06T11:00:00+01:00" },
      ],
    },
    {
      id: "late",
      score: 0.7,
      label: "Evening flight",
      schedule: [
        { entity_index: 0, startDateTime: "2026-05-04T18:00:00+02:00", endDateTime: "2026-05-04T19:40:00+01:00" },
        { entity_index: 1, startDateTime: "2026-05-04T21:00:00+01:00", endDateTime: "2026-05-06T11:00:00+01:00" },
      ],
    },
  ],
});
