import type { OpInput, TripEvent } from "./types";

/** GET /v1/trips/{id}/ops?since_revision= as the portal reads it. */
export interface TripDiff {
  since_revision: number;
  current_revision: number;
  ops: Array<{ type: string; payload: Record<string, unknown> }>;
  upserted_events: TripEvent[];
  deleted_event_ids: number[];
}

export type RebaseOutcome =
  | { kind: "clean"; onto: number; changed: string[] }
  | { kind: "conflict"; onto: number; eventId: number; theirs: TripEvent | null };

/** Event ids an op edits (add_event edits none that exist yet). */
function touchedBy(op: OpInput): number[] {
  const p = op.payload;
  if (typeof p.event_id === "number") return [p.event_id];
  if (Array.isArray(p.event_ids)) return p.event_ids.filter((x): x is number => typeof x === "number");
  if (Array.isArray(p.order)) return p.order.filter((x): x is number => typeof x === "number");
  return [];
}

/**
 * Whether the user's ops can be re-applied on top of what others did since
 * their revision: clean when no event they edit was changed or deleted in
 * between (then the ops are replayed on the current revision), otherwise a
 * conflict carrying the other version so the user can choose.
 */
export function planRebase(ops: OpInput[], diff: TripDiff): RebaseOutcome {
  const changed = new Map(diff.upserted_events.map((e) => [e.id, e]));
  const deleted = new Set(diff.deleted_event_ids);
  for (const op of ops) {
    for (const id of touchedBy(op)) {
      if (deleted.has(id)) return { kind: "conflict", onto: diff.current_revision, eventId: id, theirs: null };
      const theirs = changed.get(id);
      if (theirs) return { kind: "conflict", onto: diff.current_revision, eventId: id, theirs };
    }
  }
  const titles = [
    ...diff.upserted_events.map((e) => e.title),
    ...diff.deleted_event_ids.map((id) => `event ${id} (removed)`),
  ];
  return { kind: "clean", onto: diff.current_revision, changed: titles };
}
