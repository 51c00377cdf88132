import { sql, type SQL } from "drizzle-orm";
import { getDb, type Tx } from "@/lib/db/client";
import { PG_DEADLOCK, PG_SERIALIZATION_FAILURE, pgErrorCode, queryOne } from "@/lib/db/sql";
import { ApiError } from "@/lib/http/errors";
import {
  appendOp,
  bumpTrip,
  explainNothingBumped,
  intArray,
  staleRevision,
  type ChangeSource,
} from "@/lib/trips/ops/write-trip-statement";
import type { TripNeed } from "@/lib/trips/roles";

export interface TripChange {
  tripId: number;
  /** Ops endpoint: apply only while the trip is still at this revision (else 409 STALE_REVISION). */
  baseRevision?: number;
  source: ChangeSource;
  type: string;
  payload: Record<string, unknown>;
  actorUserId: string | null;
  opId?: string;
  /**
   * Check the caller's trip role inside the revision bump (one statement fewer on the
   * success path); only when the bump matches nothing is the role read, for 404/403.
   */
  requireRole?: { userId: string; need: TripNeed };
}

export interface ChangeContext {
  tx: Tx;
  tripId: number;
  tripZone: string;
  tripDates: { start: string | null; end: string | null };
  revision: number;
}

export interface MutationOutcome<T> {
  affected: number[];
  deleted?: number[];
  /** The normalised payload to log, when it differs from the request's. */
  loggedPayload?: Record<string, unknown>;
  /**
   * A data-modifying statement of the same change run as a CTE of the op-log insert (one round
   * trip fewer while the trip's row lock is held), e.g. an accepted proposal's created ids.
   */
  alongside?: SQL;
  value: T;
}

export interface ChangeResult<T> {
  tripId: number;
  revision: number;
  affectedEventIds: number[];
  deletedEventIds: number[];
  value: T;
}

/**
 * THE way a trip's events change (ops endpoint, /api event CRUD, proposal
 * accept): in one transaction, bump the trip revision (conditionally when a
 * base revision is given), run the mutation, and append the op-log row for the
 * new revision. A mutation that throws rolls the bump back, so a failed op never
 * moves the revision. Pass `outer` to run inside a caller's transaction.
 */
export async function applyTripChange<T>(
  change: TripChange,
  mutate: (ctx: ChangeContext) => Promise<MutationOutcome<T>>,
  outer?: Tx,
): Promise<ChangeResult<T>> {
  const run = async (tx: Tx): Promise<ChangeResult<T>> => {
    const bumped = await bumpRevision(tx, change);
    const ctx: ChangeContext = {
      tx,
      tripId: change.tripId,
      tripZone: bumped.time_zone,
      tripDates: { start: bumped.start_date, end: bumped.end_date },
      revision: bumped.revision,
    };
    const out = await mutate(ctx);
    const deleted = out.deleted ?? [];
    const append = appendOp(
      {
        source: change.source,
        type: change.type,
        payload: out.loggedPayload ?? change.payload,
        affected: intArray(out.affected),
        deleted: intArray(deleted),
        actorUserId: change.actorUserId,
        opId: change.opId,
      },
      { trip: sql`${change.tripId}::integer`, revision: sql`${bumped.revision}::integer` },
    );
    await tx.execute(out.alongside ? sql`WITH alongside AS (${out.alongside}) ${append}` : append);
    return {
      tripId: change.tripId,
      revision: bumped.revision,
      affectedEventIds: out.affected,
      deletedEventIds: deleted,
      value: out.value,
    };
  };
  if (outer) return run(outer);
  const db = await getDb();
  try {
    return await db.transaction(run);
  } catch (err) {
    const code = pgErrorCode(err);
    if (code === PG_SERIALIZATION_FAILURE || code === PG_DEADLOCK) throw await concurrentChange(change);
    throw err;
  }
}

interface Bumped {
  revision: number;
  time_zone: string;
  start_date: string | null;
  end_date: string | null;
}

async function bumpRevision(tx: Tx, change: TripChange): Promise<Bumped> {
  const target = { trip: change.tripId, baseRevision: change.baseRevision, role: change.requireRole };
  const row = await queryOne<Bumped>(
    tx,
    bumpTrip(target, sql`time_zone, start_date::text AS start_date, end_date::text AS end_date`),
  );
  if (row) return { ...row, revision: Number(row.revision) };
  return explainNothingBumped(tx, {
    tripId: change.tripId,
    baseRevision: change.baseRevision,
    role: change.requireRole,
  });
}

async function concurrentChange(change: TripChange): Promise<ApiError> {
  if (change.baseRevision === undefined) {
    return new ApiError("conflict", "The trip was changed concurrently; retry the request.");
  }
  const db = await getDb();
  const current = await queryOne<{ revision: number }>(db, sql`SELECT revision FROM trips WHERE id = ${change.tripId}`);
  return staleRevision(Number(current?.revision ?? change.baseRevision), change.baseRevision);
}
