"use client";

import type { components } from "@/lib/client/openapi-types";
import { dateTimeIn, timeIn } from "./time-format";

type Checks = components["schemas"]["ProposalOptionChecks"];
type Leg = components["schemas"]["ProposalOptionLegCheck"];

/** "35 min by car, 12 min to spare" / "check-in shifts 25 min" (a soft limit may move; a hard one never does). */
function legLine(leg: NonNullable<Leg>, side: "before" | "after"): string {
  const travel = leg.travel_minutes > 0 ? `${leg.travel_minutes} min travel (${leg.estimate})` : "no travel";
  const buffer = leg.buffer_minutes > 0 ? `, ${leg.buffer_minutes} min buffer` : "";
  // A negative slack exists only next to a soft limit; the planner says what it means with times.
  const slack =
    leg.slack_minutes >= 0
      ? `${leg.slack_minutes} min to spare`
      : (leg.shift ??
        `${-leg.slack_minutes} min short: the ${side === "before" ? "previous" : "next"} check-in/out shifts (a soft limit)`);
  return `${travel}${buffer}; ${slack}`;
}

/**
 * What the planner checked for the option shown (issue 38 item 7): where the traveller is before and
 * after with the travel estimate and buffer, daylight, the trip span, a swap partner's weather and
 * what a rebooked sailing strands (moved along or missed),
 * so a reviewer sees why the option is safe before accepting it.
 */
export function OptionChecks({ checks, zone, rebooking }: { checks: Checks; zone: string; rebooking?: string | null }) {
  const { before, after, daylight, span, partner, strands } = checks;
  return (
    <details
      className="mb-3 rounded-md bg-slate-50 px-2 py-1.5 text-sm ring-1 ring-slate-200"
      data-testid="option-checks"
    >
      <summary className="cursor-pointer font-medium text-slate-800">What the planner checked</summary>
      <dl className="mt-1 grid grid-cols-[max-content_1fr] gap-x-3 gap-y-1 text-slate-700">
        {rebooking && (
          <>
            <dt className="font-medium">Rebooking</dt>
            <dd className="break-words">{rebooking}</dd>
          </>
        )}
        <dt className="font-medium">Before</dt>
        <dd className="break-words">
          {before ? `${before.place ?? "previous plan"}: ${legLine(before, "before")}` : "nothing earlier"}
        </dd>
        <dt className="font-medium">After</dt>
        <dd className="break-words">
          {after ? `${after.place ?? "next plan"}: ${legLine(after, "after")}` : "nothing later"}
        </dd>
        <dt className="font-medium">Daylight</dt>
        <dd>
          {daylight.rule === "not_needed"
            ? "not needed"
            : `${daylight.sunrise ? timeIn(daylight.sunrise, zone) : "?"}–${daylight.sunset ? timeIn(daylight.sunset, zone) : "?"}${daylight.rule === "civil_twilight" ? " (civil twilight)" : " (sunrise to sunset)"}`}
        </dd>
        <dt className="font-medium">Trip span</dt>
        <dd>
          {span.start ? dateTimeIn(span.start, zone) : "open"} to {span.end ? dateTimeIn(span.end, zone) : "open"}
        </dd>
        {strands && strands.length > 0 && (
          <>
            <dt className="font-medium">Affected</dt>
            <dd className="break-words" data-testid="option-strands">
              {strands.map((s) => (
                <span key={s.event_id} className="block">
                  {s.title}, {dateTimeIn(s.start, zone)}:{" "}
                  {s.new_start
                    ? `follows the sailing to ${dateTimeIn(s.new_start, zone)}`
                    : "would be missed: change or cancel it"}
                </span>
              ))}
            </dd>
          </>
        )}
        {partner && (
          <>
            <dt className="font-medium">Swap partner</dt>
            <dd className="break-words">
              {partner.title}, {dateTimeIn(partner.start, zone)}: {partner.weather}
            </dd>
          </>
        )}
      </dl>
    </details>
  );
}
