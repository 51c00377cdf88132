import type { Proposal, TripEvent } from "./types";

const HOUR = 3_600_000;
/** Events without an end are taken to last an hour (enough to catch "during dinner"). */
const span = (start: string, end?: string | null) => {
  const s = new Date(start).getTime();
  const e = end ? new Date(end).getTime() : s + HOUR;
  return [s, Math.max(e, s + 1)] as const;
};

/** Which proposed entities (with the chosen option's times) overlap events already in the itinerary. */
export function proposalOverlaps(
  p: Proposal,
  optionId: string | undefined,
  events: TripEvent[],
): Array<{ entity: string; event: TripEvent }> {
  const option = p.options.find((o) => o.id === optionId);
  const out: Array<{ entity: string; event: TripEvent }> = [];
  p.entities.forEach((e, i) => {
    const slot = option?.schedule?.find((s) => s.entity_index === i);
    const start = slot?.startDateTime ?? e.startDateTime;
    if (!start || Number.isNaN(new Date(start).getTime())) return;
    const [a0, a1] = span(start, slot?.endDateTime ?? (e.endDateTime as string | null | undefined));
    for (const ev of events) {
      const [b0, b1] = span(ev.startDateTime, ev.endDateTime);
      if (a0 < b1 && b0 < a1) out.push({ entity: e.title, event: ev });
    }
  });
  return out;
}
