import type { Schemas } from "@/lib/client/api-client";

/** Shapes of the trips API (docs/trips.md): the types generated from the OpenAPI document. */
export type Trip = Schemas["Trip"];
export type TripRole = Trip["role"];
export type TripEvent = Schemas["TripEvent"];
export type Itinerary = Schemas["Itinerary"];
export type ProposalSummary = Schemas["ProposalSummary"];
export type Proposal = Schemas["Proposal"];
export type ProposalOption = Proposal["options"][number];
export type Member = Schemas["TripMember"];

export const TRIP_ROLES: TripRole[] = ["owner", "planner", "editor", "viewer"];
export const canEdit = (role: TripRole | undefined) => role === "owner" || role === "planner" || role === "editor";

export const tripKeys = {
  all: ["trips"] as const,
  trip: (id: number) => ["trips", id] as const,
  itinerary: (id: number) => ["trips", id, "itinerary"] as const,
  proposals: (id: number) => ["trips", id, "proposals"] as const,
  proposal: (id: number, pid: string) => ["trips", id, "proposals", pid] as const,
  members: (id: number) => ["trips", id, "members"] as const,
};

/** One trip op as the ops endpoint takes it (POST /v1/trips/{id}/ops, less base_revision). */
export interface OpInput {
  type: "add_event" | "update_event" | "move_event" | "remove_event" | "reorder";
  payload: Record<string, unknown>;
}
