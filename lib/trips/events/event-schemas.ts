import { z } from "zod";
import { EVENT_TYPES, isTransport } from "@/drizzle/schema";
import { TimeZoneName } from "@/lib/time/time-zone";
import { GEO_UNRESOLVED_REASONS } from "@/lib/geo/types";
import { HAS_OFFSET, isIsoDateTime } from "@/lib/trips/time";

/** Input shapes of itinerary events, shared by /api event CRUD, add/update ops and proposal entities. */

const DateTimeString = z
  .string()
  .refine(
    isIsoDateTime,
    "must be an ISO 8601 date-time such as 2026-05-01T09:30:00+02:00 (without an offset it is read in the event's time zone), years 1000 to 9998",
  )
  // Documented as RFC 3339 (with an offset): stricter than the server, which also reads local times.
  .meta({ format: "date-time" });
const Iata = z
  .string()
  .transform((s) => s.trim().toUpperCase())
  .refine((s) => /^[A-Z]{3}$/.test(s), "must be a 3-letter IATA airport code such as LHR")
  .meta({ pattern: "^[A-Z]{3}$", description: "IATA airport code (case-insensitive), e.g. LIS" });
const ClockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "must be a 24-hour local time HH:MM");
const Zone = TimeZoneName;
const short = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`);

export const FLIGHT_FIELDS = [
  "departureAirport",
  "arrivalAirport",
  "flightNumber",
  "airline",
  "bookingReference",
] as const;
export const ACCOMMODATION_FIELDS = [
  "subtype",
  "checkInTime",
  "checkOutTime",
  "address",
  "confirmationNumber",
] as const;
/** Train, ferry and bus extras (a flight arrives at its arrivalAirport). */
export const GROUND_TRANSPORT_TYPES = ["train", "ferry", "bus"] as const;
export const GROUND_TRANSPORT_FIELDS = ["arrivalLocation"] as const;
const isGround = (t: string) => (GROUND_TRANSPORT_TYPES as readonly string[]).includes(t);

/** Optional fields; null clears them in a PATCH. */
const optionalFields = {
  endDateTime: DateTimeString.nullable().optional().meta({
    description:
      "Transport: the arrival (a local time is read in the arrival place's zone). Accommodation: the check-out (the stay spans every day from check-in to check-out)",
  }),
  timeZone: Zone.optional().meta({
    description:
      "IANA zone the event's times are shown in. Absent: a flight's, train's, ferry's, bus's or stay's place zone (the departure place for transport), else the trip's",
  }),
  location: short(500).nullable().optional(),
  notes: short(5000).nullable().optional(),
  cost: z
    .number()
    .finite()
    .min(0, "must be 0 or more")
    .nullable()
    .optional()
    .meta({ description: "In the user's currency" }),
  departureAirport: Iata.nullable().optional(),
  arrivalAirport: Iata.nullable().optional(),
  flightNumber: short(20).nullable().optional(),
  airline: short(100).nullable().optional(),
  bookingReference: short(50).nullable().optional(),
  subtype: short(50).nullable().optional().meta({ description: "hotel, apartment, hostel, …" }),
  checkInTime: ClockTime.nullable().optional(),
  checkOutTime: ClockTime.nullable().optional(),
  address: short(500).nullable().optional(),
  confirmationNumber: short(50).nullable().optional(),
  arrivalLocation: short(500).nullable().optional().meta({
    description:
      "Train, ferry, bus: where the leg arrives (a city, station or port; resolved like location into arrivalGeo)",
  }),
  fixed: z.boolean().optional().meta({
    description:
      'A member\'s "do not move": the planner never moves or squeezes the event (flights, trains, ferries, buses and stays are fixed points anyway). Default false',
  }),
  lat: z
    .number()
    .finite()
    .min(-90, "must be between -90 and 90")
    .max(90, "must be between -90 and 90")
    .nullable()
    .optional()
    .meta({
      description:
        "Latitude of the event's place, sent with lng (both numbers, or both null to have the place resolved from the text again). Absent: resolved from the location/address or a flight's airports",
    }),
  lng: z
    .number()
    .finite()
    .min(-180, "must be between -180 and 180")
    .max(180, "must be between -180 and 180")
    .nullable()
    .optional()
    .meta({ description: "Longitude of the event's place, sent with lat (both numbers or both null)" }),
  activityType: short(50).nullable().optional().meta({
    description:
      "Risk profile for trip weather (walking_tour, hiking, beach, dining, outdoor_dining, museum, …; free-form, unknown values use the outdoor default). Absent: derived from type and title",
  }),
};

const serverOwned = {
  id: z.never({ error: "id is assigned by the server and cannot be set or changed" }).optional(),
  tripId: z.never({ error: "tripId is fixed by the URL and cannot be set or changed" }).optional(),
};

const required = {
  type: z.enum(EVENT_TYPES, { error: `type must be one of: ${EVENT_TYPES.join(", ")}` }),
  title: z.string().trim().min(1, "title is required").max(200, "must be at most 200 characters"),
  startDateTime: DateTimeString,
};

type Shape = { type?: string; startDateTime?: string | null; endDateTime?: string | null } & Record<string, unknown>;

/** Cross-field rules: extras only on their type; end not before start (when both carry offsets or share a zone). */
export function eventRuleIssues(e: Shape, zoneOf: (s: string) => Date): { path: string; message: string }[] {
  const issues: { path: string; message: string }[] = [];
  if (e.type !== undefined) {
    for (const f of FLIGHT_FIELDS)
      if (e.type !== "flight" && e[f] != null)
        issues.push({ path: f, message: `${f} is only allowed on flight events` });
    for (const f of ACCOMMODATION_FIELDS)
      if (e.type !== "accommodation" && e[f] != null)
        issues.push({ path: f, message: `${f} is only allowed on accommodation events` });
    for (const f of GROUND_TRANSPORT_FIELDS)
      if (!isGround(e.type) && e[f] != null)
        issues.push({ path: f, message: `${f} is only allowed on train, ferry and bus events` });
  }
  if ((e.lat === undefined) !== (e.lng === undefined) || (e.lat === null) !== (e.lng === null))
    issues.push({
      path: e.lat === undefined || e.lat === null ? "lat" : "lng",
      message: "lat and lng are sent together (both numbers, or both null to resolve the place from the text again)",
    });
  // A transport's local times are in two zones (known once its places are resolved): the server checks those.
  const comparable =
    (HAS_OFFSET.test(e.startDateTime ?? "") && HAS_OFFSET.test(e.endDateTime ?? "")) ||
    (e.type !== undefined && !isTransport(e.type));
  if (e.startDateTime && e.endDateTime && comparable && zoneOf(e.endDateTime) < zoneOf(e.startDateTime))
    issues.push({ path: "endDateTime", message: "endDateTime must not be before startDateTime" });
  return issues;
}

const nullOnly = (fields: readonly string[]) => Object.fromEntries(fields.map((f) => [f, { type: "null" }]));

/**
 * The type rule of eventRuleIssues as JSON Schema, for the document: flight extras on flights,
 * accommodation extras on accommodations, null (or absent) elsewhere. Without `type` (a patch), the
 * document asks for no extras: the server also accepts them when the stored event has that type.
 */
export const TYPE_RULE_DOC = {
  override: ({ jsonSchema }: { jsonSchema: Record<string, unknown> }) => {
    // allOf: [{ anyOf }] reads as "these fields, and one of these rules" (generated TS types: base & (A | B | C)).
    jsonSchema.allOf = [
      {
        anyOf: [
          {
            required: ["type"],
            properties: {
              type: { const: "flight" },
              ...nullOnly(ACCOMMODATION_FIELDS),
              ...nullOnly(GROUND_TRANSPORT_FIELDS),
            },
          },
          {
            required: ["type"],
            properties: {
              type: { const: "accommodation" },
              ...nullOnly(FLIGHT_FIELDS),
              ...nullOnly(GROUND_TRANSPORT_FIELDS),
            },
          },
          {
            required: ["type"],
            properties: {
              type: { enum: [...GROUND_TRANSPORT_TYPES] },
              ...nullOnly(FLIGHT_FIELDS),
              ...nullOnly(ACCOMMODATION_FIELDS),
            },
          },
          {
            properties: {
              type: { enum: EVENT_TYPES.filter((t) => t !== "flight" && t !== "accommodation" && !isGround(t)) },
              ...nullOnly(FLIGHT_FIELDS),
              ...nullOnly(ACCOMMODATION_FIELDS),
              ...nullOnly(GROUND_TRANSPORT_FIELDS),
            },
          },
        ],
      },
    ];
    // lat and lng come together (both numbers, or both null); null pairing is in their descriptions.
    jsonSchema.dependentRequired = { lat: ["lng"], lng: ["lat"] };
  },
};

function withRules<T extends z.ZodType<Shape>>(schema: T) {
  return schema.superRefine((e, ctx) => {
    // Without a trip zone at hand, compare local times as UTC: exact when both carry offsets.
    for (const i of eventRuleIssues(e, (s) => new Date(/(Z|[+-]\d{2}(:?\d{2})?)$/i.test(s) ? s : `${s}Z`)))
      ctx.addIssue({ code: "custom", path: [i.path], message: i.message });
  });
}

export const EventCreateInput = withRules(z.strictObject({ ...serverOwned, ...required, ...optionalFields })).meta({
  id: "TripEventCreate",
  ...TYPE_RULE_DOC,
});
export type EventCreateInput = z.output<typeof EventCreateInput>;

/** The fields a patch may carry (also the documented update_event op payload, with event_id). */
export const EVENT_PATCH_SHAPE = {
  ...serverOwned,
  type: required.type.optional(),
  title: required.title.optional(),
  startDateTime: DateTimeString.optional(),
  ...optionalFields,
};

export const EventPatchInput = withRules(z.strictObject(EVENT_PATCH_SHAPE)).meta({
  id: "TripEventPatch",
  ...TYPE_RULE_DOC,
});
export type EventPatchInput = z.output<typeof EventPatchInput>;

/** A proposal entity: an event to create on accept; its times may come from the selected option. */
export const ProposalEntityInput = withRules(
  z.strictObject({ ...required, startDateTime: DateTimeString.optional(), ...optionalFields }),
).meta({ id: "ProposalEntity", ...TYPE_RULE_DOC });
export type ProposalEntityInput = z.output<typeof ProposalEntityInput>;

export const GeoPointSchema = z
  .object({
    lat: z.number(),
    lng: z.number(),
    source: z.enum(["given", "gazetteer", "airport"]).meta({
      description:
        "given: lat/lng sent by you; gazetteer: a city matched from the location or address text; airport: the IATA code",
    }),
    name: z.string().nullable().meta({
      description: "The matched city or airport; for given points your location text (else the nearest city)",
    }),
    country_code: z.string().nullable().meta({ description: "ISO 3166-1 alpha-2" }),
    time_zone: z.string().meta({ description: "IANA zone at the point (an airport's own zone)" }),
  })
  .meta({ id: "GeoPoint" });

/** Response shape of a trip event (flight/accommodation/transport extras appear on those types only). */
export const TripEventSchema = z
  .object({
    id: z.number().int(),
    tripId: z.number().int(),
    type: z.enum(EVENT_TYPES),
    title: z.string(),
    startDateTime: z
      .string()
      .meta({ description: "ISO 8601 with the offset of timeZone (transport: the departure; a stay: the check-in)" }),
    endDateTime: z.string().nullable().meta({
      description:
        "Transport: the arrival, with the offset of arrivalTimeZone; a stay: the check-out; else with the offset of timeZone",
    }),
    timeZone: z.string(),
    position: z.number().int().meta({ description: "Order within the local day set by reorder; 0 = by time" }),
    location: z.string().nullable(),
    notes: z.string().nullable(),
    cost: z.number().nullable(),
    departureAirport: z.string().nullable().optional(),
    arrivalAirport: z.string().nullable().optional(),
    flightNumber: z.string().nullable().optional(),
    airline: z.string().nullable().optional(),
    bookingReference: z.string().nullable().optional(),
    subtype: z.string().nullable().optional(),
    checkInTime: z.string().nullable().optional(),
    checkOutTime: z.string().nullable().optional(),
    address: z.string().nullable().optional(),
    confirmationNumber: z.string().nullable().optional(),
    arrivalLocation: z
      .string()
      .nullable()
      .optional()
      .meta({ description: "Train, ferry, bus: the arrival place as typed" }),
    arrivalTimeZone: z.string().nullable().optional().meta({
      description:
        "Transport: the zone endDateTime is shown in (the arrival place's; the departure zone when the arrival place is unknown)",
    }),
    fixed: z.boolean().meta({ description: 'Marked "do not move" by a member: the planner never moves it' }),
    lat: z
      .number()
      .nullable()
      .meta({ description: "The coordinates you gave (null when the place was resolved or is unknown; see geo)" }),
    lng: z.number().nullable(),
    activityType: z.string().nullable(),
    geo: GeoPointSchema.nullable().meta({
      description:
        "Where the event is (transport: where it departs; a flight: its departure airport); null with geoReason when it could not be resolved",
    }),
    geoReason: z.enum(GEO_UNRESOLVED_REASONS).nullable().meta({
      description:
        "Why geo is null: no_place (no coordinates, location, address or airport), place_not_found (the text names no known city), airport_not_found (unknown IATA code)",
    }),
    arrivalGeo: GeoPointSchema.nullable().optional().meta({
      description:
        "Transport: where it arrives (a flight's arrival airport; a train's, ferry's or bus's arrivalLocation); null when unknown",
    }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "TripEvent" });
export type TripEvent = z.output<typeof TripEventSchema>;
