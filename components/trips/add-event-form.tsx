"use client";
import { useState, type FormEvent } from "react";
import { EVENT_TYPES } from "@/drizzle/schema/trips";
import { FormAlert } from "@/components/forms/form-alert";
import { useApiForm } from "@/components/forms/use-api-form";
import { Button } from "@/components/ui/button";
import { Field, Input, Select, Textarea } from "@/components/ui/field";

const FIELDS = ["type", "title", "date", "time", "endTime", "location", "cost", "notes", "departureAirport", "arrivalAirport", "flightNumber", "airline", "subtype", "checkInTime", "checkOutTime", "address"] as const;
type Values = Record<(typeof FIELDS)[number], string>;
const TYPE_WORDS: Record<string, string> = { flight: "Flight", train: "Train", accommodation: "Accommodation", activity: "Activity", food: "Food", local_transit: "Local transit", free_block: "Free time" };

/** Checks before sending, every field at once (the server checks again). */
export function checkEvent(v: Values): Record<string, string> {
  const e: Record<string, string> = {};
  if (!v.title.trim()) e.title = "Give the event a title.";
  if (!v.date) e.date = "Choose the day.";
  if (!v.time) e.time = "Choose the start time.";
  if (v.endTime && v.time && v.endTime < v.time) e.endTime = "The end must not be before the start (same day).";
  if (v.cost.trim() !== "" && !(Number(v.cost) >= 0)) e.cost = "Cost is a number of 0 or more.";
  if (v.type === "flight") {
    for (const k of ["departureAirport", "arrivalAirport"] as const) {
      if (!/^[A-Za-z]{3}$/.test(v[k].trim())) e[k] = "Use the 3-letter IATA airport code, e.g. LIS or LHR.";
    }
    if (!e.arrivalAirport && v.departureAirport.trim().toUpperCase() === v.arrivalAirport.trim().toUpperCase()) e.arrivalAirport = "Arrival must differ from departure.";
  }
  return e;
}

/** The add_event payload: times are local to the trip's zone (no offset), as the API reads them. */
export function eventPayload(v: Values): Record<string, unknown> {
  const p: Record<string, unknown> = { type: v.type, title: v.title.trim(), startDateTime: `${v.date}T${v.time}:00` };
  if (v.endTime) p.endDateTime = `${v.date}T${v.endTime}:00`;
  if (v.location.trim()) p.location = v.location.trim();
  if (v.notes.trim()) p.notes = v.notes.trim();
  if (v.cost.trim()) p.cost = Number(v.cost);
  if (v.type === "flight") {
    p.departureAirport = v.departureAirport.trim().toUpperCase();
    p.arrivalAirport = v.arrivalAirport.trim().toUpperCase();
    if (v.flightNumber.trim()) p.flightNumber = v.flightNumber.trim();
    if (v.airline.trim()) p.airline = v.airline.trim();
  }
  if (v.type === "accommodation") {
    for (const k of ["subtype", "checkInTime", "checkOutTime", "address"] as const) if (v[k].trim()) p[k] = v[k].trim();
  }
  return p;
}

const FIELD_MAP = Object.fromEntries(
  [...FIELDS.map((f) => [`payload.${f}`, f]), ["payload.startDateTime", "time"], ["payload.endDateTime", "endTime"], ["startDateTime", "time"], ["endDateTime", "endTime"]],
) as Record<string, string>;

/** Typed form per event type (flight: IATA airports; accommodation: check-in/out) → one add_event op. */
export function AddEventForm({ tripZone, defaultDate, onAdd, onDone }: { tripZone: string; defaultDate: string; onAdd: (payload: Record<string, unknown>) => Promise<unknown>; onDone: () => void }) {
  const [type, setType] = useState<string>("activity");
  const add = useApiForm({ mutationFn: (v: Values) => onAdd(eventPayload(v)), validate: checkEvent, map: FIELD_MAP, onSuccess: onDone });
  const err = add.error;
  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const fd = new FormData(e.currentTarget);
    add.submit(Object.fromEntries(FIELDS.map((f) => [f, String(fd.get(f) ?? "")])) as Values);
  }
  return (
    <form onSubmit={submit} onInput={(e) => add.edited((e.target as HTMLInputElement).name)} noValidate className="space-y-4">
      <FormAlert errors={add.errors} title="The event was not added" />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Type" required error={err("type")}>
          {(p) => (
            <Select {...p} name="type" value={type} onChange={(e) => setType(e.target.value)}>
              {EVENT_TYPES.map((t) => (
                <option key={t} value={t}>
                  {TYPE_WORDS[t] ?? t}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Title" required error={err("title")}>
          {(p) => <Input {...p} name="title" maxLength={200} placeholder={type === "flight" ? "e.g. TAP to London" : "e.g. Tram 28 ride"} />}
        </Field>
        <Field label="Day" required hint={`In the trip's zone (${tripZone})`} error={err("date")}>
          {(p) => <Input {...p} type="date" name="date" defaultValue={defaultDate} />}
        </Field>
        <div className="grid grid-cols-2 gap-3">
          <Field label="Starts" required error={err("time")}>
            {(p) => <Input {...p} type="time" name="time" defaultValue="10:00" />}
          </Field>
          <Field label="Ends" error={err("endTime")}>
            {(p) => <Input {...p} type="time" name="endTime" />}
          </Field>
        </div>
        {type === "flight" && (
          <>
            <Field label="From (IATA)" required error={err("departureAirport")}>
              {(p) => <Input {...p} name="departureAirport" maxLength={3} autoCapitalize="characters" placeholder="LIS" />}
            </Field>
            <Field label="To (IATA)" required error={err("arrivalAirport")}>
              {(p) => <Input {...p} name="arrivalAirport" maxLength={3} autoCapitalize="characters" placeholder="LHR" />}
            </Field>
            <Field label="Flight number" error={err("flightNumber")}>
              {(p) => <Input {...p} name="flightNumber" maxLength={20} placeholder="TP1350" />}
            </Field>
            <Field label="Airline" error={err("airline")}>
              {(p) => <Input {...p} name="airline" maxLength={100} />}
            </Field>
          </>
        )}
        {type === "accommodation" && (
          <>
            <Field label="Kind" hint="hotel, apartment, hostel…" error={err("subtype")}>
              {(p) => <Input {...p} name="subtype" maxLength={50} />}
            </Field>
            <Field label="Address" error={err("address")}>
              {(p) => <Input {...p} name="address" maxLength={500} />}
            </Field>
            <Field label="Check-in time" error={err("checkInTime")}>
              {(p) => <Input {...p} type="time" name="checkInTime" />}
            </Field>
            <Field label="Check-out time" error={err("checkOutTime")}>
              {(p) => <Input {...p} type="time" name="checkOutTime" />}
            </Field>
          </>
        )}
        <Field label="Location" error={err("location")}>
          {(p) => <Input {...p} name="location" maxLength={500} />}
        </Field>
        <Field label="Cost" error={err("cost")}>
          {(p) => <Input {...p} name="cost" inputMode="decimal" />}
        </Field>
      </div>
      <Field label="Notes" error={err("notes")}>
        {(p) => <Textarea {...p} name="notes" className="font-sans" />}
      </Field>
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
