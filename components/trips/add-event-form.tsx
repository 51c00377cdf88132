"use client";
import { useState, type FormEvent } from "react";
import { FormAlert } from "@/components/forms/form-alert";
import { useApiForm } from "@/components/forms/use-api-form";
import { Button } from "@/components/ui/button";
import { Field, Input, Select, Textarea } from "@/components/ui/field";

const FIELDS = [
  "type",
  "title",
  "date",
  "time",
  "endDate",
  "endTime",
  "location",
  "arrivalLocation",
  "cost",
  "notes",
  "fixed",
  "departureAirport",
  "arrivalAirport",
  "flightNumber",
  "airline",
  "subtype",
  "address",
] as const;
type Values = Record<(typeof FIELDS)[number], string>;
/** The event types (the API's; a client component does not import the database schema). */
const TYPE_WORDS: Record<string, string> = {
  flight: "Flight",
  train: "Train",
  ferry: "Ferry",
  bus: "Bus",
  accommodation: "Accommodation",
  activity: "Activity",
  food: "Food",
  local_transit: "Local transit",
  free_block: "Free time",
};
const GROUND = new Set(["train", "ferry", "bus"]);
const isTransport = (t: string) => t === "flight" || GROUND.has(t);

/** Checks before sending, every field at once (the server checks again). */
export function checkEvent(v: Values): Record<string, string> {
  const e: Record<string, string> = {};
  const stay = v.type === "accommodation";
  if (!v.title.trim()) e.title = "Give the event a title.";
  if (!v.date) e.date = stay ? "Choose the check-in day." : "Choose the day.";
  if (!v.time) e.time = stay ? "Choose the check-in time." : "Choose the start time.";
  if (stay) {
    if (!v.endDate) e.endDate = "Choose the check-out day.";
    else if (v.date && v.endDate <= v.date) e.endDate = "Check-out is after the check-in day.";
    if (!v.endTime) e.endTime = "Choose the check-out time.";
  } else if (v.endDate && v.date && v.endDate < v.date) e.endDate = "The end must not be before the start.";
  // A transport's arrival is in the arrival place's zone: its clock time may be earlier than the departure's.
  else if (!isTransport(v.type) && v.endTime && v.time && (!v.endDate || v.endDate === v.date) && v.endTime < v.time)
    e.endTime = "The end must not be before the start (same day).";
  if (v.cost.trim() !== "" && !(Number(v.cost) >= 0)) e.cost = "Cost is a number of 0 or more.";
  if (v.type === "flight") {
    for (const k of ["departureAirport", "arrivalAirport"] as const) {
      if (!/^[A-Za-z]{3}$/.test(v[k].trim())) e[k] = "Use the 3-letter IATA airport code, e.g. LIS or LHR.";
    }
    if (!e.arrivalAirport && v.departureAirport.trim().toUpperCase() === v.arrivalAirport.trim().toUpperCase())
      e.arrivalAirport = "Arrival must differ from departure.";
  }
  if (GROUND.has(v.type)) {
    if (!v.location.trim()) e.location = "Where does it leave from? A city, station or port.";
    if (!v.arrivalLocation.trim()) e.arrivalLocation = "Where does it arrive? A city, station or port.";
  }
  return e;
}

/**
 * The add_event payload. Times carry no offset: the API reads a flight's, train's, ferry's or bus's
 * departure in the departure place's zone and its arrival in the arrival place's, a stay in its
 * place's zone, other events in the trip's zone.
 */
export function eventPayload(v: Values): Record<string, unknown> {
  const p: Record<string, unknown> = { type: v.type, title: v.title.trim(), startDateTime: `${v.date}T${v.time}:00` };
  if (v.endTime) p.endDateTime = `${v.endDate || v.date}T${v.endTime}:00`;
  if (v.location.trim()) p.location = v.location.trim();
  if (v.notes.trim()) p.notes = v.notes.trim();
  if (v.cost.trim()) p.cost = Number(v.cost);
  if (v.fixed === "on") p.fixed = true;
  if (v.type === "flight") {
    p.departureAirport = v.departureAirport.trim().toUpperCase();
    p.arrivalAirport = v.arrivalAirport.trim().toUpperCase();
    if (v.flightNumber.trim()) p.flightNumber = v.flightNumber.trim();
    if (v.airline.trim()) p.airline = v.airline.trim();
  }
  if (GROUND.has(v.type)) p.arrivalLocation = v.arrivalLocation.trim();
  if (v.type === "accommodation") {
    for (const k of ["subtype", "address"] as const) if (v[k].trim()) p[k] = v[k].trim();
    p.checkInTime = v.time;
    if (v.endTime) p.checkOutTime = v.endTime;
  }
  return p;
}

const FIELD_MAP = Object.fromEntries([
  ...FIELDS.map((f) => [`payload.${f}`, f]),
  ["payload.startDateTime", "time"],
  ["payload.endDateTime", "endTime"],
  ["startDateTime", "time"],
  ["endDateTime", "endTime"],
  ["payload.checkInTime", "time"],
  ["payload.checkOutTime", "endTime"],
]) as Record<string, string>;

/** Words of the time fields per type: a stay checks in and out, transport departs and arrives. */
function timeWords(type: string, tripZone: string) {
  if (type === "accommodation")
    return {
      day: "Check-in day",
      start: "Check-in",
      endDay: "Check-out day",
      end: "Check-out",
      hint: "In the stay's own time zone",
    };
  if (isTransport(type))
    return {
      day: "Departure day",
      start: "Departs",
      endDay: "Arrival day",
      end: "Arrives",
      hint: "Local time at the departure; the arrival in local time where it arrives",
    };
  return { day: "Day", start: "Starts", endDay: "End day", end: "Ends", hint: `In the trip's zone (${tripZone})` };
}

/** Typed form per event type (transport: from/to; flight: IATA airports; stay: check-in to check-out) → one add_event op. */
export function AddEventForm({
  tripZone,
  defaultDate,
  onAdd,
  onDone,
}: {
  tripZone: string;
  defaultDate: string;
  onAdd: (payload: Record<string, unknown>) => Promise<unknown>;
  onDone: () => void;
}) {
  const [type, setType] = useState<string>("activity");
  const add = useApiForm({
    mutationFn: (v: Values) => onAdd(eventPayload(v)),
    validate: checkEvent,
    map: FIELD_MAP,
    onSuccess: onDone,
  });
  const err = add.error;
  const words = timeWords(type, tripZone);
  const stay = type === "accommodation";
  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const fd = new FormData(e.currentTarget);
    add.submit(Object.fromEntries(FIELDS.map((f) => [f, String(fd.get(f) ?? "")])) as Values);
  }
  return (
    <form
      onSubmit={submit}
      onInput={(e) => add.edited((e.target as HTMLInputElement).name)}
      noValidate
      className="space-y-4"
    >
      <FormAlert errors={add.errors} title="The event was not added" />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Type" required error={err("type")}>
          {(p) => (
            <Select {...p} name="type" value={type} onChange={(e) => setType(e.target.value)}>
              {Object.entries(TYPE_WORDS).map(([t, word]) => (
                <option key={t} value={t}>
                  {word}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Title" required error={err("title")}>
          {(p) => (
            <Input
              {...p}
              name="title"
              maxLength={200}
              placeholder={type === "flight" ? "e.g. TAP to London" : "e.g. Tram 28 ride"}
            />
          )}
        </Field>
        <div className="grid grid-cols-2 gap-3">
          <Field label={words.day} required hint={words.hint} error={err("date")}>
            {(p) => <Input {...p} type="date" name="date" defaultValue={defaultDate} />}
          </Field>
          <Field label={words.start} required error={err("time")}>
            {(p) => (
              <Input {...p} type="time" name="time" defaultValue={stay ? "15:00" : "10:00"} key={`start-${stay}`} />
            )}
          </Field>
        </div>
        <div className="grid grid-cols-2 gap-3">
          <Field
            label={words.endDay}
            required={stay}
            hint={stay ? undefined : "Empty: the same day"}
            error={err("endDate")}
          >
            {(p) => <Input {...p} type="date" name="endDate" />}
          </Field>
          <Field label={words.end} required={stay} error={err("endTime")}>
            {(p) => (
              <Input {...p} type="time" name="endTime" defaultValue={stay ? "11:00" : undefined} key={`end-${stay}`} />
            )}
          </Field>
        </div>
        {type === "flight" && (
          <>
            <Field label="From (IATA)" required error={err("departureAirport")}>
              {(p) => (
                <Input {...p} name="departureAirport" maxLength={3} autoCapitalize="characters" placeholder="LIS" />
              )}
            </Field>
            <Field label="To (IATA)" required error={err("arrivalAirport")}>
              {(p) => (
                <Input {...p} name="arrivalAirport" maxLength={3} autoCapitalize="characters" placeholder="LHR" />
              )}
            </Field>
            <Field label="Flight number" error={err("flightNumber")}>
              {(p) => <Input {...p} name="flightNumber" maxLength={20} placeholder="TP1350" />}
            </Field>
            <Field label="Airline" error={err("airline")}>
              {(p) => <Input {...p} name="airline" maxLength={100} />}
            </Field>
          </>
        )}
        {stay && (
          <>
            <Field label="Kind" hint="hotel, apartment, hostel…" error={err("subtype")}>
              {(p) => <Input {...p} name="subtype" maxLength={50} />}
            </Field>
            <Field label="Address" error={err("address")}>
              {(p) => <Input {...p} name="address" maxLength={500} />}
            </Field>
          </>
        )}
        <Field
          label={GROUND.has(type) ? "From" : "Location"}
          required={GROUND.has(type)}
          hint={GROUND.has(type) ? "City, station or port" : undefined}
          error={err("location")}
        >
          {(p) => <Input {...p} name="location" maxLength={500} />}
        </Field>
        {GROUND.has(type) && (
          <Field label="To" required hint="City, station or port" error={err("arrivalLocation")}>
            {(p) => <Input {...p} name="arrivalLocation" maxLength={500} />}
          </Field>
        )}
        <Field label="Cost" error={err("cost")}>
          {(p) => <Input {...p} name="cost" inputMode="decimal" />}
        </Field>
      </div>
      <Field label="Notes" error={err("notes")}>
        {(p) => <Textarea {...p} name="notes" className="font-sans" />}
      </Field>
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input type="checkbox" name="fixed" className="h-4 w-4" />
        Fixed: the planner never moves it
      </label>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone} disabled={add.pending}>
          Cancel
        </Button>
        <Button type="submit" loading={add.pending}>
          {add.pending ? "Adding…" : "Add event"}
        </Button>
      </div>
    </form>
  );
}
