"use client";
import { geoGraticule10, geoMercator, geoPath, type GeoPermissibleObjects, type GeoProjection } from "d3-geo";
import { useMemo, type MouseEvent, type ReactNode } from "react";
import { cx } from "@/components/ui/cx";
import { useWorld } from "./use-world";

export interface LngLat {
  lng: number;
  lat: number;
}

export interface BaseMapProps {
  /** What the view is fitted to (a route, a point's neighbourhood, the world). */
  fit: GeoPermissibleObjects;
  width?: number;
  height?: number;
  padding?: number;
  label: string;
  onPick?: (p: LngLat) => void;
  className?: string;
  /** The overlays hold focusable items (route segments): expose a group, not an image. */
  interactive?: boolean;
  /** Overlays drawn over the basemap with the same projection. */
  children?: (projection: GeoProjection) => ReactNode;
}

const WORLD_FIT: GeoPermissibleObjects = {
  type: "MultiPoint",
  coordinates: [
    [-170, -57],
    [170, 76],
  ],
};

/** A box of ±`spanDeg` around a point, for "zoomed to this place" views. */
export function around(p: LngLat, spanDeg = 6): GeoPermissibleObjects {
  return {
    type: "MultiPoint",
    coordinates: [
      [p.lng - spanDeg, p.lat - spanDeg * 0.6],
      [p.lng + spanDeg, p.lat + spanDeg * 0.6],
    ],
  };
}
export const WORLD = WORLD_FIT;

/**
 * Offline basemap: Natural Earth coastlines and borders (world-atlas) drawn as a
 * projected SVG (Web Mercator, so it matches what people know from slippy maps),
 * fitted to `fit`. Clicking inverts the projection when `onPick` is given.
 */
export function BaseMap({
  fit,
  width = 640,
  height = 380,
  padding = 24,
  label,
  onPick,
  className,
  interactive,
  children,
}: BaseMapProps) {
  const world = useWorld();
  const projection = useMemo(
    () =>
      geoMercator()
        .fitExtent(
          [
            [padding, padding],
            [width - padding, height - padding],
          ],
          fit,
        )
        .clipExtent([
          [0, 0],
          [width, height],
        ]),
    [fit, width, height, padding],
  );
  const path = useMemo(() => geoPath(projection), [projection]);
  const pick = (e: MouseEvent<SVGSVGElement>) => {
    if (!onPick) return;
    const box = e.currentTarget.getBoundingClientRect();
    const xy: [number, number] = [
      ((e.clientX - box.left) / box.width) * width,
      ((e.clientY - box.top) / box.height) * height,
    ];
    const ll = projection.invert?.(xy);
    if (ll && Number.isFinite(ll[0]) && Number.isFinite(ll[1]))
      onPick({ lng: Math.max(-180, Math.min(180, ll[0])), lat: Math.max(-85, Math.min(85, ll[1])) });
  };
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      className={cx(
        "block w-full rounded-md bg-sky-100 ring-1 ring-slate-300",
        onPick && "cursor-crosshair",
        className,
      )}
      role={interactive ? "group" : "img"}
      aria-label={label}
      onClick={pick}
      data-testid="base-map"
      data-loaded={world ? "true" : "false"}
    >
      <path d={path(geoGraticule10()) ?? undefined} fill="none" stroke="#bae6fd" strokeWidth={0.5} />
      {world && (
        <g data-testid="coastlines">
          <path d={path(world.land) ?? undefined} fill="#f8fafc" stroke="#64748b" strokeWidth={0.6} />
          <path
            d={path(world.borders) ?? undefined}
            fill="none"
            stroke="#94a3b8"
            strokeWidth={0.5}
            strokeDasharray="2 2"
          />
        </g>
      )}
      {children?.(projection)}
    </svg>
  );
}
