import { sql } from "drizzle-orm";
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./accounts";

export const TRIP_ROLES = ["owner", "planner", "editor", "viewer"] as const;
export type TripRole = (typeof TRIP_ROLES)[number];

export const EVENT_TYPES = [
  "flight",
  "train",
  "ferry",
  "bus",
  "accommodation",
  "activity",
  "food",
  "local_transit",
  "free_block",
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** Events that take the traveller from a departure place to an arrival place, each end in its own zone. */
export const TRANSPORT_TYPES = ["flight", "train", "ferry", "bus"] as const satisfies readonly EventType[];
export type TransportType = (typeof TRANSPORT_TYPES)[number];
export const isTransport = (type: string): type is TransportType =>
  (TRANSPORT_TYPES as readonly string[]).includes(type);

/** Per-trip overrides of the planner's buffers before departures, in minutes (trips.buffers). */
export interface TripBuffers {
  flightMinutes?: number;
  trainMinutes?: number;
  ferryMinutes?: number;
  busMinutes?: number;
}

export const PROPOSAL_STATUSES = ["pending", "accepted", "rejected", "expired", "superseded"] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];

/** A trip. `revision` moves by exactly one per applied change (see lib/trips/ops/write-trip-statement.ts). */
export const trips = pgTable("trips", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  /** IANA zone: the zone of move_event times and of day boundaries. */
  timeZone: text("time_zone").notNull(),
  startDate: date("start_date"),
  endDate: date("end_date"),
  /** ISO 4217 code the trip's event costs are in (shown with Intl.NumberFormat). */
  currency: text("currency").notNull().default("EUR"),
  /** Buffer overrides before departures (null: the documented defaults, see docs/trips.md). */
  buffers: jsonb("buffers").$type<TripBuffers>(),
  revision: integer("revision").notNull().default(0),
  /** Diffs since a revision below this are answered 410 (older op-log rows were pruned). */
  opLogFloor: integer("op_log_floor").notNull().default(0),
  createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const tripMembers = pgTable(
  "trip_members",
  {
    tripId: integer("trip_id")
      .notNull()
      .references(() => trips.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: TRIP_ROLES }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tripId, t.userId] }), index("trip_members_user_idx").on(t.userId)],
);

/** Itinerary events. Instants are stored in UTC; `timeZone` is the zone they are shown in. */
export const tripEvents = pgTable(
  "trip_events",
  {
    id: serial("id").primaryKey(),
    tripId: integer("trip_id")
      .notNull()
      .references(() => trips.id, { onDelete: "cascade" }),
    type: text("type", { enum: EVENT_TYPES }).notNull(),
    title: text("title").notNull(),
    startAt: timestamp("start_at", { withTimezone: true }).notNull(),
    endAt: timestamp("end_at", { withTimezone: true }),
    timeZone: text("time_zone").notNull(),
    /** Order within a local day, set by the reorder op (0 = by time). */
    position: integer("position").notNull().default(0),
    location: text("location"),
    notes: text("notes"),
    cost: doublePrecision("cost"),
    departureAirport: text("departure_airport"),
    arrivalAirport: text("arrival_airport"),
    flightNumber: text("flight_number"),
    airline: text("airline"),
    bookingReference: text("booking_reference"),
    subtype: text("subtype"),
    checkInTime: text("check_in_time"),
    checkOutTime: text("check_out_time"),
    address: text("address"),
    confirmationNumber: text("confirmation_number"),
    /** Risk profile override for trip weather (else derived from type and title). */
    activityType: text("activity_type"),
    /**
     * Where the event is (lib/geo): given by the caller, or resolved at write time from the
     * location/address (gazetteer) or a flight's departure airport. `geo_source` null with
     * `geo_reason` set: unresolvable; both null: written before geo existed (resolved on read).
     */
    lat: doublePrecision("lat"),
    lng: doublePrecision("lng"),
    geoSource: text("geo_source", { enum: ["given", "gazetteer", "airport"] }),
    geoName: text("geo_name"),
    geoCountryCode: text("geo_country_code"),
    geoTimeZone: text("geo_time_zone"),
    geoReason: text("geo_reason"),
    /**
     * Transport (flight, train, ferry, bus): start_at/time_zone are the departure instant and the
     * departure place's zone, end_at/arrival_time_zone the arrival instant and the arrival place's
     * zone. Accommodation: start_at = check-in, end_at = check-out (the stay spans those days).
     * `fixed`: a member's "do not move" (the planner never moves or squeezes it).
     */
    fixed: boolean("fixed").notNull().default(false),
    /** Train, ferry, bus: where the leg arrives, as typed (resolved through the gazetteer). */
    arrivalLocation: text("arrival_location"),
    /** How the arrival point was found: airport (a flight's IATA code) or gazetteer (arrival_location). */
    arrivalSource: text("arrival_source", { enum: ["airport", "gazetteer"] }),
    /** Transport: the arrival place's point and zone. */
    arrivalLat: doublePrecision("arrival_lat"),
    arrivalLng: doublePrecision("arrival_lng"),
    arrivalName: text("arrival_name"),
    arrivalCountryCode: text("arrival_country_code"),
    arrivalTimeZone: text("arrival_time_zone"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("trip_events_trip_start_idx").on(t.tripId, t.startAt)],
);

/** Append-only log: one row per revision of a trip. */
export const tripOps = pgTable(
  "trip_ops",
  {
    tripId: integer("trip_id")
      .notNull()
      .references(() => trips.id, { onDelete: "cascade" }),
    revision: integer("revision").notNull(),
    /** ops | api | proposal */
    source: text("source").notNull(),
    type: text("type").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    affectedEventIds: integer("affected_event_ids").array().notNull(),
    deletedEventIds: integer("deleted_event_ids").array().notNull(),
    actorUserId: uuid("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    /** Client idempotency key of the ops endpoint. */
    opId: text("op_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tripId, t.revision] }),
    uniqueIndex("trip_ops_op_id_idx")
      .on(t.tripId, t.opId)
      .where(sql`${t.opId} is not null`),
    index("trip_ops_created_idx").on(t.createdAt),
  ],
);

export const tripProposals = pgTable(
  "trip_proposals",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    tripId: integer("trip_id")
      .notNull()
      .references(() => trips.id, { onDelete: "cascade" }),
    /**
     * pending | accepted | rejected | superseded (a newer proposal of the same agent for the same
     * event replaced it) | expired. "expired" is derived from expires_at (lib/trips/proposal-status.ts);
     * it is stored only when the weather planner retires a lapsed proposal of its own.
     */
    status: text("status", { enum: ["pending", "accepted", "rejected", "expired", "superseded"] })
      .notNull()
      .default("pending"),
    actorAgentId: text("actor_agent_id").notNull(),
    entities: jsonb("entities").$type<Record<string, unknown>[]>().notNull(),
    options: jsonb("options").$type<Record<string, unknown>[]>().notNull(),
    selectedOptionId: text("selected_option_id"),
    createdEventIds: integer("created_event_ids").array(),
    rejectionReason: text("rejection_reason"),
    /** The trip revision the proposal was made at; accepting applies only while the trip is still there. */
    baseRevision: integer("base_revision"),
    /** The existing event the proposal is about (the planner: the event it moves). */
    subjectEventId: integer("subject_event_id"),
    /** The proposal that replaced this one (status superseded). */
    supersededBy: uuid("superseded_by"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    resolvedBy: uuid("resolved_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    rejectedAt: timestamp("rejected_at", { withTimezone: true }),
  },
  (t) => [
    index("trip_proposals_trip_idx").on(t.tripId, t.createdAt),
    // At most one open proposal of the built-in weather planner per event (lib/planner/raise-planner-proposal.ts).
    uniqueIndex("trip_proposals_open_planner_idx")
      .on(t.tripId, t.subjectEventId)
      .where(
        sql`${t.status} = 'pending' AND ${t.actorAgentId} = 'skycast-weather-planner' AND ${t.subjectEventId} IS NOT NULL`,
      ),
  ],
);

export type TripRow = typeof trips.$inferSelect;
export type TripEventRow = typeof tripEvents.$inferSelect;
export type TripOpRow = typeof tripOps.$inferSelect;
export type TripProposalRow = typeof tripProposals.$inferSelect;
