import { z } from "zod";
import { WATCH_STATUSES, WATCH_TARGET_TYPES } from "@/drizzle/schema";

/** Levels at which a trip watch calls the weather planner (issue 33). */
export const PLANNER_THRESHOLDS = ["watch", "warning"] as const;
export type PlannerThreshold = (typeof PLANNER_THRESHOLDS)[number];

/** Transport modes accepted by the route endpoint (spec "Route"). */
export const TRANSPORT_MODES = ["car", "bus", "train", "ferry", "walking", "cycling", "shuttle", "transfer"] as const;

const LatLng = z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) }).strict();
const RefId = z.union([z.string().min(1).max(200), z.number().int().positive()]);

/** target_ref shape per target_type (documented in docs/watches.md). */
export const TARGET_REF_SCHEMAS = {
  place: z.object({ place_id: z.string().min(1).max(200), name: z.string().max(200).optional() }).strict(),
  timeline_item: z.object({ item_id: RefId, trip_id: RefId.optional() }).strict(),
  route_window: z.object({ origin: LatLng, destination: LatLng, route_id: RefId.optional() }).strict(),
  trip: z.object({ trip_id: z.number().int().positive().max(2_147_483_647) }).strict(),
} as const;

export const ChangeRulesInput = z
  .object({
    precipitation_probability_delta: z.number().positive().max(100),
    temperature_c_delta: z.number().positive().max(100),
    wind_kph_delta: z.number().positive().max(500),
    uv_index_delta: z.number().positive().max(20),
    detect_severe_alerts: z.boolean(),
    detect_risk_level_change: z.boolean(),
  })
  .partial()
  .strict()
  .meta({ id: "WatchChangeRulesInput", description: "Missing fields take the defaults (30, 5, 20, 3, true, true)." });

const isoDateTime = z.iso.datetime({ offset: true }).meta({ description: "ISO 8601 with Z or an offset" });

export const CreateWatchInput = z
  .object({
    target_type: z.enum(WATCH_TARGET_TYPES).default("place"),
    target_ref: z.record(z.string(), z.unknown()).optional().meta({
      description:
        "place: {place_id, name?} (defaults to {place_id: 'geo:<geohash>'}); timeline_item: {item_id, trip_id?}; route_window: {origin:{lat,lng}, destination:{lat,lng}, route_id?}; trip: {trip_id}",
    }),
    latitude: z
      .number()
      .min(-90)
      .max(90)
      .optional()
      .meta({ description: "Required except for target_type trip (the events give the places)" }),
    longitude: z.number().min(-180).max(180).optional().meta({ description: "Required except for target_type trip" }),
    place_type: z.string().trim().min(1).max(64).optional().meta({ description: "Defaults to point (trip: trip)" }),
    activity_type: z.string().trim().min(1).max(64).optional().meta({
      description: "Required except for target_type trip, whose events each carry their own activity profile",
    }),
    transport_mode: z.enum(TRANSPORT_MODES).nullable().optional(),
    outdoor: z.boolean().optional().meta({
      description: "Defaults to the activity profile's outdoor flag (trip: whether any followed event is outdoor)",
    }),
    starts_at: isoDateTime
      .optional()
      .meta({ description: "Required except for target_type trip (default: the trip's first day or first event)" }),
    ends_at: isoDateTime.optional().meta({
      description: "Required except for target_type trip (default: the end of the trip's last day or last event)",
    }),
    planner_threshold: z.enum(PLANNER_THRESHOLDS).optional().meta({
      description:
        "target_type trip only: the risk level at which an outdoor event of the trip makes the weather planner propose a change (default warning)",
    }),
    webhook_url: z.string().max(2048).optional().meta({
      format: "uri",
      pattern: "^https://",
      description:
        "Public HTTPS URL that receives the watch's signed events (signed with the watch signing secret). Give this or webhook_id.",
    }),
    webhook_id: z.uuid().optional().meta({
      description:
        "A registered, active webhook endpoint of the account to deliver through instead of a URL: its secret, rotation, throttle, attempts, auto-disable and event subscriptions apply. Give this or webhook_url.",
    }),
    change_rules: ChangeRulesInput.optional(),
  })
  .strict()
  .meta({
    id: "CreateWatch",
    examples: [
      {
        target_type: "place",
        latitude: 38.7118,
        longitude: -9.1303,
        activity_type: "walking_tour",
        starts_at: "2027-05-04T08:00:00Z",
        ends_at: "2027-05-04T14:00:00Z",
        webhook_url: "https://hooks.example.com/skycast/watch",
      },
      {
        target_type: "trip",
        target_ref: { trip_id: 42 },
        planner_threshold: "warning",
        webhook_url: "https://hooks.example.com/skycast/trip-weather",
      },
    ],
    override: ({ jsonSchema }: { jsonSchema: Record<string, unknown> }) =>
      void (jsonSchema.allOf = [{ anyOf: targetRefRules() }, { anyOf: deliveryTargetRules() }]),
  });

/** Exactly one of webhook_url and webhook_id (issue 29). */
function deliveryTargetRules(): unknown[] {
  return [
    { required: ["webhook_url"], not: { required: ["webhook_id"], properties: { webhook_id: {} } } },
    { required: ["webhook_id"], not: { required: ["webhook_url"], properties: { webhook_url: {} } } },
  ];
}

/** target_ref's shape per target_type as JSON Schema (route_window also needs transport_mode). */
function targetRefRules(): unknown[] {
  const ref = (t: keyof typeof TARGET_REF_SCHEMAS) => {
    const { $schema: _drop, ...schema } = z.toJSONSchema(TARGET_REF_SCHEMAS[t], { io: "input" }) as Record<
      string,
      unknown
    >;
    return schema;
  };
  // Every target but trip names its place, activity and window; only trip takes planner_threshold.
  const placed = ["latitude", "longitude", "activity_type", "starts_at", "ends_at"];
  const noThreshold = { not: { required: ["planner_threshold"], properties: { planner_threshold: {} } } };
  return [
    { required: placed, properties: { target_type: { const: "place" }, target_ref: ref("place") }, ...noThreshold },
    {
      required: ["target_type", "target_ref", ...placed],
      properties: { target_type: { const: "timeline_item" }, target_ref: ref("timeline_item") },
      ...noThreshold,
    },
    {
      required: ["target_type", "target_ref", "transport_mode", ...placed],
      properties: {
        target_type: { const: "route_window" },
        target_ref: ref("route_window"),
        transport_mode: { enum: [...TRANSPORT_MODES] },
      },
      ...noThreshold,
    },
    {
      required: ["target_type", "target_ref"],
      properties: { target_type: { const: "trip" }, target_ref: ref("trip") },
    },
  ];
}
export type CreateWatchInput = z.output<typeof CreateWatchInput>;

const Metrics = z.object({
  precipitation_probability: z.number().nullable(),
  precipitation_intensity_mm_h: z.number().nullable(),
  temperature_c: z.number().nullable(),
  feels_like_c: z.number().nullable(),
  wind_speed_kph: z.number().nullable(),
  wind_gust_kph: z.number().nullable(),
  uv_index: z.number().nullable(),
  visibility_km: z.number().nullable(),
});

const Alert = z.object({
  id: z.string(),
  event: z.string(),
  severity: z.string(),
  starts: z.string().nullable(),
  ends: z.string().nullable(),
  source: z.string().nullable(),
  area: z.string().nullable().optional(),
  cap_identifier: z.string().nullable().optional().describe("CAP identifier of the message in force"),
  references: z.array(z.string()).optional().describe("CAP identifiers of the earlier messages it updates"),
});

const RiskOut = z.object({
  level: z.string(),
  recommendation: z.string().nullable(),
  reasons: z.array(z.object({ code: z.string(), level: z.string(), message: z.string() })),
});

/** A trip watch's followed event as of its latest refresh. */
export const TripWatchEventSchema = z
  .object({
    event_id: z.number().int(),
    type: z.string(),
    title: z.string(),
    starts_at: z.string(),
    ends_at: z.string().nullable(),
    activity_type: z.string(),
    outdoor: z.boolean(),
    place: z.object({ lat: z.number(), lng: z.number(), name: z.string().nullable() }),
    forecast_available: z
      .boolean()
      .meta({ description: "false while the event is beyond the forecast horizon (risk is then null)" }),
    snapshot_id: z.string().nullable(),
    metrics: Metrics.nullable(),
    alerts: z.array(Alert),
    risk: RiskOut.nullable(),
  })
  .meta({ id: "TripWatchEvent" });

export const TripWatchStateSchema = z
  .object({
    trip_id: z.number().int(),
    planner_threshold: z.enum(PLANNER_THRESHOLDS),
    revision: z
      .number()
      .int()
      .nullable()
      .meta({ description: "Trip revision the events were read at (null before the first refresh)" }),
    checked_at: z.string().nullable(),
    events: z
      .array(TripWatchEventSchema)
      .meta({ description: "Every event of the trip with a place that starts inside the window, in itinerary order" }),
  })
  .meta({ id: "TripWatchState" });

export const WatchCreatedSchema = z
  .object({
    watch_id: z.string().uuid(),
    status: z.enum(WATCH_STATUSES),
    target_type: z.enum(WATCH_TARGET_TYPES),
    target_ref: z.record(z.string(), z.unknown()),
    latitude: z.number(),
    longitude: z.number(),
    place_type: z.string(),
    activity_type: z.string(),
    transport_mode: z.string().nullable(),
    outdoor: z.boolean(),
    starts_at: z.string(),
    ends_at: z.string(),
    webhook_url: z.string().nullable().meta({ description: "null when the watch delivers through webhook_id" }),
    webhook_id: z
      .uuid()
      .nullable()
      .meta({ description: "The registered endpoint the watch delivers through (null: webhook_url)" }),
    change_rules: ChangeRulesInput.required(),
    next_check_at: z.string().nullable(),
    created_at: z.string(),
    planner_threshold: z.enum(PLANNER_THRESHOLDS).nullable().meta({
      description:
        "target_type trip: the level at which an outdoor event makes the weather planner propose (null for other targets)",
    }),
  })
  .meta({ id: "WatchCreated" });

/** One element of GET /v1/weather/watch: the created shape plus the status fields. */
export const WatchListItemSchema = WatchCreatedSchema.extend({
  last_checked_at: z.string().nullable(),
  last_risk_level: z.string().nullable(),
  failure_count: z.number().int(),
  updated_at: z.string(),
  expired_at: z.string().nullable(),
}).meta({ id: "WatchListItem" });

export const WatchSchema = WatchListItemSchema.extend({
  paused_at: z.string().nullable(),
  latest_snapshot: z
    .object({
      snapshot_id: z.string(),
      forecast_type: z.string(),
      valid_from: z.string().nullable(),
      valid_to: z.string().nullable(),
      fetched_at: z.string(),
      freshness_band: z.enum(["fresh", "stale", "expired"]),
      metrics: Metrics,
      alerts: z.array(Alert),
    })
    .nullable(),
  latest_risk: z
    .object({
      risk_assessment_id: z.string(),
      level: z.string(),
      recommendation: z.string().nullable(),
      reasons: z.array(z.object({ code: z.string(), level: z.string(), message: z.string() })),
    })
    .nullable(),
  trip: TripWatchStateSchema.nullable().meta({
    description:
      "target_type trip: the planner threshold and each followed event's latest risk; null for other targets",
  }),
  recent_change_events: z.array(
    z.object({
      event_id: z.string().uuid(),
      type: z.string(),
      created_at: z.string(),
      snapshot_id: z.string().nullable(),
      data: z.record(z.string(), z.unknown()),
    }),
  ),
}).meta({ id: "Watch" });

export const WatchIdParams = z.object({ watch_id: z.string().uuid() });

export const ListWatchesQuery = z
  .object({
    limit: z.coerce.number().int().min(1).max(100).default(20),
    cursor: z.string().max(200).optional(),
    status: z.enum(WATCH_STATUSES).optional(),
    trip_id: z.coerce
      .number()
      .int()
      .positive()
      .max(2_147_483_647)
      .optional()
      .meta({ description: "Only trip watches of this trip" }),
  })
  .strict();

export const WatchStatusChange = z
  .object({ watch_id: z.string().uuid(), status: z.enum(WATCH_STATUSES), expired_at: z.string().nullable() })
  .meta({ id: "WatchStatusChange" });
