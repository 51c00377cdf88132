"use client";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { around, BaseMap, WORLD } from "@/components/map/base-map";
import { searchCities, type City } from "@/components/map/cities";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import { apiFetch } from "@/lib/client/api-fetch";

interface FoundPlace {
  name: string;
  label: string;
  lat: number;
  lng: number;
}

/**
 * The gazetteer trip events are resolved with (GET /v1/places), asked once typing pauses: what
 * the built-in list lacks (Sintra, Cascais) is found where a trip event would find it.
 */
function useGazetteer(query: string, enabled: boolean): City[] {
  const [q, setQ] = useState("");
  useEffect(() => {
    const t = setTimeout(() => setQ(query.trim()), 200);
    return () => clearTimeout(t);
  }, [query]);
  const found = useQuery({
    queryKey: ["places", q],
    queryFn: async () =>
      (await apiFetch<{ places: FoundPlace[] }>(`/v1/places?q=${encodeURIComponent(q)}&limit=8`)).places,
    enabled: enabled && q.length >= 2,
    staleTime: 5 * 60_000,
  });
  if (!enabled || q !== query.trim() || !found.data) return [];
  return found.data.map((p) => ({ name: p.label, lat: p.lat, lng: p.lng, placeType: "city" }));
}

export interface PickedPlace {
  lat: string;
  lng: string;
  placeType?: string;
  /** Kept in the watch's target_ref.name; cleared when the point is moved by hand. */
  placeName: string;
}

/**
 * Coordinates by searching a built-in list of places, by clicking the offline
 * map (zoomed to the chosen point; "World" zooms out), or by typing them.
 */
export function CoordinatePicker({
  lat,
  lng,
  placeName,
  onChange,
  errors,
  gazetteer = false,
}: {
  lat: string;
  lng: string;
  placeName: string;
  onChange: (v: PickedPlace) => void;
  errors: { latitude?: string; longitude?: string };
  /** Also search the trips' gazetteer over the API (the sandbox, where trips are tested). */
  gazetteer?: boolean;
}) {
  const [query, setQuery] = useState("");
  const [zoomed, setZoomed] = useState(true);
  const la = Number(lat);
  const ln = Number(lng);
  const valid =
    lat !== "" && lng !== "" && Number.isFinite(la) && Number.isFinite(ln) && Math.abs(la) <= 90 && Math.abs(ln) <= 180;
  const builtIn = searchCities(query);
  const fromGazetteer = useGazetteer(query, gazetteer);
  const matches = [...builtIn, ...fromGazetteer.filter((g) => !builtIn.some((b) => b.name === g.name))].slice(0, 12);
  const fit = useMemo(() => (valid && zoomed ? around({ lat: la, lng: ln }, 4) : WORLD), [valid, zoomed, la, ln]);
  const choose = (c: City) => {
    onChange({ lat: String(c.lat), lng: String(c.lng), placeType: c.placeType, placeName: c.name });
    setQuery("");
    setZoomed(true);
  };
  return (
    <div className="space-y-3">
      <Field
        label="Search a place"
        hint={
          gazetteer
            ? "Cities and towns the trips know (the same gazetteer their events resolve with); or click the map, or type coordinates."
            : "A built-in list of cities and landmarks (works offline); or click the map, or type coordinates."
        }
      >
        {(p) => (
          <Input
            {...p}
            type="search"
            aria-controls={matches.length > 0 ? "place-results" : undefined}
            autoComplete="off"
            placeholder="e.g. Lisbon"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Enter" && matches[0]) {
                e.preventDefault();
                choose(matches[0]);
              }
            }}
          />
        )}
      </Field>
      {matches.length > 0 && (
        <ul
          id="place-results"
          aria-label="Matching places"
          className="max-h-56 overflow-auto rounded-md bg-white ring-1 ring-slate-300"
        >
          {matches.map((c) => (
            <li key={`${c.name}:${c.lat}:${c.lng}`}>
              <button
                type="button"
                className="block w-full px-3 py-2 text-left text-sm hover:bg-indigo-50 focus-visible:bg-indigo-50"
                onClick={() => choose(c)}
              >
                {c.name}{" "}
                <span className="text-xs text-slate-700">
                  ({c.lat.toFixed(2)}, {c.lng.toFixed(2)})
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <BaseMap
        fit={fit}
        width={480}
        height={280}
        padding={8}
        label={
          valid
            ? `Map; selected ${placeName || "point"} at ${la.toFixed(3)}, ${ln.toFixed(3)}. Click to move it.`
            : "World map; click to choose a point"
        }
        onPick={(p) => {
          onChange({ lat: p.lat.toFixed(4), lng: p.lng.toFixed(4), placeName: "" });
          setZoomed(true);
        }}
      >
        {(proj) => {
          const xy = valid ? proj([ln, la]) : null;
          return xy ? (
            <g aria-hidden="true" data-testid="picked-point">
              <circle cx={xy[0]} cy={xy[1]} r={9} fill="#4f46e5" fillOpacity={0.2} />
              <circle cx={xy[0]} cy={xy[1]} r={4.5} fill="#4f46e5" stroke="#fff" strokeWidth={1.5} />
            </g>
          ) : null;
        }}
      </BaseMap>
      <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-slate-700">
        <span>
          {valid
            ? placeName
              ? `${placeName} · ${la.toFixed(4)}, ${ln.toFixed(4)}`
              : `${la.toFixed(4)}, ${ln.toFixed(4)}`
            : "No point chosen yet."}
        </span>
        {valid && (
          <Button size="sm" variant="ghost" onClick={() => setZoomed(!zoomed)}>
            {zoomed ? "Show the world" : "Zoom to the point"}
          </Button>
        )}
      </div>
      <div className="grid grid-cols-2 gap-3">
        <Field label="Latitude" required error={errors.latitude}>
          {(p) => (
            <Input
              {...p}
              name="latitude"
              required
              inputMode="decimal"
              value={lat}
              onChange={(e) => onChange({ lat: e.target.value, lng, placeName: "" })}
              placeholder="38.7116"
            />
          )}
        </Field>
        <Field label="Longitude" required error={errors.longitude}>
          {(p) => (
            <Input
              {...p}
              name="longitude"
              required
              inputMode="decimal"
              value={lng}
              onChange={(e) => onChange({ lat, lng: e.target.value, placeName: "" })}
              placeholder="-9.1300"
            />
          )}
        </Field>
      </div>
    </div>
  );
}
