"use client";
import { RISK_COLOURS } from "@/components/playground/risk";
import { dateTimeIn, localDay, timeIn } from "./time-format";
import type { ProposalOption, TripEvent } from "./types";
import type { EventWeather } from "./weather-parts";

/*
 * What an option does to events already in the itinerary (proposal `changes`, issue 33):
 * each change as a before/after line: old time -> new time, risk before -> after (from the
 * forecast the option relies on, else the trip weather of the event as it stands).
 * Typed structurally so proposals from before `changes` existed render too.
 */

type Level = "low" | "watch" | "warning";
export type ProposalChange =
  | { type: "move_event"; event_id: number; startDateTime: string; endDateTime: string | null }
  | { type: "update_event"; event_id: number; changes: Record<string, unknown> }
  | { type: "remove_event"; event_id: number };
export interface ForecastWindow {
  role: "current" | "proposed";
  event_id: number;
  start: string;
  end: string;
  risk_level: Level;
  reasons: string[];
}
export type PlannerOption = ProposalOption & {
  changes?: ProposalChange[];
  reason?: string;
  forecast?: { windows?: ForecastWindow[] } | null;
};

export const WEATHER_PLANNER = "skycast-weather-planner";
const LEVEL_WORD: Record<Level, string> = { low: "low risk", watch: "watch", warning: "warning" };

/** A span of time in one zone: "Wed, May 6, 10:00 – 16:00 WEST" (the end's date only when it differs). */
export function spanIn(start: string, end: string | null | undefined, zone: string): string {
  if (!end) return dateTimeIn(start, zone);
  const head = new Intl.DateTimeFormat(undefined, {
    weekday: "short",
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: zone,
  }).format(new Date(start));
  return `${head} – ${localDay(start, zone) === localDay(end, zone) ? timeIn(end, zone) : dateTimeIn(end, zone)}`;
}

function RiskChip({ level, testId }: { level: Level | undefined; testId: string }) {
  if (!level)
    return (
      <span className="text-xs text-slate-500" data-testid={testId}>
        no forecast
      </span>
    );
  return (
    <span
      className="inline-flex items-center gap-1 text-xs font-medium text-slate-800"
      data-testid={testId}
      data-level={level}
    >
      <span
        className="inline-block h-2 w-2 rounded-full"
        style={{ background: RISK_COLOURS[level] }}
        aria-hidden="true"
      />
      {LEVEL_WORD[level]}
    </span>
  );
}

const FIELD_WORD: Record<string, string> = { activityType: "activity", startDateTime: "start", endDateTime: "end" };

/** The changes of one option, each as a before/after row. */
export function ProposalChanges({
  option,
  events,
  tripZone,
  weatherOf,
  applied,
}: {
  option: PlannerOption;
  events: TripEvent[];
  tripZone: string;
  weatherOf?: (eventId: number) => EventWeather | undefined;
  /** The proposal was accepted: the itinerary already shows the "after" side. */
  applied: boolean;
}) {
  const changes = option.changes ?? [];
  if (changes.length === 0) return null;
  const windows = option.forecast?.windows ?? [];
  const windowOf = (id: number, role: ForecastWindow["role"]) =>
    windows.find((w) => w.event_id === id && w.role === role);
  const byId = new Map(events.map((e) => [e.id, e]));
  return (
    <ul className="space-y-2" data-testid="proposal-changes">
      {changes.map((c) => {
        const ev = byId.get(c.event_id);
        const zone = ev?.timeZone || tripZone;
        const title = ev?.title ?? `Event ${c.event_id}`;
        const before = windowOf(c.event_id, "current");
        const after = windowOf(c.event_id, "proposed");
        const riskBefore =
          before?.risk_level ?? (applied ? undefined : (weatherOf?.(c.event_id)?.risk?.level as Level | undefined));
        return (
          <li
            key={`${c.type}-${c.event_id}`}
            className="rounded-md bg-slate-50 p-2 text-sm ring-1 ring-slate-200"
            data-testid="proposal-change"
            data-change={c.type}
          >
            <div className="font-medium text-slate-900">
              {c.type === "move_event" ? "Move " : c.type === "remove_event" ? "Remove " : "Change "}“{title}”
            </div>
            {c.type === "move_event" && (
              <>
                <div className="mt-1 grid grid-cols-[auto_1fr] items-baseline gap-x-2 gap-y-0.5 text-xs sm:text-sm">
                  <span className="text-slate-500">Now</span>
                  <span
                    className={applied ? "text-slate-500 line-through" : "text-slate-700"}
                    data-testid="change-before"
                  >
                    {before
                      ? spanIn(before.start, before.end, zone)
                      : ev && !applied
                        ? spanIn(ev.startDateTime, ev.endDateTime, zone)
                        : "—"}
                  </span>
                  <span className="text-slate-500">New</span>
                  <span className="font-medium text-slate-900" data-testid="change-after">
                    {spanIn(c.startDateTime, c.endDateTime, zone)}
                  </span>
                </div>
                {after?.risk_level ? (
                  <div className="mt-1 flex flex-wrap items-center gap-1.5" aria-label="Risk before and after">
                    <span className="text-xs text-slate-500">Risk</span>
                    <RiskChip level={riskBefore} testId="risk-before" />
                    <span aria-hidden="true" className="text-slate-400">
                      →
                    </span>
                    <span className="sr-only">becomes</span>
                    <RiskChip level={after.risk_level} testId="risk-after" />
                  </div>
                ) : riskBefore ? (
                  // An agent's option without a forecast: no arrow into "no forecast", just what is known.
                  <div className="mt-1 flex flex-wrap items-center gap-1.5" aria-label="Risk now">
                    <span className="text-xs text-slate-500">Risk now</span>
                    <RiskChip level={riskBefore} testId="risk-before" />
                    <span className="text-xs text-slate-500" data-testid="risk-after">
                      the new time was not judged against a forecast
                    </span>
                  </div>
                ) : null}
                {after && after.reasons.length > 0 && (
                  <p className="mt-1 text-xs text-slate-600">{after.reasons.join("; ")}</p>
                )}
              </>
            )}
            {c.type === "update_event" && (
              <div className="mt-1 text-xs text-slate-700 sm:text-sm">
                {Object.entries(c.changes)
                  .map(([k, v]) => `${FIELD_WORD[k] ?? k}: ${v === null ? "cleared" : String(v)}`)
                  .join(" · ")}
              </div>
            )}
            {c.type === "remove_event" && ev && !applied && (
              <div className="mt-1 text-xs text-slate-600">{spanIn(ev.startDateTime, ev.endDateTime, zone)}</div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
