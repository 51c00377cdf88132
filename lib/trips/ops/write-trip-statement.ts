import { sql, type SQL } from "drizzle-orm";
import { tripOps } from "@/drizzle/schema";
import type { DbOrTx } from "@/lib/db/client";
import { queryOne } from "@/lib/db/sql";
import { ApiError, notFound } from "@/lib/http/errors";
import { memberHasRoleSql } from "@/lib/trips/member-role-sql";
import { ALLOWED, requireTripRole, type TripNeed } from "@/lib/trips/roles";

/**
 * THE trip write rule, written once (docs/architecture.md, "The trip write rule"). Every change
 * to a trip's events (the general path in apply-trip-change.ts and the one-statement fast paths)
 * is built here:
 *  1. the guard: the trip, `revision = base` when the client gave one, the caller's role;
 *  2. the bump: `revision = revision + 1` on the trip row, whose row lock serialises the trip's
 *     writers (a writer that waited re-checks the guard on the committed row, READ COMMITTED);
 *  3. the caller's mutation (a CTE, or JavaScript between the two statements of the general path);
 *  4. the op-log append for the new revision;
 *  5. when nothing was bumped, one fallback says why: 404, 403 or 409 STALE_REVISION.
 * A new rule (a role, an op-log column, an audit row in the same statement) goes here.
 */

/** Which trip a write applies to and under which conditions. */
export interface TripTarget {
  /** The trip's id, or an SQL expression naming it (e.g. the trip of an event). */
  trip: number | SQL;
  /** Apply only while the trip is still at this revision (else 409 STALE_REVISION). */
  baseRevision?: number;
  /** The caller's role, checked in the same statement as the bump (no round trip of its own). */
  role?: { userId: string; need: TripNeed };
  /** A further condition on the trip row (e.g. the zone the event times were computed in). */
  also?: SQL;
}

/** The WHERE of the trip row (the table named `trips`, unaliased): id, base revision, role. */
export function tripGuard(t: TripTarget): SQL {
  const parts = [sql`id = ${t.trip}`];
  if (t.also) parts.push(t.also);
  if (t.baseRevision !== undefined) parts.push(sql`revision = ${t.baseRevision}`);
  if (t.role) parts.push(memberHasRoleSql(sql`trips.id`, t.role.userId, ALLOWED[t.role.need]));
  return sql.join(parts, sql` AND `);
}

/** The revision bump: `UPDATE trips … RETURNING id, revision[, returning]`, guarded unless `where` replaces the guard. */
export function bumpTrip(t: TripTarget, returning?: SQL, where?: SQL): SQL {
  return sql`UPDATE trips SET revision = revision + 1, updated_at = now()
    WHERE ${where ?? tripGuard(t)}
    RETURNING id, revision${returning ? sql`, ${returning}` : sql``}`;
}

/** The surface a change came through, logged with its op. */
export type ChangeSource = "ops" | "api" | "proposal";

/** One op-log row: what changed, by whom, through which surface. */
export interface OpRow {
  source: ChangeSource;
  type: string;
  payload: Record<string, unknown>;
  /** integer[] expressions (e.g. `ARRAY[ev.id]`); see intArray for ids known in JavaScript. */
  affected: SQL;
  deleted?: SQL;
  actorUserId: string | null;
  opId?: string | null;
}

/** ids known in JavaScript as an integer[] literal of a statement. */
export function intArray(ids: readonly number[]): SQL {
  return ids.length
    ? sql`ARRAY[${sql.join(
        ids.map((i) => sql`${i}`),
        sql`, `,
      )}]::integer[]`
    : sql`'{}'::integer[]`;
}

/**
 * The op-log append: `INSERT INTO trip_ops … SELECT … [FROM from] RETURNING trip_id, revision`.
 * `at` names the trip and revision (bump.id and bump.revision in a CTE; values in the general path).
 */
export function appendOp(op: OpRow, at: { trip: SQL; revision: SQL; from?: SQL }): SQL {
  return sql`INSERT INTO trip_ops (trip_id, revision, source, type, payload, affected_event_ids, deleted_event_ids, actor_user_id, op_id)
    SELECT ${at.trip}, ${at.revision}, ${op.source}::text, ${op.type}::text, ${sql.param(op.payload, tripOps.payload)}::jsonb,
           ${op.affected}, ${op.deleted ?? sql`'{}'::integer[]`}, ${op.actorUserId}::uuid, ${op.opId ?? null}::text
    ${at.from ? sql`FROM ${at.from}` : sql``}
    RETURNING trip_id, revision`;
}

/** A whole trip write as ONE statement (CTEs `bump`, the mutation's, `op`): atomic like any single statement. */
export interface TripWriteStatement {
  target: TripTarget;
  /**
   * CTEs that must find a row before the trip is bumped (an accepted proposal's claim): the trip
   * row is then guarded and locked first as `t` (FOR UPDATE), these CTEs may name `t`, and the bump
   * happens only when the CTE called `name` returned a row.
   */
  claim?: { ctes: SQL; name: string };
  /** Columns of the trip row the mutation needs besides id and revision (e.g. time_zone). */
  bumpReturning?: SQL;
  /** The mutation's CTEs, comma-separated, naming `bump` (e.g. `ev AS (INSERT … FROM bump RETURNING *)`). */
  mutation?: SQL;
  /** The op-log row; `from` joins the mutation (default `bump`), `revision` may nullify it (default bump.revision). */
  op: OpRow & { from?: SQL; revision?: SQL };
  /** The final SELECT, naming `op` and the mutation's CTEs. */
  select: SQL;
}

export function writeTripStatement(w: TripWriteStatement): SQL {
  const head = w.claim
    ? sql`t AS (SELECT id FROM trips WHERE ${tripGuard(w.target)} FOR UPDATE), ${w.claim.ctes}, bump AS (${bumpTrip(
        w.target,
        w.bumpReturning,
        sql`id = ${w.target.trip} AND EXISTS (SELECT 1 FROM ${sql.raw(w.claim.name)})`,
      )})`
    : sql`bump AS (${bumpTrip(w.target, w.bumpReturning)})`;
  const op = appendOp(w.op, {
    trip: sql`bump.id`,
    revision: w.op.revision ?? sql`bump.revision`,
    from: w.op.from ?? sql`bump`,
  });
  return sql`WITH ${head}${w.mutation ? sql`, ${w.mutation}` : sql``}, op AS (${op}) ${w.select}`;
}

/**
 * Nothing was bumped: say why. A non-member or unknown trip gets 404 (trip ids do not leak), a
 * role too weak 403 (both from the role, read first), a trip that moved on 409 STALE_REVISION.
 * Reads on `db` (the caller's transaction when there is one).
 */
export async function explainNothingBumped(
  db: DbOrTx,
  t: { tripId: number; baseRevision?: number; role?: { userId: string; need: TripNeed } },
): Promise<never> {
  if (t.role) await requireTripRole(t.tripId, t.role.userId, t.role.need, db);
  const current = await queryOne<{ revision: number }>(db, sql`SELECT revision FROM trips WHERE id = ${t.tripId}`);
  if (!current || t.baseRevision === undefined) throw notFound("Trip");
  throw staleRevision(Number(current.revision), t.baseRevision);
}

export function staleRevision(current: number, base: number): ApiError {
  return new ApiError(
    "STALE_REVISION",
    `The trip is at revision ${current}, not ${base}. Read the changes since ${base} (GET /v1/trips/{tripId}/ops?since_revision=${base}), re-apply your change and retry with base_revision ${current}.`,
    {
      extra: { current_revision: current, base_revision: base },
      details: { current_revision: current, base_revision: base },
    },
  );
}
