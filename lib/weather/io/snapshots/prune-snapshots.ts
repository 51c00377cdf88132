import { sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/sql";

/** Snapshots older than this are never served (6 h max) and only kept for traceability. */
export const SNAPSHOT_RETENTION_DAYS = 7;
const BATCH = 1000;

/**
 * Deletes one batch of expired snapshots and of simulations that ended over a day ago.
 * Returns rows deleted (0 = nothing due). Idempotent; safe on several instances.
 */
export async function pruneWeatherSnapshots(): Promise<number> {
  const db = await getDb();
  const snaps = await queryRows<{ id: string }>(
    db,
    sql`delete from weather_snapshots where id in (
          select id from weather_snapshots where fetched_at < now() - make_interval(days => ${SNAPSHOT_RETENTION_DAYS}) limit ${BATCH})
        returning id`,
  );
  const sims = await queryRows<{ id: string }>(
    db,
    sql`delete from weather_simulations where id in (
          select id from weather_simulations where ends_at < now() - interval '1 day' limit ${BATCH})
        returning id`,
  );
  // Claims left by crashed instances (live ones are deleted by their holder).
  const claims = await queryRows<{ cache_key: string }>(
    db,
    sql`delete from weather_refresh_claims where claimed_until < now() - interval '1 hour' and (open_until is null or open_until < now()) returning cache_key`,
  );
  return snaps.length + sims.length + claims.length;
}
