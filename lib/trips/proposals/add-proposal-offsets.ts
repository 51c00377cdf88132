import { DateTime } from "luxon";
import type { TripEventRow } from "@/drizzle/schema";
import type { ProposalEntityInput } from "@/lib/trips/events/event-schemas";
import type { CreateProposalInput, ProposalChangeInput, ProposalOptionInput } from "./proposal-schemas";
import { formatInZone, HAS_OFFSET, toInstant } from "@/lib/trips/time";

/**
 * A proposal's times as stored and echoed: every local time an agent sent (the server reads them,
 * the document asks for offsets) gets the offset of the zone it is read in, at creation: an
 * entity's own zone else the trip's (its schedule slots alike), a changed event's own zone. So a
 * proposal read back is RFC 3339 throughout, and accept applies the very instants it shows.
 */
export function proposalWithOffsets(
  input: CreateProposalInput,
  tripZone: string,
  events: Map<number, TripEventRow>,
): CreateProposalInput {
  const entityZone = (e: ProposalEntityInput | undefined) => e?.timeZone ?? tripZone;
  const entities = input.entities.map((e) => ({
    ...e,
    ...(e.startDateTime ? { startDateTime: offset(e.startDateTime, entityZone(e)) } : {}),
    ...(e.endDateTime ? { endDateTime: offset(e.endDateTime, entityZone(e)) } : {}),
  }));
  const options = input.options?.map((o): ProposalOptionInput => ({
    ...o,
    ...(o.schedule
      ? {
          schedule: o.schedule.map((s) => {
            const zone = entityZone(input.entities[s.entity_index]);
            return {
              ...s,
              startDateTime: offset(s.startDateTime, zone),
              ...(s.endDateTime ? { endDateTime: offset(s.endDateTime, zone) } : {}),
            };
          }),
        }
      : {}),
    ...(o.changes
      ? { changes: o.changes.map((c) => changeWithOffsets(c, events.get(c.event_id)?.timeZone ?? tripZone)) }
      : {}),
  }));
  return { ...input, entities, ...(options ? { options } : {}) };
}

function changeWithOffsets(c: ProposalChangeInput, eventZone: string): ProposalChangeInput {
  if (c.type === "move_event") {
    return {
      ...c,
      startDateTime: offset(c.startDateTime, eventZone),
      ...(c.endDateTime ? { endDateTime: offset(c.endDateTime, eventZone) } : {}),
    };
  }
  if (c.type === "update_event") {
    const zone = c.changes.timeZone ?? eventZone;
    const { startDateTime: start, endDateTime: end } = c.changes;
    return {
      ...c,
      changes: {
        ...c.changes,
        ...(start ? { startDateTime: offset(start, zone) } : {}),
        ...(end ? { endDateTime: offset(end, zone) } : {}),
      },
    };
  }
  return c;
}

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/** RFC 3339 as sent; else the same instant with its own offset (e.g. +0100), or read in `zone` when it has none. */
function offset(s: string, zone: string): string {
  if (RFC3339.test(s)) return s;
  if (HAS_OFFSET.test(s)) return DateTime.fromISO(s, { setZone: true }).toISO({ suppressMilliseconds: true })!;
  return formatInZone(toInstant(s, zone), zone);
}
