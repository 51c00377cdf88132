import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { DEFAULT_CHANGE_RULES } from "../change-rules";

/** `n` places on a 1-degree grid starting at (lat0, lng0), `cols` per row: one geohash-5 cell each. */
export function gridPlaces(
  n: number,
  opts: { lat0: number; lng0: number; cols?: number },
): Array<{ lat: number; lng: number }> {
  const cols = opts.cols ?? 10;
  return Array.from({ length: n }, (_, i) => ({
    lat: opts.lat0 + Math.floor(i / cols) + 0.2,
    lng: opts.lng0 + (i % cols) + 0.2,
  }));
}

/**
 * Seeds `count` active watches over `places` (watch i at place i mod n) in one INSERT … SELECT
 * (tests and the bench: creating 100,000 watches through the API would measure the API). Each
 * watch's first check is due at `dueFrom` + (i / count) × `spreadMs` (0: all at once).
 */
export async function seedWatches(
  db: DbOrTx,
  o: {
    accountId: string;
    count: number;
    places: Array<{ lat: number; lng: number }>;
    webhookUrl: string;
    startsAt: Date;
    endsAt: Date;
    dueFrom: Date;
    spreadMs?: number;
  },
): Promise<void> {
  const lats = `{${o.places.map((p) => p.lat).join(",")}}`;
  const lngs = `{${o.places.map((p) => p.lng).join(",")}}`;
  await db.execute(sql`
    INSERT INTO watches (account_id, status, target_type, target_ref, latitude, longitude, place_type, activity_type, outdoor,
      starts_at, ends_at, webhook_url, change_rules, next_check_at, created_at, updated_at)
    SELECT ${o.accountId}::uuid, 'active', 'place', jsonb_build_object('place_id', 'plc_seed_' || (i % ${o.places.length})),
      (${lats}::float8[])[1 + i % ${o.places.length}], (${lngs}::float8[])[1 + i % ${o.places.length}], 'city', 'walking_tour', true,
      ${o.startsAt.toISOString()}::timestamptz, ${o.endsAt.toISOString()}::timestamptz, ${o.webhookUrl},
      ${JSON.stringify(DEFAULT_CHANGE_RULES)}::jsonb,
      ${o.dueFrom.toISOString()}::timestamptz + make_interval(secs => (i::float8 / ${o.count}) * ${(o.spreadMs ?? 0) / 1000}),
      now(), now()
    FROM generate_series(0, ${o.count - 1}) AS i`);
}
