import type { DbOrTx } from "@/lib/db/client";
import { isTransport } from "@/drizzle/schema";
import { resolveGeoColumns } from "@/lib/trips/events/resolve-event-geo";
import type { CreateProposalInput } from "./proposal-schemas";
import { formatInZone, HAS_OFFSET, toInstant } from "@/lib/trips/time";

/**
 * A proposal entity's local times are read where they happen, as a direct create reads them
 * (docs/trips.md "Where the traveller is"): a transport's departure in its departure place's zone
 * and its arrival in its arrival place's zone, a stay in its place's zone. Entities with their own
 * `timeZone`, other types and times that carry offsets are left to proposal-times.ts.
 */
export async function proposalWithPlaceZones(
  db: DbOrTx,
  tripId: number,
  tripZone: string,
  input: CreateProposalInput,
): Promise<CreateProposalInput> {
  const zones = await Promise.all(
    input.entities.map(async (e) => {
      if (e.timeZone || !(isTransport(e.type) || e.type === "accommodation")) return null;
      const geo = await resolveGeoColumns(db, e, { tripId, zone: tripZone });
      if (!geo.geoTimeZone) return null;
      return {
        start: geo.geoTimeZone,
        end: isTransport(e.type) ? (geo.arrivalTimeZone ?? geo.geoTimeZone) : geo.geoTimeZone,
      };
    }),
  );
  if (zones.every((z) => z === null)) return input;
  const at = (s: string | null | undefined, zone: string | undefined) =>
    s && zone && !HAS_OFFSET.test(s) ? formatInZone(toInstant(s, zone), zone) : s;
  return {
    ...input,
    entities: input.entities.map((e, i) => ({
      ...e,
      ...(e.startDateTime ? { startDateTime: at(e.startDateTime, zones[i]?.start)! } : {}),
      ...(e.endDateTime ? { endDateTime: at(e.endDateTime, zones[i]?.end) } : {}),
    })),
    options: input.options?.map((o) => ({
      ...o,
      ...(o.schedule
        ? {
            schedule: o.schedule.map((s) => {
              const z = zones[s.entity_index];
              return {
                ...s,
                startDateTime: at(s.startDateTime, z?.start)!,
                ...(s.endDateTime ? { endDateTime: at(s.endDateTime, z?.end) } : {}),
              };
            }),
          }
        : {}),
    })),
  };
}
