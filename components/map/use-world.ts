"use client";
import type { FeatureCollection, MultiLineString } from "geojson";
import { useEffect, useState } from "react";
import { feature, mesh } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";

export interface World {
  land: FeatureCollection;
  borders: MultiLineString;
}

let cached: Promise<World> | undefined;

/**
 * Natural Earth 1:50m countries from the world-atlas package, loaded as a
 * separate chunk on first use: the map needs no network beyond our own server.
 */
export function loadWorld(): Promise<World> {
  cached ??= import("world-atlas/countries-50m.json").then((m) => {
    const topo = (m.default ?? m) as unknown as Topology<{ countries: GeometryCollection }>;
    return {
      land: feature(topo, topo.objects.countries) as FeatureCollection,
      borders: mesh(topo, topo.objects.countries, (a, b) => a !== b),
    };
  });
  return cached;
}

export function useWorld(): World | undefined {
  const [world, setWorld] = useState<World>();
  useEffect(() => {
    let live = true;
    void loadWorld().then((w) => live && setWorld(w));
    return () => {
      live = false;
    };
  }, []);
  return world;
}
