"use client";
import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/dialog";
import { Field, Input, Textarea } from "@/components/ui/field";
import { errorMessage } from "@/lib/client/api-fetch";
import { EventPlaceFields, placeChanges } from "./event-place-fields";
import { localDay } from "./time-format";
import { RebaseConflict, type OpInput } from "./use-trip-op";
import type { TripEvent } from "./types";

function localTime(iso: string, zone: string): string {
  return new Intl.DateTimeFormat("en-GB", {
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone: zone,
  }).format(new Date(iso));
}

/**
 * Edits one event as ops on the revision the page showed: update_event for
 * title/notes/cost/fixed and its place(s), move_event when the date or time (trip zone) changed.
 */
export function EventEditor(props: {
  event: TripEvent;
  tripZone: string;
  pending: boolean;
  error: unknown;
  /** `base` overrides the revision (to save over a conflicting change on purpose). */
  onSubmit: (ops: OpInput[], base?: number) => void;
  onCancel: () => void;
  onUseTheirs: () => void;
}) {
  const { event: e, tripZone } = props;
  const [formError, setFormError] = useState<string | null>(null);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const day = localDay(e.startDateTime, tripZone);
  const time = localTime(e.startDateTime, tripZone);

  const conflict = props.error instanceof RebaseConflict ? props.error.outcome : null;
  const [lastOps, setLastOps] = useState<OpInput[]>([]);

  function submit(ev: FormEvent<HTMLFormElement>) {
    ev.preventDefault();
    const fd = new FormData(ev.currentTarget);
    const get = (k: string) => String(fd.get(k) ?? "");
    const ops: OpInput[] = [];
    const changes: Record<string, unknown> = {};
    if (get("title").trim() !== e.title) changes.title = get("title").trim();
    if ((get("notes") || null) !== e.notes) changes.notes = get("notes") || null;
    const cost = get("cost") === "" ? null : Number(get("cost"));
    if (cost !== null && (!Number.isFinite(cost) || cost < 0))
      return setFormError("Cost must be a number of 0 or more.");
    if (cost !== e.cost) changes.cost = cost;
    if ((fd.get("fixed") === "on") !== e.fixed) changes.fixed = fd.get("fixed") === "on";
    const places = placeChanges(e, get);
    if (places.error) return setFormError(places.error);
    Object.assign(changes, places.changes);
    if (Object.keys(changes).length) ops.push({ type: "update_event", payload: { event_id: e.id, ...changes } });
    if (get("date") !== day || get("time") !== time)
      ops.push({ type: "move_event", payload: { event_id: e.id, date: get("date"), time: get("time") } });
    if (ops.length === 0) return props.onCancel();
    setFormError(null);
    setLastOps(ops);
    props.onSubmit(ops);
  }

  const serverError = props.error && !conflict ? errorMessage(props.error) : null;
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {(formError || serverError) && <Alert tone="danger">{formError ?? serverError}</Alert>}
      {conflict && (
        <div data-testid="edit-conflict">
          <Alert
            tone="warning"
            title={
              conflict.theirs
                ? "Someone else changed this event meanwhile"
                : "Someone else removed this event meanwhile"
            }
          >
            {conflict.theirs && (
              <p>
                Their version: <strong>{conflict.theirs.title}</strong>,{" "}
                {localDay(conflict.theirs.startDateTime, tripZone)} {localTime(conflict.theirs.startDateTime, tripZone)}
                {conflict.theirs.cost !== null ? `, cost ${conflict.theirs.cost}` : ""}
                {conflict.theirs.notes ? `, notes “${conflict.theirs.notes}”` : ""}.
              </p>
            )}
            <p>
              Your version is still in the form below. Keep yours (saves over theirs) or use theirs (drops your edit).
            </p>
            <div className="mt-2 flex flex-wrap gap-2">
              <Button
                size="sm"
                onClick={() => props.onSubmit(lastOps, conflict.onto)}
                disabled={props.pending || conflict.theirs === null}
              >
                Keep mine
              </Button>
              <Button size="sm" variant="secondary" onClick={props.onUseTheirs}>
                Use theirs
              </Button>
            </div>
          </Alert>
        </div>
      )}
      <Field label="Title">{(p) => <Input {...p} name="title" defaultValue={e.title} maxLength={200} />}</Field>
      <div className="grid grid-cols-2 gap-4">
        <Field label="Date" hint={`In the trip's zone (${tripZone})`}>
          {(p) => <Input {...p} type="date" name="date" defaultValue={day} />}
        </Field>
        <Field label="Start time" hint="Duration is kept">
          {(p) => <Input {...p} type="time" name="time" defaultValue={time} />}
        </Field>
      </div>
      <EventPlaceFields event={e} />
      <Field label="Cost">{(p) => <Input {...p} name="cost" inputMode="decimal" defaultValue={e.cost ?? ""} />}</Field>
      <Field label="Notes">
        {(p) => <Textarea {...p} name="notes" defaultValue={e.notes ?? ""} className="font-sans" />}
      </Field>
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input type="checkbox" name="fixed" defaultChecked={e.fixed} className="h-4 w-4" />
        Fixed: the planner never moves it
      </label>
      <div className="flex justify-between gap-2">
        <Button variant="secondary" onClick={() => setConfirmRemove(true)} disabled={props.pending}>
          Remove event
        </Button>
        <ConfirmDialog
          open={confirmRemove}
          title={`Remove "${e.title}"?`}
          description="It disappears from the itinerary for every member of the trip."
          confirmLabel="Remove event"
          destructive
          pending={props.pending}
          onCancel={() => setConfirmRemove(false)}
          onConfirm={() => {
            setConfirmRemove(false);
            props.onSubmit([{ type: "remove_event", payload: { event_id: e.id } }]);
          }}
        />
        <div className="flex gap-2">
          <Button variant="secondary" onClick={props.onCancel} disabled={props.pending}>
            Cancel
          </Button>
          <Button type="submit" loading={props.pending}>
            Save
          </Button>
        </div>
      </div>
    </form>
  );
}
