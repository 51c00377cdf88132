import type { EventType } from "@/drizzle/schema";
import type { ProposalChangeInput, ProposalOptionForecast } from "@/lib/trips/proposal-schemas";
import type { RiskLevel } from "@/lib/weather/risk/types";
import type { NormalizedForecast } from "@/lib/weather/types";
import type { z } from "zod";

/** An itinerary event as the planner sees it: instants in epoch ms, the zone its times are shown in. */
export interface PlannerEvent {
  id: number;
  type: EventType;
  title: string;
  activityType?: string | null;
  startMs: number;
  /** Null: an event without an end (judged as one hour, kept without an end when moved). */
  endMs: number | null;
  timeZone: string;
}

export interface PlanInput {
  /** The event to rescue. */
  event: PlannerEvent;
  /** The trip's other events (conflicts, fixed points and swap partners). */
  others: PlannerEvent[];
  /** Hourly forecast at the event's place, covering its day and the adjacent days. */
  forecast: NormalizedForecast;
  /** Where the forecast is for (copied into each option's forecast). */
  place?: { lat: number; lng: number; snapshotId?: string | null };
  now: Date;
  /** The trip's dates (YYYY-MM-DD in the trip zone): moves stay inside them. */
  tripDates?: { start: string | null; end: string | null; zone: string };
  /** The level at which the planner acts (the trip's threshold; default warning). */
  threshold?: Extract<RiskLevel, "watch" | "warning">;
  /** At most this many options (default 3). */
  maxOptions?: number;
}

export type PlanOptionForecast = z.output<typeof ProposalOptionForecast>;

export interface PlanOption {
  id: string;
  kind: "move" | "swap";
  score: number;
  label: string;
  /** One line, e.g. "rain 8 mm/h 14:00-17:00; dry after 18:00". */
  reason: string;
  risk: RiskLevel;
  changes: ProposalChangeInput[];
  forecast: PlanOptionForecast;
}

export interface PlanResult {
  /** not_at_risk: below the threshold; no_forecast: its window is outside the forecast; no_option: nothing safe fits. */
  status: "options" | "not_at_risk" | "no_forecast" | "no_option";
  current: { level: RiskLevel | null; reasons: string[] };
  options: PlanOption[];
}
