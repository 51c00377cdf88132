import { sql } from "drizzle-orm";
import type { TripProposalRow } from "@/drizzle/schema";
import type { DbOrTx } from "@/lib/db/client";
import { queryRows } from "@/lib/db/sql";
import { ApiError } from "@/lib/http/errors";
import type { ProposalOptionInput } from "./proposal-schemas";

/**
 * Issue 42 item 1: a proposal bound to a base revision is OUT OF DATE when the trip moved past that
 * revision and one of the later changes touched (changed or removed) an event the proposal changes;
 * then its changes no longer apply and accepting it is not offered. When the later changes touched
 * none of its events it still applies cleanly, and an accept rebases it onto the current revision.
 * Derived on read from the op log (trip_ops.affected/deleted_event_ids), never stored, so it is true
 * the moment the other change commits, on every instance.
 */
export interface OutOfDate {
  since_revision: number;
  current_revision: number;
  /** The proposal's events that changed after its base, each with the revision that changed it last. */
  changed_events: Array<{ event_id: number; title: string | null; removed: boolean; revision: number }>;
  /** The op log below this revision was pruned: what changed cannot be told, only that something may have. */
  history_pruned: boolean;
}

/** Every existing event any option of the proposal would change (moves, updates, removals). */
export function eventsChangedBy(row: Pick<TripProposalRow, "options">): number[] {
  const ids = new Set<number>();
  for (const o of row.options as ProposalOptionInput[]) for (const c of o.changes ?? []) ids.add(c.event_id);
  return [...ids];
}

interface OpRow {
  revision: number | null;
  affected: number[] | null;
  deleted: number[] | null;
}

/**
 * Whether the proposal is out of date at the trip's current revision, null when it still applies
 * (or is not bound to a revision). `lock` takes the trip row FOR UPDATE first, so an accept that
 * rebases cannot be overtaken between this read and its own revision bump.
 */
export async function readOutOfDate(
  db: DbOrTx,
  row: Pick<TripProposalRow, "tripId" | "baseRevision" | "options">,
  lock = false,
): Promise<{ outOfDate: OutOfDate | null; currentRevision: number }> {
  const base = row.baseRevision;
  const touched = eventsChangedBy(row);
  const ids = sql`ARRAY[${sql.join([sql`0`, ...touched.map((i) => sql`${i}`)], sql`, `)}]::integer[]`;
  // Lock (or read) the trip row first, then read the log in a statement of its own: under READ
  // COMMITTED that statement sees every change committed before the lock was granted.
  const trip = await queryRows<{ revision: number; floor: number }>(
    db,
    sql`SELECT revision, op_log_floor AS floor FROM trips WHERE id = ${row.tripId} ${lock ? sql`FOR UPDATE` : sql``}`,
  );
  const rows =
    touched.length === 0 || base === null || base === undefined
      ? []
      : await queryRows<OpRow>(
          db,
          sql`SELECT o.revision, o.affected_event_ids AS affected, o.deleted_event_ids AS deleted
            FROM trip_ops o WHERE o.trip_id = ${row.tripId} AND o.revision > ${base}
              AND (o.affected_event_ids && ${ids} OR o.deleted_event_ids && ${ids})
            ORDER BY o.revision`,
        );
  const current = Number(trip[0]?.revision ?? 0);
  if (base === null || base === undefined || base >= current || touched.length === 0)
    return { outOfDate: null, currentRevision: current };
  const pruned = base < Number(trip[0]?.floor ?? 0);
  const last = new Map<number, { removed: boolean; revision: number }>();
  for (const r of rows) {
    if (r.revision === null) continue;
    for (const id of r.affected ?? [])
      if (touched.includes(id)) last.set(id, { removed: false, revision: Number(r.revision) });
    for (const id of r.deleted ?? [])
      if (touched.includes(id)) last.set(id, { removed: true, revision: Number(r.revision) });
  }
  if (last.size === 0 && !pruned) return { outOfDate: null, currentRevision: current };
  const titles = await queryRows<{ id: number; title: string }>(
    db,
    sql`SELECT id, title FROM trip_events WHERE trip_id = ${row.tripId} AND id = ANY(${ids})`,
  );
  const titleOf = new Map(titles.map((t) => [Number(t.id), t.title]));
  const changed_events = [...last].map(([event_id, v]) => ({ event_id, title: titleOf.get(event_id) ?? null, ...v }));
  return {
    outOfDate: { since_revision: base, current_revision: current, changed_events, history_pruned: pruned },
    currentRevision: current,
  };
}

/** 409 for an accept of an out-of-date proposal, in words a person can act on. */
export function proposalOutOfDate(o: OutOfDate): ApiError {
  const names = o.changed_events.map((e) =>
    e.removed ? `${e.title ?? `event ${e.event_id}`} (removed)` : (e.title ?? `event ${e.event_id}`),
  );
  const what = names.length ? `${names.join(", ")} changed` : "the trip changed";
  return new ApiError(
    "proposal_out_of_date",
    `This proposal is out of date: ${what} after it was made, so its changes no longer apply. Reject it or ask for a new plan.`,
    { details: o, extra: { current_revision: o.current_revision } },
  );
}
