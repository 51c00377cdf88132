"use client";
import type { GeoPermissibleObjects } from "d3-geo";
import { useMemo, useState } from "react";
import { BaseMap } from "@/components/map/base-map";
import { RiskLegend } from "@/components/map/risk-legend";
import { riskColour, type SegmentView } from "./risk";

/** Smallest view around a route (degrees each way from its centre), so a short route still shows coastline and context. */
const MIN_HALF_SPAN = { lng: 1.5, lat: 1 };

/** The route's points plus two corners that widen the view to at least the minimum extent. */
export function routeFit(points: Array<[number, number]>): GeoPermissibleObjects {
  if (points.length === 0) return { type: "MultiPoint", coordinates: [] };
  const lngs = points.map((p) => p[0]);
  const lats = points.map((p) => p[1]);
  const [minLng, maxLng, minLat, maxLat] = [Math.min(...lngs), Math.max(...lngs), Math.min(...lats), Math.max(...lats)];
  const c = { lng: (minLng + maxLng) / 2, lat: (minLat + maxLat) / 2 };
  const h = {
    lng: Math.max((maxLng - minLng) / 2, MIN_HALF_SPAN.lng),
    lat: Math.max((maxLat - minLat) / 2, MIN_HALF_SPAN.lat),
  };
  const clampLat = (v: number) => Math.max(-80, Math.min(80, v));
  return {
    type: "MultiPoint",
    coordinates: [...points, [c.lng - h.lng, clampLat(c.lat - h.lat)], [c.lng + h.lng, clampLat(c.lat + h.lat)]],
  };
}

const time = (iso?: string) =>
  iso ? new Date(iso).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit", timeZoneName: "short" }) : "";

/**
 * The route over the offline basemap, zoomed to the route, one stroke per
 * segment coloured by its risk. Hovering or focusing a segment shows its time,
 * weather and reasons below the map (keyboard users tab through segments).
 */
export function RouteMap({ segments }: { segments: SegmentView[] }) {
  const [active, setActive] = useState<number | null>(null);
  const fit = useMemo<GeoPermissibleObjects>(
    () =>
      routeFit(
        segments.flatMap((s): Array<[number, number]> => [
          [s.start.lng, s.start.lat],
          [s.end.lng, s.end.lat],
        ]),
      ),
    [segments],
  );
  if (segments.length === 0) return null;
  const shown = segments.find((s) => s.index === active) ?? null;
  return (
    <figure className="space-y-2" data-testid="route-map">
      <BaseMap
        fit={fit}
        padding={40}
        interactive
        label={`Map of the route: ${segments.length} segments coloured by risk over coastlines and borders`}
      >
        {(proj) => {
          const first = proj([segments[0].start.lng, segments[0].start.lat]);
          const lastSeg = segments[segments.length - 1];
          const last = proj([lastSeg.end.lng, lastSeg.end.lat]);
          return (
            <g>
              {segments.map((s) => {
                const a = proj([s.start.lng, s.start.lat]);
                const b = proj([s.end.lng, s.end.lat]);
                if (!a || !b) return null;
                return (
                  <g key={s.index}>
                    <line
                      x1={a[0]}
                      y1={a[1]}
                      x2={b[0]}
                      y2={b[1]}
                      stroke="#fff"
                      strokeWidth={active === s.index ? 11 : 9}
                      strokeLinecap="round"
                    />
                    <line
                      x1={a[0]}
                      y1={a[1]}
                      x2={b[0]}
                      y2={b[1]}
                      stroke={riskColour(s.level)}
                      strokeWidth={active === s.index ? 8 : 6}
                      strokeLinecap="round"
                      data-risk={s.level}
                      data-testid="route-segment"
                      tabIndex={0}
                      role="button"
                      aria-label={`${s.label}. ${time(s.startTime)} to ${time(s.endTime)}. ${s.weather}`}
                      onMouseEnter={() => setActive(s.index)}
                      onFocus={() => setActive(s.index)}
                      onClick={() => setActive(s.index)}
                      className="cursor-pointer outline-none"
                    >
                      <title>{s.label}</title>
                    </line>
                  </g>
                );
              })}
              {first && <Pin x={first[0]} y={first[1]} text="A" hollow />}
              {last && <Pin x={last[0]} y={last[1]} text="B" />}
            </g>
          );
        }}
      </BaseMap>
      <figcaption className="space-y-2 text-xs text-slate-700">
        <RiskLegend />
        <p>
          A start · B destination · hover or tab to a segment for its time, weather and reasons. Coastlines and borders:
          Natural Earth.
        </p>
        <div
          aria-live="polite"
          className="min-h-10 rounded-md bg-slate-50 p-2 text-sm text-slate-800 ring-1 ring-slate-200"
          data-testid="segment-detail"
        >
          {shown ? (
            <>
              <p className="font-medium">
                Segment {shown.index}: {time(shown.startTime)} – {time(shown.endTime)} ·{" "}
                <span style={{ color: riskColour(shown.level) }}>■</span> {shown.level}
              </p>
              {shown.weather && <p>{shown.weather}</p>}
              {shown.reasons.length > 0 && (
                <ul className="list-disc pl-5">
                  {shown.reasons.map((r) => (
                    <li key={r}>{r}</li>
                  ))}
                </ul>
              )}
            </>
          ) : (
            <p className="text-slate-600">Hover over a segment to see its details.</p>
          )}
        </div>
      </figcaption>
    </figure>
  );
}

function Pin({ x, y, text, hollow }: { x: number; y: number; text: string; hollow?: boolean }) {
  return (
    <g aria-hidden="true">
      <circle cx={x} cy={y} r={9} fill={hollow ? "#fff" : "#0f172a"} stroke="#0f172a" strokeWidth={2} />
      <text x={x} y={y + 4} textAnchor="middle" fontSize={11} fontWeight={700} fill={hollow ? "#0f172a" : "#fff"}>
        {text}
      </text>
    </g>
  );
}
