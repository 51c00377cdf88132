"use client";
import { useId, useState } from "react";
import { RISK_COLOURS } from "@/components/playground/risk";
import type { Schemas } from "@/lib/client/api-client";

export type TripWeather = Schemas["TripWeather"];
export type EventWeather = TripWeather["events"][number];
export type DayWeather = TripWeather["days"][number];

export { ConditionIcon } from "./condition-icon";

const LEVEL_STYLE: Record<string, string> = {
  low: "bg-emerald-50 text-emerald-800 ring-emerald-600/30",
  watch: "bg-amber-50 text-amber-900 ring-amber-600/40",
  warning: "bg-red-50 text-red-800 ring-red-600/40",
};

const LEVEL_WORD: Record<string, string> = { low: "Low risk", watch: "Watch", warning: "Warning" };

/**
 * An event's weather risk: a badge that shows the reasons and the recommendation on hover and
 * keyboard focus, and toggles them on tap (phones have no hover).
 */
export function RiskBadge({ weather }: { weather: EventWeather }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const risk = weather.risk;
  if (!risk) {
    return (
      <span className="text-xs text-slate-500" data-testid="risk-badge" data-level="none">
        No place for weather
      </span>
    );
  }
  const noForecast = !weather.forecast_available;
  const label = noForecast ? "No forecast yet" : LEVEL_WORD[risk.level];
  return (
    <span
      className="group relative inline-block"
      data-testid="risk-badge"
      data-level={noForecast ? "none" : risk.level}
    >
      <button
        type="button"
        className={`inline-flex items-center gap-1 rounded-md px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${noForecast ? "bg-slate-100 text-slate-700 ring-slate-500/20" : LEVEL_STYLE[risk.level]}`}
        aria-expanded={open}
        aria-controls={id}
        onClick={(e) => {
          e.stopPropagation();
          setOpen((v) => !v);
        }}
      >
        <span
          className="inline-block h-2 w-2 rounded-full"
          style={{ background: noForecast ? "#94a3b8" : RISK_COLOURS[risk.level] }}
          aria-hidden="true"
        />
        {label}
      </button>
      <span
        id={id}
        role="tooltip"
        // Phones: a sheet along the bottom of the screen (a popover beside a badge would leave the
        // viewport); from sm up: a popover under the badge.
        className={`fixed inset-x-3 bottom-3 z-30 rounded-md bg-white p-3 text-xs text-slate-800 shadow-lg ring-1 ring-slate-200 sm:absolute sm:inset-x-auto sm:bottom-auto sm:left-0 sm:top-full sm:mt-1 sm:w-72 ${open ? "block" : "hidden group-hover:block group-focus-within:block"}`}
      >
        {noForecast ? (
          <span className="block">
            {weather.forecast_available_from
              ? `Forecast from ${new Date(weather.forecast_available_from).toLocaleDateString([], { day: "numeric", month: "short" })}.`
              : "This event has passed."}
          </span>
        ) : (
          <>
            <span className="mb-1 block font-semibold">
              {LEVEL_WORD[risk.level]} for {weather.activity_type.replace(/_/g, " ")}
            </span>
            {risk.reasons.length > 0 ? (
              <span className="block space-y-0.5">
                {risk.reasons.map((r, i) => (
                  <span key={i} className="block">
                    • {r.message}
                  </span>
                ))}
              </span>
            ) : (
              <span className="block">Nothing in the forecast for this window.</span>
            )}
            {risk.recommendation && (
              <span className="mt-2 block font-medium text-slate-900">{risk.recommendation}</span>
            )}
          </>
        )}
      </span>
    </span>
  );
}
