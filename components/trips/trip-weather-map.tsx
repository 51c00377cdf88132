"use client";
import type { GeoPermissibleObjects } from "d3-geo";
import { useMemo, useState, type KeyboardEvent } from "react";
import { BaseMap } from "@/components/map/base-map";
import { clusterPoints, fanOut, spreadDeg, type Cluster, type Projected } from "@/components/map/cluster";
import { RiskLegend } from "@/components/map/risk-legend";
import { riskColour } from "@/components/playground/risk";
import { Button } from "@/components/ui/button";
import type { TripWeather } from "./weather-parts";

const WIDTH = 640;
const HEIGHT = 300;
/** Markers closer than this (in map units of the 640-wide view) are one cluster. */
const CLUSTER_PX = 20;

interface Dot {
  key: string;
  n: number;
  title: string;
  role: string;
  lat: number;
  lng: number;
  level: string | null;
  date: string;
}

/** The view around some places: their box, at least `minHalf` degrees each way (a day in one city still shows it). */
function fitTo(points: Array<{ lat: number; lng: number }>, minHalf: number): GeoPermissibleObjects {
  const lats = points.map((p) => p.lat);
  const lngs = points.map((p) => p.lng);
  const c = { lat: (Math.min(...lats) + Math.max(...lats)) / 2, lng: (Math.min(...lngs) + Math.max(...lngs)) / 2 };
  const h = Math.max(minHalf, (Math.max(...lats) - Math.min(...lats)) / 2, (Math.max(...lngs) - Math.min(...lngs)) / 2);
  return {
    type: "MultiPoint",
    coordinates: [
      [c.lng - h, Math.max(-80, c.lat - h * 0.6)],
      [c.lng + h, Math.min(80, c.lat + h * 0.6)],
    ],
  };
}

const onKey = (fn: () => void) => (e: KeyboardEvent) => {
  if (e.key === "Enter" || e.key === " ") {
    e.preventDefault();
    fn();
  }
};

/**
 * The trip's event places as numbered dots coloured by risk (issue 42 item 3): fitted to the
 * focused day when one is chosen, else the whole trip; dots that would overlap at this zoom are one
 * cluster with a count, and a cluster expands on click (zooms to its places, or fans them out when
 * they share one spot).
 */
export function TripWeatherMap({
  weather,
  focusDate,
  onShowAll,
}: {
  weather: TripWeather;
  focusDate: string | null;
  onShowAll: () => void;
}) {
  const all = useMemo<Dot[]>(
    () =>
      weather.events.flatMap((e, i) =>
        e.places.map((p) => ({
          key: `${e.event_id}-${p.role}`,
          n: i + 1,
          title: e.title,
          role: p.role,
          lat: p.geo.lat,
          lng: p.geo.lng,
          level: e.forecast_available && p.forecast_available ? p.risk.level : null,
          date: e.local_date,
        })),
      ),
    [weather],
  );
  // A cluster the reader expanded: zoomed to its places, or fanned out where a zoom cannot separate them.
  const [zoom, setZoom] = useState<{ focus: string | null; points: Dot[] } | null>(null);
  const [fanned, setFanned] = useState<{ focus: string | null; key: string } | null>(null);
  const zoomed = zoom?.focus === focusDate ? zoom.points : null;
  const fannedKey = fanned?.focus === focusDate ? fanned.key : null;
  const day = focusDate ? all.filter((d) => d.date === focusDate) : [];
  const stay = focusDate ? weather.days.find((d) => d.date === focusDate)?.places[0]?.place : undefined;
  const inView = zoomed ?? (day.length ? day : stay ? [stay] : all);
  if (all.length === 0) return null;
  // Cheap to recompute (a box of a few points); the projection follows it.
  const fit = fitTo(inView, zoomed || focusDate ? 0.08 : 1.5);
  const expand = (c: Cluster<Dot>) => {
    if (spreadDeg(c.members.map((m) => m.item)) > 0.003)
      setZoom({ focus: focusDate, points: c.members.map((m) => m.item) });
    else setFanned({ focus: focusDate, key: c.key });
  };
  const where = zoomed ? "the chosen places" : focusDate ? `the places of ${focusDate}` : "the whole trip";
  return (
    <figure className="space-y-2" data-testid="trip-map" data-view={zoomed ? "cluster" : (focusDate ?? "trip")}>
      <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-slate-700">
        <span data-testid="map-view">Showing {where}</span>
        {(zoomed || focusDate || fannedKey) && (
          <Button
            size="sm"
            variant="ghost"
            onClick={() => {
              setZoom(null);
              setFanned(null);
              onShowAll();
            }}
          >
            Show the whole trip
          </Button>
        )}
      </div>
      <BaseMap
        fit={fit}
        width={WIDTH}
        height={HEIGHT}
        padding={30}
        interactive
        label={`Map of ${where}: event places coloured by weather risk; a numbered circle with a count is several places, choose it to expand`}
      >
        {(proj) => {
          const points: Array<Projected<Dot>> = [];
          for (const d of all) {
            const xy = proj([d.lng, d.lat]);
            if (
              xy &&
              xy[0] >= -CLUSTER_PX &&
              xy[0] <= WIDTH + CLUSTER_PX &&
              xy[1] >= -CLUSTER_PX &&
              xy[1] <= HEIGHT + CLUSTER_PX
            )
              points.push({ key: d.key, x: xy[0], y: xy[1], item: d });
          }
          return (
            <g>
              {clusterPoints(points, CLUSTER_PX).map((c) => {
                if (c.members.length === 1) return <DotMark key={c.key} p={c.members[0]} />;
                if (c.key === fannedKey)
                  return (
                    <g key={c.key} data-testid="map-fan">
                      {fanOut(c, 22).map((m) => (
                        <g key={m.key}>
                          <line x1={c.x} y1={c.y} x2={m.x} y2={m.y} stroke="#475569" strokeWidth={1} />
                          <DotMark p={m} />
                        </g>
                      ))}
                    </g>
                  );
                const names = c.members.map((m) => `${m.item.n}. ${m.item.title}`).join(", ");
                return (
                  <g
                    key={c.key}
                    transform={`translate(${c.x},${c.y})`}
                    data-testid="map-cluster"
                    role="button"
                    tabIndex={0}
                    aria-label={`${c.members.length} places: ${names}. Expand`}
                    className="cursor-pointer focus:outline-none [&:focus>circle]:stroke-indigo-700"
                    onClick={() => expand(c)}
                    onKeyDown={onKey(() => expand(c))}
                  >
                    <circle r={13} fill="#334155" stroke="#fff" strokeWidth={3} />
                    <text textAnchor="middle" dy="0.35em" fontSize={11} fontWeight={700} fill="#fff">
                      {c.members.length}
                    </text>
                  </g>
                );
              })}
            </g>
          );
        }}
      </BaseMap>
      <figcaption className="flex flex-wrap items-center justify-between gap-2 text-xs text-slate-600">
        <RiskLegend />
        <span>Numbers follow the itinerary order · dark circles group nearby places · grey: no forecast yet</span>
      </figcaption>
    </figure>
  );
}

function DotMark({ p }: { p: Projected<Dot> }) {
  const d = p.item;
  return (
    <g transform={`translate(${p.x},${p.y})`} data-testid="map-dot">
      <title>{`${d.n}. ${d.title}${d.role !== "event" ? ` (${d.role})` : ""}`}</title>
      <circle r={9} fill={d.level ? riskColour(d.level) : "#94a3b8"} stroke="#fff" strokeWidth={2} />
      <text textAnchor="middle" dy="0.35em" fontSize={9} fontWeight={700} fill="#fff">
        {d.n}
      </text>
    </g>
  );
}
