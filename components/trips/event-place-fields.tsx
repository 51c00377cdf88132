"use client";
import { Field, Input } from "@/components/ui/field";
import type { TripEvent } from "./types";

const GROUND = new Set(["train", "ferry", "bus"]);

/** The place fields an event type edits: a flight's airports, a ground leg's from/to, a stay's address, else the location. */
function fieldsOf(type: string): Array<{ name: PlaceField; label: string; hint?: string; required?: boolean }> {
  if (type === "flight")
    return [
      { name: "departureAirport", label: "From (IATA)", required: true },
      { name: "arrivalAirport", label: "To (IATA)", required: true },
    ];
  if (GROUND.has(type))
    return [
      { name: "location", label: "From", hint: "City, station or port", required: true },
      { name: "arrivalLocation", label: "To", hint: "City, station or port", required: true },
    ];
  if (type === "accommodation")
    return [
      { name: "address", label: "Address" },
      { name: "location", label: "Location" },
    ];
  return [{ name: "location", label: "Location", hint: "A city or a place in it; the weather is read there" }];
}

type PlaceField = "location" | "arrivalLocation" | "departureAirport" | "arrivalAirport" | "address";

/**
 * The update_event changes for the place fields the form holds (issue 38 item 4): only changed ones,
 * an emptied optional field is cleared (null). The server resolves the new place (geo) as on add.
 * Returns an error message when a required place was emptied.
 */
export function placeChanges(
  e: TripEvent,
  get: (name: string) => string,
): { changes: Record<string, string | null>; error: string | null } {
  const changes: Record<string, string | null> = {};
  for (const f of fieldsOf(e.type)) {
    const raw = get(f.name).trim();
    const value = f.name.endsWith("Airport") ? raw.toUpperCase() : raw;
    const before = (e[f.name] as string | null | undefined) ?? null;
    // Untouched fields are not judged (an older event may lack a place the add form now requires).
    if ((value || null) === before) continue;
    if (f.required && !value) return { changes: {}, error: `${f.label} is required.` };
    if (f.name.endsWith("Airport") && !/^[A-Z]{3}$/.test(value))
      return { changes: {}, error: `${f.label} must be a three-letter IATA code.` };
    changes[f.name] = value || null;
  }
  return { changes, error: null };
}

export function EventPlaceFields(props: { event: TripEvent }) {
  const e = props.event;
  return (
    <div className="grid grid-cols-2 gap-4">
      {fieldsOf(e.type).map((f) => (
        <Field key={f.name} label={f.label} hint={f.hint} required={f.required}>
          {(p) => (
            <Input
              {...p}
              name={f.name}
              defaultValue={(e[f.name] as string | null | undefined) ?? ""}
              maxLength={f.name.endsWith("Airport") ? 3 : 500}
              autoCapitalize={f.name.endsWith("Airport") ? "characters" : undefined}
            />
          )}
        </Field>
      ))}
    </div>
  );
}
