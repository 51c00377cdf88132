import { and, asc, eq, inArray } from "drizzle-orm";
import { tripEvents, type TripEventRow } from "@/drizzle/schema";
import type { DbOrTx } from "@/lib/db/client";
import { ACCOMMODATION_FIELDS, FLIGHT_FIELDS, type EventCreateInput, type EventPatchInput, type TripEvent } from "./event-schemas";
import { arrivalGeoOf, geoOf, needsGeo, PLACE_FIELDS, placeAfterPatch, resolveGeoColumns, withLegacyGeo } from "./event-geo";
import { formatInZone, localDate, toInstant } from "./time";

/** Row -> the documented Trip event body. */
export function toTripEvent(r: TripEventRow): TripEvent {
  const e: TripEvent = {
    id: r.id,
    tripId: r.tripId,
    type: r.type,
    title: r.title,
    startDateTime: formatInZone(r.startAt, r.timeZone),
    endDateTime: r.endAt ? formatInZone(r.endAt, r.timeZone) : null,
    timeZone: r.timeZone,
    position: r.position,
    location: r.location,
    notes: r.notes,
    cost: r.cost,
    lat: r.geoSource === "given" ? r.lat : null,
    lng: r.geoSource === "given" ? r.lng : null,
    activityType: r.activityType,
    geo: geoOf(r),
    geoReason: r.geoSource === null ? ((r.geoReason as TripEvent["geoReason"]) ?? "no_place") : null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
  if (r.type === "flight") {
    for (const f of FLIGHT_FIELDS) e[f] = r[f];
    e.arrivalGeo = arrivalGeoOf(r);
  }
  if (r.type === "accommodation") for (const f of ACCOMMODATION_FIELDS) e[f] = r[f];
  return e;
}

type Columns = Partial<Omit<typeof tripEvents.$inferInsert, "id" | "tripId">>;

const PLAIN = ["location", "notes", "cost", "activityType", ...FLIGHT_FIELDS, ...ACCOMMODATION_FIELDS] as const;

/** Input fields -> columns; local times are read in the event's zone. */
export function columnsOf(input: Partial<EventCreateInput>, zone: string): Columns {
  const c: Columns = {};
  if (input.type !== undefined) c.type = input.type;
  if (input.title !== undefined) c.title = input.title;
  if (input.timeZone !== undefined) c.timeZone = input.timeZone;
  if (input.startDateTime !== undefined) c.startAt = toInstant(input.startDateTime, zone);
  if (input.endDateTime !== undefined) c.endAt = input.endDateTime === null ? null : toInstant(input.endDateTime, zone);
  for (const f of PLAIN) if (input[f] !== undefined) (c as Record<string, unknown>)[f] = input[f];
  return c;
}

export async function insertEvent(tx: DbOrTx, tripId: number, tripZone: string, input: EventCreateInput): Promise<TripEventRow> {
  const zone = input.timeZone ?? tripZone;
  const cols = columnsOf(input, zone);
  const geo = await resolveGeoColumns(tx, input, { tripId, zone });
  const [row] = await tx
    .insert(tripEvents)
    .values({ ...cols, ...geo, tripId, type: input.type, title: input.title, timeZone: zone, startAt: cols.startAt! })
    .returning();
  return row;
}

export async function findEvent(tx: DbOrTx, tripId: number, eventId: number): Promise<TripEventRow | undefined> {
  const [row] = await tx
    .select()
    .from(tripEvents)
    .where(and(eq(tripEvents.tripId, tripId), eq(tripEvents.id, eventId)))
    .limit(1);
  return row;
}

export interface PatchProblem {
  path: string;
  message: string;
}

/** Problems of an event after a patch (extras on the wrong type, end before start). */
export function patchProblems(row: TripEventRow, patch: EventPatchInput): PatchProblem[] {
  const zone = patch.timeZone ?? row.timeZone;
  const merged = { ...row, ...columnsOf(patch, zone) } as TripEventRow;
  const problems: PatchProblem[] = [];
  for (const f of FLIGHT_FIELDS)
    if (merged.type !== "flight" && merged[f] != null) problems.push({ path: f, message: `${f} is only allowed on flight events; set it to null when changing the type` });
  for (const f of ACCOMMODATION_FIELDS)
    if (merged.type !== "accommodation" && merged[f] != null)
      problems.push({ path: f, message: `${f} is only allowed on accommodation events; set it to null when changing the type` });
  if (merged.endAt && merged.endAt < merged.startAt) problems.push({ path: "endDateTime", message: "endDateTime must not be before startDateTime" });
  return problems;
}

export async function updateEvent(tx: DbOrTx, row: TripEventRow, patch: EventPatchInput): Promise<TripEventRow> {
  const zone = patch.timeZone ?? row.timeZone;
  const cols = columnsOf(patch, zone);
  // The place is resolved again only when a field that decides it changed (or it never was).
  const placeChanged = needsGeo(row) || PLACE_FIELDS.some((f) => patch[f] !== undefined);
  const geo = placeChanged ? await resolveGeoColumns(tx, placeAfterPatch(row, patch), { tripId: row.tripId, zone, eventId: row.id }) : {};
  return setEventColumns(tx, row.id, { ...cols, ...geo });
}

export async function setEventColumns(tx: DbOrTx, eventId: number, cols: Columns): Promise<TripEventRow> {
  const [updated] = await tx
    .update(tripEvents)
    .set({ ...cols, updatedAt: new Date() })
    .where(eq(tripEvents.id, eventId))
    .returning();
  return updated;
}

/** Deletes an event; false when it was not there (with `tripId`: not on that trip). */
export async function deleteEvent(tx: DbOrTx, eventId: number, tripId?: number): Promise<boolean> {
  const where = tripId === undefined ? eq(tripEvents.id, eventId) : and(eq(tripEvents.id, eventId), eq(tripEvents.tripId, tripId));
  const gone = await tx.delete(tripEvents).where(where).returning({ id: tripEvents.id });
  return gone.length > 0;
}

/**
 * Events of a trip in itinerary order: local day (trip zone), then the reorder
 * position within the day (0 = not reordered), then start time, then id.
 */
export async function listEventRows(tx: DbOrTx, tripId: number, tripZone: string, ids?: number[]): Promise<TripEventRow[]> {
  if (ids && ids.length === 0) return [];
  const where = ids ? and(eq(tripEvents.tripId, tripId), inArray(tripEvents.id, ids)) : eq(tripEvents.tripId, tripId);
  const rows = await tx.select().from(tripEvents).where(where).orderBy(asc(tripEvents.startAt), asc(tripEvents.id));
  return sortItinerary(await withLegacyGeo(rows, tripZone), tripZone);
}

export function sortItinerary<T extends Pick<TripEventRow, "startAt" | "position" | "id">>(rows: T[], tripZone: string): T[] {
  const day = new Map(rows.map((r) => [r, localDate(r.startAt, tripZone)]));
  return [...rows].sort(
    (a, b) =>
      day.get(a)!.localeCompare(day.get(b)!) ||
      a.position - b.position ||
      a.startAt.getTime() - b.startAt.getTime() ||
      a.id - b.id,
  );
}
