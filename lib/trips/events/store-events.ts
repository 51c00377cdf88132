import { and, asc, eq, inArray } from "drizzle-orm";
import { isTransport, tripEvents, type TripEventRow } from "@/drizzle/schema";
import type { DbOrTx } from "@/lib/db/client";
import { ApiError } from "@/lib/http/errors";
import {
  ACCOMMODATION_FIELDS,
  FLIGHT_FIELDS,
  GROUND_TRANSPORT_FIELDS,
  GROUND_TRANSPORT_TYPES,
  type EventCreateInput,
  type EventPatchInput,
  type TripEvent,
} from "./event-schemas";
import {
  arrivalGeoOf,
  geoOf,
  needsGeo,
  PLACE_FIELDS,
  placeAfterPatch,
  resolveGeoColumns,
  withLegacyGeo,
  type GeoColumns,
} from "./resolve-event-geo";
import { formatInZone, localDate, toInstant } from "@/lib/trips/time";

/** Row -> the documented Trip event body. */
export function toTripEvent(r: TripEventRow): TripEvent {
  const e: TripEvent = {
    id: r.id,
    tripId: r.tripId,
    type: r.type,
    title: r.title,
    startDateTime: formatInZone(r.startAt, r.timeZone),
    endDateTime: r.endAt ? formatInZone(r.endAt, endZoneOf(r)) : null,
    timeZone: r.timeZone,
    position: r.position,
    location: r.location,
    notes: r.notes,
    cost: r.cost,
    lat: r.geoSource === "given" ? r.lat : null,
    lng: r.geoSource === "given" ? r.lng : null,
    activityType: r.activityType,
    fixed: r.fixed,
    geo: geoOf(r),
    geoReason: r.geoSource === null ? ((r.geoReason as TripEvent["geoReason"]) ?? "no_place") : null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
  if (r.type === "flight") for (const f of FLIGHT_FIELDS) e[f] = r[f];
  if (isGround(r.type)) for (const f of GROUND_TRANSPORT_FIELDS) e[f] = r[f];
  if (isTransport(r.type)) {
    e.arrivalGeo = arrivalGeoOf(r);
    e.arrivalTimeZone = endZoneOf(r);
  }
  if (r.type === "accommodation") for (const f of ACCOMMODATION_FIELDS) e[f] = r[f];
  return e;
}

const isGround = (t: string) => (GROUND_TRANSPORT_TYPES as readonly string[]).includes(t);

/** The zone an event's end is in: a transport's arrival place, else the event's own zone. */
export function endZoneOf(r: { type: string; timeZone: string; arrivalTimeZone: string | null }): string {
  return isTransport(r.type) && r.arrivalTimeZone ? r.arrivalTimeZone : r.timeZone;
}

/**
 * The zone an event's local times are read in when it names none: transport departs in its
 * departure place's zone and a stay is in its place's zone (a Zürich departure typed 07:05 is
 * 07:05 in Zürich, whatever the trip's zone); other events use the trip's zone.
 */
export function placeZone(type: string, geo: Pick<GeoColumns, "geoTimeZone">): string | null {
  return isTransport(type) || type === "accommodation" ? geo.geoTimeZone : null;
}

function endBeforeStart(startAt: Date, endAt: Date | null | undefined): ApiError | null {
  if (!endAt || endAt >= startAt) return null;
  const issues = [
    {
      path: "endDateTime",
      message:
        "endDateTime must not be before startDateTime (a transport's arrival is read in the arrival place's zone)",
    },
  ];
  return new ApiError("bad_request", `Invalid endDateTime: ${issues[0].message}`, {
    details: { location: "body", issues },
  });
}

type Columns = Partial<Omit<typeof tripEvents.$inferInsert, "id" | "tripId">>;

const PLAIN = [
  "location",
  "notes",
  "cost",
  "activityType",
  "fixed",
  ...FLIGHT_FIELDS,
  ...ACCOMMODATION_FIELDS,
  ...GROUND_TRANSPORT_FIELDS,
] as const;

/** Input fields -> columns; local start times are read in `zone`, local end times in `endZone` (a transport's arrival zone). */
export function columnsOf(input: Partial<EventCreateInput>, zone: string, endZone: string = zone): Columns {
  const c: Columns = {};
  if (input.type !== undefined) c.type = input.type;
  if (input.title !== undefined) c.title = input.title;
  if (input.timeZone !== undefined) c.timeZone = input.timeZone;
  if (input.startDateTime !== undefined) c.startAt = toInstant(input.startDateTime, zone);
  if (input.endDateTime !== undefined)
    c.endAt = input.endDateTime === null ? null : toInstant(input.endDateTime, endZone);
  for (const f of PLAIN) if (input[f] !== undefined) (c as Record<string, unknown>)[f] = input[f];
  return c;
}

export async function insertEvent(
  tx: DbOrTx,
  tripId: number,
  tripZone: string,
  input: EventCreateInput,
): Promise<TripEventRow> {
  const geo = await resolveGeoColumns(tx, input, { tripId, zone: input.timeZone ?? tripZone });
  const zone = input.timeZone ?? placeZone(input.type, geo) ?? tripZone;
  const cols = columnsOf(input, zone, isTransport(input.type) ? (geo.arrivalTimeZone ?? zone) : zone);
  const bad = endBeforeStart(cols.startAt!, cols.endAt);
  if (bad) throw bad;
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
  const merged = {
    ...row,
    ...columnsOf(patch, zone, endZoneOf({ ...row, type: patch.type ?? row.type })),
  } as TripEventRow;
  const problems: PatchProblem[] = [];
  for (const f of FLIGHT_FIELDS)
    if (merged.type !== "flight" && merged[f] != null)
      problems.push({
        path: f,
        message: `${f} is only allowed on flight events; set it to null when changing the type`,
      });
  for (const f of ACCOMMODATION_FIELDS)
    if (merged.type !== "accommodation" && merged[f] != null)
      problems.push({
        path: f,
        message: `${f} is only allowed on accommodation events; set it to null when changing the type`,
      });
  for (const f of GROUND_TRANSPORT_FIELDS)
    if (!isGround(merged.type) && merged[f] != null)
      problems.push({
        path: f,
        message: `${f} is only allowed on train, ferry and bus events; set it to null when changing the type`,
      });
  if (merged.endAt && merged.endAt < merged.startAt)
    problems.push({ path: "endDateTime", message: "endDateTime must not be before startDateTime" });
  return problems;
}

export async function updateEvent(tx: DbOrTx, row: TripEventRow, patch: EventPatchInput): Promise<TripEventRow> {
  // The place is resolved again only when a field that decides it changed (or it never was).
  const placeChanged = needsGeo(row) || PLACE_FIELDS.some((f) => patch[f] !== undefined);
  const place = placeAfterPatch(row, patch);
  const geo = placeChanged
    ? await resolveGeoColumns(tx, place, { tripId: row.tripId, zone: patch.timeZone ?? row.timeZone, eventId: row.id })
    : undefined;
  // A new departure place (no zone sent) moves the event's zone with it: its instants stay, their local reading follows the place.
  const movedZone =
    geo && patch.timeZone === undefined && PLACE_FIELDS.some((f) => patch[f] !== undefined)
      ? placeZone(place.type, geo)
      : null;
  const zone = patch.timeZone ?? movedZone ?? row.timeZone;
  const cols = columnsOf(
    patch,
    zone,
    endZoneOf({ type: place.type, timeZone: zone, arrivalTimeZone: geo ? geo.arrivalTimeZone : row.arrivalTimeZone }),
  );
  if (movedZone && movedZone !== row.timeZone) cols.timeZone = movedZone;
  const bad = endBeforeStart(cols.startAt ?? row.startAt, cols.endAt === undefined ? row.endAt : cols.endAt);
  if (bad) throw bad;
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
  const where =
    tripId === undefined ? eq(tripEvents.id, eventId) : and(eq(tripEvents.id, eventId), eq(tripEvents.tripId, tripId));
  const gone = await tx.delete(tripEvents).where(where).returning({ id: tripEvents.id });
  return gone.length > 0;
}

/**
 * Events of a trip in itinerary order: local day (trip zone), then the reorder
 * position within the day (0 = not reordered), then start time, then id.
 */
export async function listEventRows(
  tx: DbOrTx,
  tripId: number,
  tripZone: string,
  ids?: number[],
): Promise<TripEventRow[]> {
  if (ids && ids.length === 0) return [];
  const where = ids ? and(eq(tripEvents.tripId, tripId), inArray(tripEvents.id, ids)) : eq(tripEvents.tripId, tripId);
  const rows = await tx.select().from(tripEvents).where(where).orderBy(asc(tripEvents.startAt), asc(tripEvents.id));
  return sortItinerary(await withLegacyGeo(rows, tripZone), tripZone);
}

export function sortItinerary<T extends Pick<TripEventRow, "startAt" | "position" | "id">>(
  rows: T[],
  tripZone: string,
): T[] {
  const day = new Map(rows.map((r) => [r, localDate(r.startAt, tripZone)]));
  return [...rows].sort(
    (a, b) =>
      day.get(a)!.localeCompare(day.get(b)!) ||
      a.position - b.position ||
      a.startAt.getTime() - b.startAt.getTime() ||
      a.id - b.id,
  );
}
