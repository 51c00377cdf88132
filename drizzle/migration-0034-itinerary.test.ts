import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { MIGRATIONS_FOLDER, openPglite, openPostgres, type Db } from "@/lib/db/client";
import { withDatabase } from "@/lib/db/testing/global-setup";

/*
 * Migration 0034 (itinerary places) on rows written before it: the database is migrated up to 0033,
 * rows in the old shape are inserted, then the rest is applied. Flights keep their arrival data,
 * stays whose nights are known get check-in to check-out, nothing is dropped.
 */
const TAG = "0034_itinerary_places";
const before = mkdtempSync(path.join(tmpdir(), "skycast-pre-0034-"));
cpSync(MIGRATIONS_FOLDER, before, { recursive: true });
const journalPath = path.join(before, "meta", "_journal.json");
const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: Array<{ tag: string }> };
const cut = journal.entries.findIndex((e) => e.tag === TAG);
writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }));
afterAll(() => rmSync(before, { recursive: true, force: true }));

async function rows(db: Db, q: ReturnType<typeof sql>): Promise<Array<Record<string, unknown>>> {
  const r = (await db.execute(q)) as unknown as { rows?: Array<Record<string, unknown>> } & Array<
    Record<string, unknown>
  >;
  return r.rows ?? [...r];
}

async function scenario(db: Db, migrate: (folder: string) => Promise<void>) {
  expect(cut).toBeGreaterThan(0);
  await migrate(before);
  const [trip] = await rows(
    db,
    sql`INSERT INTO trips (name, time_zone) VALUES ('Old trip', 'Europe/Lisbon') RETURNING id`,
  );
  const tripId = Number(trip.id);
  const insert = (v: Record<string, unknown>) =>
    rows(
      db,
      sql`INSERT INTO trip_events (trip_id, type, title, start_at, end_at, time_zone, check_in_time, check_out_time, departure_airport, arrival_airport,
                   lat, lng, geo_source, geo_name, geo_time_zone, arrival_lat, arrival_lng, arrival_name, arrival_country_code, arrival_time_zone, notes)
                 VALUES (${tripId}, ${v.type as string}, ${v.title as string}, ${v.start as string}::timestamptz, ${(v.end as string) ?? null}::timestamptz, 'Europe/Lisbon',
                   ${(v.checkIn as string) ?? null}, ${(v.checkOut as string) ?? null}, ${(v.dep as string) ?? null}, ${(v.arr as string) ?? null},
                   ${(v.lat as number) ?? null}, ${(v.lng as number) ?? null}, ${(v.source as string) ?? null}, ${(v.name as string) ?? null}, ${(v.zone as string) ?? null},
                   ${(v.arrLat as number) ?? null}, ${(v.arrLng as number) ?? null}, ${(v.arrName as string) ?? null}, ${(v.arrCc as string) ?? null}, ${(v.arrZone as string) ?? null},
                   ${(v.notes as string) ?? null})
                 RETURNING id`,
    );
  const [flight] = await insert({
    type: "flight",
    title: "LIS to ZRH",
    start: "2026-05-01T09:00:00Z",
    end: "2026-05-01T12:00:00Z",
    dep: "LIS",
    arr: "ZRH",
    lat: 38.78,
    lng: -9.13,
    source: "airport",
    name: "Lisbon Portela",
    zone: "Europe/Lisbon",
    arrLat: 47.46,
    arrLng: 8.55,
    arrName: "Zurich Airport",
    arrCc: "CH",
    arrZone: "Europe/Zurich",
    notes: "Window seat",
  });
  // Stored as the old form wrote it: the day at 10:00 (the form's default), check-out three days later.
  const [stay] = await insert({
    type: "accommodation",
    title: "Casa",
    start: "2026-05-04T10:00:00+01:00",
    end: "2026-05-07T10:00:00+01:00",
    checkIn: "15:00",
    checkOut: "11:00",
  });
  // No end: how many nights is not known, so the end stays empty; the start becomes the check-in.
  const [open] = await insert({
    type: "accommodation",
    title: "Open stay",
    start: "2026-05-08T09:00:00+01:00",
    checkIn: "14:00",
    checkOut: "11:00",
  });
  const [walk] = await insert({
    type: "activity",
    title: "Walk",
    start: "2026-05-05T10:00:00+01:00",
    end: "2026-05-05T12:00:00+01:00",
  });
  const [count] = await rows(db, sql`SELECT count(*)::int AS n FROM trip_events`);

  await migrate(MIGRATIONS_FOLDER);

  const byId = new Map(
    (
      await rows(
        db,
        sql`SELECT id, type, title, notes, fixed, arrival_source, arrival_lat, arrival_name, arrival_time_zone, arrival_location,
                                              to_char(start_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI') AS s, to_char(end_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI') AS e
                                            FROM trip_events`,
      )
    ).map((r) => [Number(r.id), r]),
  );
  expect(byId.size).toBe(Number(count.n));
  expect(byId.get(Number(flight.id))).toMatchObject({
    s: "2026-05-01T09:00",
    e: "2026-05-01T12:00",
    arrival_source: "airport",
    arrival_lat: 47.46,
    arrival_name: "Zurich Airport",
    arrival_time_zone: "Europe/Zurich",
    arrival_location: null,
    fixed: false,
    notes: "Window seat",
  });
  // Lisbon is UTC+1 in May: check-in 15:00 -> 14:00 UTC, check-out 11:00 -> 10:00 UTC.
  expect(byId.get(Number(stay.id))).toMatchObject({
    s: "2026-05-04T14:00",
    e: "2026-05-07T10:00",
    arrival_source: null,
  });
  expect(byId.get(Number(open.id))).toMatchObject({ s: "2026-05-08T13:00", e: null });
  expect(byId.get(Number(walk.id))).toMatchObject({ s: "2026-05-05T09:00", e: "2026-05-05T11:00", fixed: false });
  const [t] = await rows(db, sql`SELECT buffers FROM trips WHERE id = ${tripId}`);
  expect(t.buffers).toBeNull();
}

describe("migration 0034 (itinerary places) on existing rows", () => {
  it("PGlite: flights keep their arrival, stays get their span, nothing is dropped", async () => {
    const handle = await openPglite("memory://", { migrate: false });
    try {
      const { migrate } = await import("drizzle-orm/pglite/migrator");
      await scenario(handle.db, (folder) => migrate(handle.db as never, { migrationsFolder: folder }));
    } finally {
      await handle.close();
    }
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)("Postgres: the same (skipped without TEST_DATABASE_URL)", async () => {
    const base = process.env.TEST_DATABASE_URL!;
    const name = `h38m_mig0034_${randomBytes(4).toString("hex")}`;
    const { default: postgres } = await import("postgres");
    const admin = postgres(base, { max: 1, onnotice: () => {} });
    await admin.unsafe(`CREATE DATABASE ${name}`);
    const handle = await openPostgres(withDatabase(base, name), { max: 2, connectTimeoutMs: 15_000 });
    try {
      const { migrate } = await import("drizzle-orm/postgres-js/migrator");
      await scenario(handle.db, (folder) => migrate(handle.db as never, { migrationsFolder: folder }));
    } finally {
      await handle.close();
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});
