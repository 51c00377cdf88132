import { sql } from "drizzle-orm";
import { bigint, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * One upstream fetch for one geohash-5 cell from one provider (DESIGN section 5).
 * Rows are immutable; the newest row per cache_key is the cache entry. Older rows
 * stay so snapshot ids quoted by watches and events keep resolving.
 */
export const weatherSnapshots = pgTable(
  "weather_snapshots",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** `<provider>:<geohash5>`: the single-flight and cache key. */
    cacheKey: text("cache_key").notNull(),
    provider: text("provider").notNull(),
    geohash: text("geohash").notNull(),
    fetchedAt: timestamp("fetched_at", { withTimezone: true }).notNull(),
    validFrom: timestamp("valid_from", { withTimezone: true }).notNull(),
    validTo: timestamp("valid_to", { withTimezone: true }).notNull(),
    /** NormalizedForecast as returned by the provider (injections are applied on read). */
    payload: jsonb("payload").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("weather_snapshots_key_fetched_idx").on(t.cacheKey, t.fetchedAt.desc())],
);

/**
 * Cross-process single flight: the instance that inserts (or takes over an expired)
 * claim for a cache key makes the upstream call; others wait for its snapshot. No
 * connection or transaction is held during the upstream call.
 */
export const weatherRefreshClaims = pgTable("weather_refresh_claims", {
  cacheKey: text("cache_key").primaryKey(),
  claimedUntil: timestamp("claimed_until", { withTimezone: true }).notNull(),
  claimedAt: timestamp("claimed_at", { withTimezone: true }).notNull().defaultNow(),
  /**
   * Circuit breaker (lib/weather/io/snapshots/circuit.ts), shared by every instance: consecutive
   * provider failures for this key, no upstream call before open_until, and the last failure
   * (code, message, details) repeated to callers meanwhile. Reset (row deleted) on success.
   */
  failures: integer("failures").notNull().default(0),
  openUntil: timestamp("open_until", { withTimezone: true }),
  lastError: jsonb("last_error"),
});

/** Presets (shorthands for explicit values); "custom" = explicit values only. */
export const SIMULATION_KINDS = [
  "heavy_rain",
  "rain",
  "gusts",
  "heat",
  "cold",
  "fog",
  "thunderstorm",
  "snow",
  "severe_alert",
  "freezing_rain",
  "custom",
] as const;
export type SimulationKind = (typeof SIMULATION_KINDS)[number];

/**
 * Conditions injected into the simulated provider for a cell and time window.
 * Stored in Postgres so the API server, the admin CLI, workers and tests all see them.
 */
export const weatherSimulations = pgTable(
  "weather_simulations",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    geohash: text("geohash").notNull(),
    lat: doublePrecision("lat").notNull(),
    lng: doublePrecision("lng").notNull(),
    kind: text("kind", { enum: SIMULATION_KINDS }).notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    /** Explicit values (lib/weather/simulation-schemas.ts), overriding the kind's preset field by field. */
    params: jsonb("params").$type<Record<string, number | string>>().notNull().default({}),
    /** Account that injected it through the API; null for operators (admin CLI). */
    accountId: uuid("account_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("weather_simulations_geohash_ends_idx").on(t.geohash, t.endsAt)],
);

/**
 * Upstream budget per provider (lib/weather/io/snapshots/upstream-budget.ts), shared by every
 * instance: calls made in the current UTC minute and UTC day (epoch minute / epoch day numbers),
 * taken one call at a time by a conditional upsert, so instances together never pass the limit.
 */
export const weatherUpstreamBudget = pgTable("weather_upstream_budget", {
  provider: text("provider").primaryKey(),
  minute: bigint("minute", { mode: "number" }).notNull(),
  minuteCalls: integer("minute_calls").notNull(),
  day: integer("day").notNull(),
  dayCalls: integer("day_calls").notNull(),
});
