import { z } from "zod";
import { DateTime } from "luxon";
import { BCP47_PATTERN } from "@/lib/i18n/languages";
import { MAX_TIMELINE_ITEMS } from "./analyse-timeline";
import { TRANSPORT_MODES, VESSELS } from "./core/risk/profiles";
import { decodePolyline, greatCircleProblem, MAX_POLYLINE_POINTS } from "./core/route-plan";
import { isValidZone, timezoneAt } from "@/lib/time/zones";
import { TimeZoneName } from "@/lib/time/time-zone";

/** Request schemas of the weather endpoints (validation is the contract). */
const queryNumber = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/, "must be a number")
    .transform(Number)
    .pipe(z.number().min(min).max(max))
    // Documented as what it is: a number in range (the query string carries its decimal text).
    .meta({
      override: ({ jsonSchema }: { jsonSchema: Record<string, unknown> }) =>
        Object.assign(clear(jsonSchema), { type: "number", minimum: min, maximum: max }),
    });

/** Empties a generated JSON schema object in place (for an override that restates it). */
function clear(o: Record<string, unknown>): Record<string, unknown> {
  for (const k of Object.keys(o)) delete o[k];
  return o;
}

export const UnitsSchema = z.enum(["metric", "imperial", "standard"]);
const language = z.string().regex(BCP47_PATTERN, "must be a BCP-47 language tag such as en, de or fr-CA").max(35);

export const CurrentQuery = z.object({
  lat: queryNumber(-90, 90),
  lng: queryNumber(-180, 180),
  units: UnitsSchema.default("metric"),
  language: language.optional(),
  activity_type: z.string().trim().min(1).max(64).optional(),
});

export const ForecastQuery = z.object({
  lat: queryNumber(-90, 90),
  lng: queryNumber(-180, 180),
  // 1-8, default 7; integers outside the range are clamped, as the spec says.
  days: z
    .string()
    .trim()
    .regex(/^[-+]?\d+$/, "must be an integer from 1 to 8")
    .meta({
      override: ({ jsonSchema }: { jsonSchema: Record<string, unknown> }) =>
        Object.assign(clear(jsonSchema), {
          type: "integer",
          description: "1 to 8 (default 7); other integers are clamped into that range",
        }),
    })
    .optional()
    .transform((v) => (v === undefined ? 7 : Math.min(8, Math.max(1, Number(v))))),
  granularity: z.enum(["daily", "hourly"]).default("daily"),
  units: UnitsSchema.default("metric"),
  language: language.optional(),
});

/** Ferry vessel class: "small" judges wind by the small craft bands (Beaufort 4 / NWS Small Craft Advisory). */
const VesselSchema = z
  .enum(VESSELS)
  .describe(
    'Ferry only: "large" (default; NWS small craft advisory / gale bands) or "small" (Beaufort 4 / small craft advisory bands)',
  );

const lat = z.number().min(-90).max(90);
const lng = z.number().min(-180).max(180);

/**
 * A `[lat, lng]` pair. zod writes a closed tuple as `prefixItems` plus `items: false`, which
 * common generators reject (openapi-python-client among them); the length bounds already close
 * it, so the document states `prefixItems` with minItems/maxItems 2 only.
 */
const LatLngPair = z.tuple([lat, lng]).meta({
  override: ({ jsonSchema }: { jsonSchema: Record<string, unknown> }) => void delete jsonSchema.items,
});

const WITH_OFFSET =
  /^\d{4}-\d{2}-\d{2}T(?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,9})?)?(?:Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)$/;

/** Two ASCII digits at `i` as a number (the caller's pattern guarantees they are digits). */
const digits2 = (s: string, i: number) => (s.charCodeAt(i) - 48) * 10 + (s.charCodeAt(i + 1) - 48);

function daysInMonth(y: number, m: number): number {
  if (m === 2) return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 29 : 28;
  return m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31;
}

/** ISO 8601 date-time; without an offset it is read in `zone` (luxon, DST-aware). */
export function parseInstant(value: string, zone: string): Date | null {
  const ms = parseInstantMs(value, zone);
  return ms === null ? null : new Date(ms);
}

/** parseInstant as epoch milliseconds: the timeline's hot path makes no Date (time/zones.ts localIsoAt). */
export function parseInstantMs(value: string, zone: string): number | null {
  // Fast path (the common case, two per timeline item): an explicit offset needs no zone rules.
  if (WITH_OFFSET.test(value)) {
    const ms = Date.parse(value);
    const y = digits2(value, 0) * 100 + digits2(value, 2);
    const mo = digits2(value, 5);
    const d = digits2(value, 8);
    // Reject impossible calendar dates (e.g. 2026-02-30) that Date.parse may roll over.
    if (Number.isNaN(ms) || mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo)) return null;
    return ms;
  }
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return null;
  const dt = DateTime.fromISO(value, { zone, setZone: true });
  return dt.isValid ? dt.toMillis() : null;
}

/** The item as sent (documented as the TimelineItem component); TimelineItemSchema adds zone and instant rules. */
const TimelineItemFields = z
  .object({
    id: z.string().min(1).max(200).optional(),
    start: z.string().min(1, "is required").meta({
      format: "date-time",
      description: "ISO 8601; without an offset it is read in `timezone` (default: the zone at lat/lng)",
    }),
    end: z
      .string()
      .min(1)
      .optional()
      .meta({ format: "date-time", description: "Default: start + 1 hour; at most 14 days after start" }),
    lat,
    lng,
    activity_type: z.string().trim().max(64).nullable().optional(),
    timezone: TimeZoneName.optional(),
    vessel: VesselSchema.optional(),
  })
  .meta({ id: "TimelineItem" });

const TimelineItemSchema = TimelineItemFields.transform((v, ctx) => {
  if (v.timezone !== undefined && !isValidZone(v.timezone)) {
    ctx.addIssue({ code: "custom", path: ["timezone"], message: "must be an IANA time zone such as Europe/Paris" });
    return z.NEVER;
  }
  const zone = v.timezone ?? timezoneAt(v.lat, v.lng);
  const startMs = parseInstantMs(v.start, zone);
  if (startMs === null) {
    ctx.addIssue({
      code: "custom",
      path: ["start"],
      message: "must be an ISO 8601 date-time such as 2026-07-01T09:00:00+02:00",
    });
    return z.NEVER;
  }
  const endMs = v.end === undefined ? startMs + 3_600_000 : parseInstantMs(v.end, zone);
  if (endMs === null) {
    ctx.addIssue({ code: "custom", path: ["end"], message: "must be an ISO 8601 date-time" });
    return z.NEVER;
  }
  if (endMs < startMs) {
    ctx.addIssue({ code: "custom", path: ["end"], message: "must not be before start" });
    return z.NEVER;
  }
  if (endMs - startMs > 14 * 86_400_000) {
    ctx.addIssue({ code: "custom", path: ["end"], message: "an item may span at most 14 days" });
    return z.NEVER;
  }
  return {
    id: v.id,
    startMs,
    endMs,
    lat: v.lat,
    lng: v.lng,
    activity_type: v.activity_type ?? null,
    timezone: zone,
    vessel: v.vessel,
  };
});

export const TimelineBody = z.object({
  units: UnitsSchema.default("metric"),
  language: language.optional(),
  // Each item is validated once (the array's bounds need no second pass over the items); the
  // body's byte cap bounds the work done before a too-long array is refused.
  items: z
    .array(TimelineItemSchema)
    .min(1, "must contain at least one item")
    .max(MAX_TIMELINE_ITEMS, `must contain at most ${MAX_TIMELINE_ITEMS} items`),
});

const LatLngObject = z.object({ lat, lng });

export const RouteBody = z
  .object({
    origin: LatLngObject,
    destination: LatLngObject,
    transport_mode: z.enum(TRANSPORT_MODES),
    vessel: VesselSchema.optional(),
    start_time: z.string().optional().meta({ format: "date-time", description: "Departure (default: now)" }),
    units: UnitsSchema.default("metric"),
    language: language.optional(),
    polyline: z
      .union([
        z.string().max(200_000).meta({
          description:
            "Encoded polyline (precision 5): pairs of lat/lng deltas, each a run of chunks `_`..`~` ended by one of `?`..`^`; decoded points must be valid coordinates",
          pattern: "^(?:[_-~]{0,6}[?-^][_-~]{0,6}[?-^]){2,}$",
        }),
        z.array(LatLngPair).min(2).max(MAX_POLYLINE_POINTS),
        z.array(LatLngObject).min(2).max(MAX_POLYLINE_POINTS),
      ])
      .optional(),
  })
  .meta({
    // vessel applies to ferries only (a cross-field rule, stated in the document too).
    override: ({ jsonSchema }: { jsonSchema: Record<string, unknown> }) =>
      void (jsonSchema.allOf = [
        {
          anyOf: [
            { required: ["transport_mode"], properties: { transport_mode: { const: "ferry" } } },
            { not: { properties: { vessel: {} }, required: ["vessel"] } },
          ],
        },
      ]),
  })
  .transform((v, ctx) => {
    const start = v.start_time === undefined ? new Date() : parseInstant(v.start_time, "UTC");
    if (!start) {
      ctx.addIssue({ code: "custom", path: ["start_time"], message: "must be an ISO 8601 date-time with an offset" });
      return z.NEVER;
    }
    let path: Array<{ lat: number; lng: number }> | undefined;
    if (typeof v.polyline === "string") {
      const decoded = decodePolyline(v.polyline);
      if (typeof decoded === "string") {
        ctx.addIssue({ code: "custom", path: ["polyline"], message: decoded });
        return z.NEVER;
      }
      if (decoded.length < 2 || decoded.length > MAX_POLYLINE_POINTS) {
        ctx.addIssue({
          code: "custom",
          path: ["polyline"],
          message: `must decode to 2..${MAX_POLYLINE_POINTS} points`,
        });
        return z.NEVER;
      }
      path = decoded;
    } else if (Array.isArray(v.polyline)) {
      path = (v.polyline as Array<[number, number] | { lat: number; lng: number }>).map((p) =>
        Array.isArray(p) ? { lat: p[0], lng: p[1] } : p,
      );
    }
    if (!path) {
      const problem = greatCircleProblem(v.origin, v.destination);
      if (problem) {
        ctx.addIssue({ code: "custom", path: ["destination"], message: problem });
        return z.NEVER;
      }
    }
    if (v.vessel !== undefined && v.transport_mode !== "ferry") {
      ctx.addIssue({ code: "custom", path: ["vessel"], message: "applies to transport_mode ferry only" });
      return z.NEVER;
    }
    return {
      origin: v.origin,
      destination: v.destination,
      transport_mode: v.transport_mode,
      vessel: v.vessel,
      start_time: start,
      units: v.units,
      language: v.language,
      path,
    };
  });

/** The injection schema lives with the simulator (shared by the API, the admin CLI and the portal). */
export { SimulationBody } from "./simulation-schemas";
