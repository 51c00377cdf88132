import type { EventType } from "@/drizzle/schema";
import type { ProposalChangeInput, ProposalOptionForecast } from "@/lib/trips/proposals/proposal-schemas";
import type { RiskLevel, NormalizedForecast } from "@/lib/weather/core";
import type { z } from "zod";

/**
 * The planner's own input model (pure, independent of the database): lib/planner/from-trip-rows.ts
 * maps trip rows onto it.
 */
export type PlannerEventType = EventType;

/** A place on the map and the zone its clock shows. */
export interface PlannerPlace {
  lat: number;
  lng: number;
  zone: string;
  name?: string | null;
}

/** An itinerary event as the planner sees it: instants in epoch ms, the zone its times are shown in. */
export interface PlannerEvent {
  id: number;
  type: PlannerEventType;
  title: string;
  activityType?: string | null;
  startMs: number;
  /** Null: an event without an end (judged as one hour, kept without an end when moved). */
  endMs: number | null;
  timeZone: string;
  /** Where it happens; for transport the departure place. Null/absent: unknown (never assumed). */
  place?: PlannerPlace | null;
  /** Transport (flight, train, ferry, bus): the arrival place. */
  endPlace?: PlannerPlace | null;
  /** Marked fixed by a member: never moved or squeezed (flights, trains, ferries, buses and stays always are). */
  fixed?: boolean;
}

/** Minutes kept free before a departure (a trip may override each). */
export interface PlanBuffers {
  flightMinutes: number;
  trainMinutes: number;
  ferryMinutes: number;
  busMinutes: number;
}

export interface PlanInput {
  /** The event to rescue. */
  event: PlannerEvent;
  /** The trip's other events (whereabouts, conflicts, fixed points and swap partners). */
  others: PlannerEvent[];
  /** Hourly forecast at the event's place, covering its day and the adjacent days. */
  forecast: NormalizedForecast;
  /** Where the forecast is for (copied into each option's forecast). */
  place?: { lat: number; lng: number; snapshotId?: string | null };
  now: Date;
  /** The trip's dates (YYYY-MM-DD in the trip zone): moves stay inside them. */
  tripDates?: { start: string | null; end: string | null; zone: string };
  /** The trip's departure buffers; absent fields take DEFAULT_BUFFERS. */
  buffers?: Partial<PlanBuffers> | null;
  /** The level at which the planner acts (the trip's threshold; default warning). */
  threshold?: Extract<RiskLevel, "watch" | "warning">;
  /** At most this many options (default 3). */
  maxOptions?: number;
  /** The language of the planner's texts (one of the weather API's nine; default en). */
  lang?: string;
}

export type PlanOptionForecast = z.output<typeof ProposalOptionForecast>;

/** One neighbour commitment of an option's window and the trip to or from it. */
export interface PlanLegCheck {
  event_id: number | null;
  place: string | null;
  /** Estimated minutes between the neighbour's place and the event's. */
  travel_minutes: number;
  /** What the estimate assumed, e.g. "car 70 km/h, 29 km (straight line x1.3)". */
  estimate: string;
  /** Minutes kept before a departure (0 for other commitments). */
  buffer_minutes: number;
  /** Minutes to spare after travel and buffer (negative only next to a soft limit: how far it shifts). */
  slack_minutes: number;
  /** Soft: a check-in or check-out (may shift); hard: everything else (never squeezed). */
  limit: "hard" | "soft";
  /** A negative slack next to a soft limit, said with times in the trip's language ("check in at 15:25 (25 min after 15:00)"); null otherwise. */
  shift: string | null;
}

/** What was checked for an option, with the figures (a reviewer sees why it is safe). */
export interface PlanChecks {
  before: PlanLegCheck | null;
  after: PlanLegCheck | null;
  daylight: { sunrise: string | null; sunset: string | null; rule: "sun" | "civil_twilight" | "not_needed" };
  span: { start: string | null; end: string | null };
  partner: { event_id: number; title: string; start: string; end: string; risk: RiskLevel; weather: string } | null;
  /**
   * A sailing that strands commitments (every calm one does): each moved along with it (new window
   * and its risk) or, when it cannot follow safely, named as missed (new_start null). Empty otherwise.
   */
  strands: Array<{
    event_id: number;
    title: string;
    start: string;
    new_start: string | null;
    new_end: string | null;
    risk: RiskLevel | null;
  }>;
}

export interface PlanOption {
  id: string;
  kind: "move" | "swap" | "rebook";
  score: number;
  label: string;
  /** One line, e.g. "rain 8 mm/h 14:00-17:00; dry after 18:00". */
  reason: string;
  risk: RiskLevel;
  changes: ProposalChangeInput[];
  forecast: PlanOptionForecast;
  /** A transport leg: the new time is a sailing to book, not a move the planner can make alone. */
  needs_rebooking: boolean;
  /** needs_rebooking: why (the sailing to book and its forecast); null otherwise. */
  rebooking_reason: string | null;
  checks: PlanChecks;
}

export interface PlanResult {
  /**
   * not_at_risk: below the threshold; no_forecast: its window is outside the forecast; no_option:
   * nothing safe fits; fixed_at_risk: a fixed point (a flight, a stay) at risk: reported, never moved.
   */
  status: "options" | "not_at_risk" | "no_forecast" | "no_option" | "fixed_at_risk";
  current: { level: RiskLevel | null; reasons: string[] };
  options: PlanOption[];
}
