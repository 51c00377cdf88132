"use client";
import { useState } from "react";
import { riskColour } from "@/components/playground/risk";
import { Card, CardHeader } from "@/components/ui/card";
import { dayHeadline, placeName, riskWords, type DayPlaceWeather } from "./day-headline";
import { TripWeatherMap } from "./trip-weather-map";
import { ConditionIcon, type DayWeather, type TripWeather } from "./weather-parts";

const dayLabel = (d: string) =>
  new Date(`${d}T12:00:00Z`).toLocaleDateString([], {
    weekday: "short",
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  });
const clock = (iso: string | null) => (iso ? iso.slice(11, 16) : "");

/** The trip's weather: a forecast strip per day and the events on a small offline map. */
export function TripWeatherPanel({ weather }: { weather: TripWeather }) {
  // The day the map is fitted to (chosen on its tile), else the whole trip.
  const [focus, setFocus] = useState<string | null>(null);
  return (
    <Card>
      <CardHeader
        title="Weather"
        description={`Forecast and risk per day · ${weather.summary.events_at_risk.length} event(s) at risk`}
      />
      <div className="space-y-4 p-4 sm:p-6">
        {/* The strip is focusable so a keyboard can scroll it (axe scrollable-region-focusable at 390 px). */}
        {weather.days.length === 0 ? (
          <p className="text-sm text-slate-600">Add events with a place to see their weather.</p>
        ) : (
          <ol
            className="flex snap-x gap-3 overflow-x-auto rounded-md pb-2 focus-visible:outline-2 focus-visible:outline-indigo-600"
            aria-label="Forecast per day"
            data-testid="forecast-strip"
            tabIndex={0}
          >
            {weather.days.map((d) => (
              <DayTile
                key={d.date}
                day={d}
                focused={focus === d.date}
                onFocus={() => setFocus(focus === d.date ? null : d.date)}
              />
            ))}
          </ol>
        )}
        <TripWeatherMap weather={weather} focusDate={focus} onShowAll={() => setFocus(null)} />
      </div>
    </Card>
  );
}

function DayTile({ day: d, focused, onFocus }: { day: DayWeather; focused: boolean; onFocus: () => void }) {
  const unit = d.temperature_unit === "K" ? " K" : `°${d.temperature_unit}`;
  const { main, others } = dayHeadline(d);
  return (
    <li
      className={`w-48 shrink-0 snap-start rounded-lg border bg-white p-3 text-sm ${focused ? "border-indigo-600 ring-1 ring-indigo-600" : "border-slate-200"}`}
      data-testid="forecast-day"
      data-date={d.date}
    >
      <div className="flex items-center justify-between">
        <button
          type="button"
          className="rounded font-medium text-slate-900 underline decoration-dotted underline-offset-2 focus-visible:outline-2 focus-visible:outline-indigo-600"
          aria-pressed={focused}
          aria-label={`${dayLabel(d.date)}: show this day on the map`}
          onClick={onFocus}
        >
          {dayLabel(d.date)}
        </button>
        <ConditionIcon condition={d.condition} className="text-xl" />
      </div>
      {/* The place the headline below is judged at, with its own risk: where the traveller spends the day. */}
      {main && (
        <div className="mt-1 flex items-start gap-1 text-xs" data-testid="day-main-place">
          <RiskDot place={main} />
          <span className="min-w-0 text-slate-800">
            <span className="font-medium">{placeName(main)}</span>: {riskWords(main)}
          </span>
        </div>
      )}
      {d.forecast_available ? (
        <>
          <div className="mt-1 text-slate-800">
            <span className="font-semibold">
              {Math.round(d.temperature_max ?? 0)}
              {unit}
            </span>{" "}
            <span className="text-slate-600">
              / {Math.round(d.temperature_min ?? 0)}
              {unit}
            </span>
          </div>
          <div className="text-xs text-slate-700">
            Rain {d.precipitation_mm ?? 0} mm · {d.precipitation_probability_pct ?? 0}%
          </div>
          <div className="mt-1 text-xs text-slate-700" data-testid="best-window">
            {d.best_outdoor_window?.start
              ? `Best outdoors ${clock(d.best_outdoor_window.start)}–${clock(d.best_outdoor_window.end)}`
              : "No dry daylight window"}
          </div>
        </>
      ) : (
        <div className="mt-1 text-xs text-slate-600">
          {d.forecast_available_from
            ? `Forecast from ${new Date(d.forecast_available_from).toLocaleDateString([], { day: "numeric", month: "short" })}`
            : "No forecast"}
        </div>
      )}
      {/* The day's other places, each with its own risk (a travel day: the departure's warning stays with it). */}
      {others.length > 0 && (
        <ul className="mt-2 space-y-1 border-t border-slate-100 pt-2 text-xs" aria-label="Also this day">
          {others.map((p) => (
            <li key={`${p.place.lat},${p.place.lng}`} className="flex items-start gap-1" data-testid="day-place">
              <RiskDot place={p} />
              <span className="min-w-0 text-slate-800">
                <span className="font-medium">{placeName(p)}</span>
                {p.roles.length === 1 && p.roles[0] !== "event" ? ` (${p.roles[0]})` : ""}: {riskWords(p)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

function RiskDot({ place: p }: { place: DayPlaceWeather }) {
  return (
    <span
      className="mt-1 inline-block h-2 w-2 shrink-0 rounded-full"
      style={{ background: p.overall_risk && p.forecast_available ? riskColour(p.overall_risk) : "#94a3b8" }}
      aria-hidden="true"
    />
  );
}
