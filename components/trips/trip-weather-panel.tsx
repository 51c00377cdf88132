"use client";
import type { GeoPermissibleObjects } from "d3-geo";
import { useMemo } from "react";
import { BaseMap } from "@/components/map/base-map";
import { RiskLegend } from "@/components/map/risk-legend";
import { riskColour } from "@/components/playground/risk";
import { routeFit } from "@/components/playground/route-map";
import { Card, CardHeader } from "@/components/ui/card";
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
              <DayTile key={d.date} day={d} />
            ))}
          </ol>
        )}
        <EventsMap weather={weather} />
      </div>
    </Card>
  );
}

function DayTile({ day: d }: { day: DayWeather }) {
  const unit = d.temperature_unit === "K" ? " K" : `°${d.temperature_unit}`;
  return (
    <li
      className="w-40 shrink-0 snap-start rounded-lg border border-slate-200 bg-white p-3 text-sm"
      data-testid="forecast-day"
      data-date={d.date}
    >
      <div className="flex items-center justify-between">
        <span className="font-medium text-slate-900">{dayLabel(d.date)}</span>
        <ConditionIcon condition={d.condition} className="text-xl" />
      </div>
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
          {d.overall_risk && (
            <div className="mt-1 flex items-center gap-1 text-xs text-slate-800">
              <span
                className="inline-block h-2 w-2 rounded-full"
                style={{ background: riskColour(d.overall_risk) }}
                aria-hidden="true"
              />
              {d.overall_risk === "low" ? "Low risk" : `${d.overall_risk}: ${d.main_issue.replace(/_/g, " ")}`}
            </div>
          )}
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
      {d.place?.name && <div className="mt-1 truncate text-xs text-slate-500">{d.place.name}</div>}
    </li>
  );
}

/** Placed events as numbered dots coloured by risk, over the Natural Earth basemap. */
function EventsMap({ weather }: { weather: TripWeather }) {
  const dots = useMemo(
    () =>
      weather.events.flatMap((e, i) =>
        e.places.map((p) => ({
          key: `${e.event_id}-${p.role}`,
          n: i + 1,
          title: e.title,
          role: p.role,
          lat: p.geo.lat,
          lng: p.geo.lng,
          level: e.forecast_available ? (e.risk?.level ?? null) : null,
        })),
      ),
    [weather],
  );
  const fit = useMemo<GeoPermissibleObjects>(() => routeFit(dots.map((d) => [d.lng, d.lat])), [dots]);
  if (dots.length === 0) return null;
  return (
    <figure className="space-y-2" data-testid="trip-map">
      <BaseMap
        fit={fit}
        height={300}
        padding={30}
        label={`Map of ${dots.length} event places coloured by weather risk`}
      >
        {(proj) => (
          <g>
            {dots.map((d) => {
              const xy = proj([d.lng, d.lat]);
              if (!xy) return null;
              return (
                <g key={d.key} transform={`translate(${xy[0]},${xy[1]})`} data-testid="map-dot">
                  <title>{`${d.n}. ${d.title}${d.role !== "event" ? ` (${d.role})` : ""}`}</title>
                  <circle r={9} fill={d.level ? riskColour(d.level) : "#94a3b8"} stroke="#fff" strokeWidth={2} />
                  <text textAnchor="middle" dy="0.35em" fontSize={9} fontWeight={700} fill="#fff">
                    {d.n}
                  </text>
                </g>
              );
            })}
          </g>
        )}
      </BaseMap>
      <figcaption className="flex flex-wrap items-center justify-between gap-2 text-xs text-slate-600">
        <RiskLegend />
        <span>Numbers follow the itinerary order · grey: no forecast yet</span>
      </figcaption>
    </figure>
  );
}
