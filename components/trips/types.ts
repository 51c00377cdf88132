/** Client-side shapes of the trips API (see docs/trips.md). */
export type TripRole = "owner" | "planner" | "editor" | "viewer";

export interface Trip {
  trip_id: number;
  name: string;
  time_zone: string;
  start_date: string | null;
  end_date: string | null;
  revision: number;
  role: TripRole;
  created_at: string;
}

export interface TripEvent {
  id: number;
  tripId: number;
  type: string;
  title: string;
  startDateTime: string;
  endDateTime: string | null;
  timeZone: string;
  position: number;
  location: string | null;
  notes: string | null;
  cost: number | null;
  departureAirport?: string | null;
  arrivalAirport?: string | null;
  flightNumber?: string | null;
  airline?: string | null;
  bookingReference?: string | null;
  subtype?: string | null;
  checkInTime?: string | null;
  checkOutTime?: string | null;
  address?: string | null;
  confirmationNumber?: string | null;
}

export interface Itinerary {
  trip_id: number;
  revision: number;
  time_zone: string;
  events: TripEvent[];
}

export interface ProposalSummary {
  proposal_id: string;
  status: "pending" | "accepted" | "rejected" | "expired";
  actor_agent_id: string;
  created_at: string;
  expires_at: string;
}

export interface ProposalOption {
  id: string;
  score: number;
  rank: number;
  label?: string;
  description?: string;
  schedule?: Array<{ entity_index: number; startDateTime: string; endDateTime?: string | null }>;
}

export interface Proposal extends ProposalSummary {
  trip_id: number;
  entities: Array<{ type: string; title: string; startDateTime?: string; cost?: number | null; location?: string | null } & Record<string, unknown>>;
  options: ProposalOption[];
  selected_option_id: string | null;
  created_event_ids: number[] | null;
  accepted_at: string | null;
  rejected_at: string | null;
  rejection_reason: string | null;
}

export interface Member {
  user_id: string;
  email: string;
  name: string | null;
  role: TripRole;
  added_at: string;
}

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
