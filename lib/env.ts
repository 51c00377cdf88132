import { z } from "zod";

/**
 * Validated environment. Parsed lazily on first use so `next build` never needs
 * run-time settings. Every variable is documented in the README table.
 * Later areas extend `EnvSchema` in one place; nothing reads process.env directly.
 */
const bool = z
  .enum(["1", "0", "true", "false", ""])
  .optional()
  .transform((v) => v === "1" || v === "true");

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
  /** postgres://… ; when absent the embedded PGlite database is used. */
  DATABASE_URL: z.string().url().optional(),
  PGLITE_DIR: z.string().default(".data/pglite"),
  /** Label reported in meta.environment and /v1/usage of production accounts. */
  APP_ENVIRONMENT: z.string().default("production"),
  /** next-auth JWT/cookie secret. Required when NODE_ENV=production. */
  NEXTAUTH_SECRET: z.string().min(16).optional(),
  NEXTAUTH_URL: z.string().url().optional(),
  /** 32-byte key (hex or base64) for AES-256-GCM encryption of stored secrets. */
  APP_ENCRYPTION_KEY: z.string().optional(),
  /** Weather provider: simulated | open-meteo | openweather. */
  WEATHER_PROVIDER: z.enum(["simulated", "open-meteo", "openweather"]).optional(),
  OPENWEATHER_API_KEY: z.string().optional(),
  OPEN_METEO_BASE_URL: z.string().url().default("https://api.open-meteo.com"),
  OPENWEATHER_BASE_URL: z.string().url().default("https://api.openweathermap.org"),
  /** Legacy switch (before issue 31): "nws" = WEATHER_ALERT_SOURCES=nws outside production. */
  WEATHER_ALERTS_SOURCE: z.enum(["none", "nws"]).default("none"),
  /**
   * Issue 31: official alert sources added to providers without alerts (open-meteo), comma-separated:
   * `nws` (US), `met-norway` (Norway), `meteoalarm` (Europe), or `none`. Each answers only for the
   * countries it covers. Default: all three in production, none elsewhere.
   */
  WEATHER_ALERT_SOURCES: z
    .string()
    .regex(/^(none|(nws|met-norway|meteoalarm)(,(nws|met-norway|meteoalarm))*)$/)
    .optional(),
  NWS_BASE_URL: z.string().url().default("https://api.weather.gov"),
  METEOALARM_BASE_URL: z.string().url().default("https://feeds.meteoalarm.org"),
  MET_NORWAY_BASE_URL: z.string().url().default("https://api.met.no"),
  /** A MeteoAlarm country feed is shared by every cell of the country: kept this long per process (s; 0 = no cache). */
  WEATHER_ALERT_FEED_TTL_S: z.coerce.number().int().min(0).default(120),
  /** Region boundaries for alert geocodes (NUTS / EMMA_ID), lib/weather/io/alerts/regions.ts; unset or missing = none resolvable. */
  WEATHER_ALERT_REGIONS_FILE: z.string().min(1).optional(),
  /**
   * Issue 31: hourly supplements fetched beside a real provider's forecast, comma-separated:
   * `marine` (Open-Meteo Marine), `air_quality` (Open-Meteo Air Quality), or `none`.
   * Default: both in production, none elsewhere (tests never reach the internet).
   */
  WEATHER_SUPPLEMENTS: z
    .string()
    .regex(/^(none|(marine|air_quality)(,(marine|air_quality))*)$/)
    .optional(),
  OPEN_METEO_MARINE_BASE_URL: z.string().url().default("https://marine-api.open-meteo.com"),
  OPEN_METEO_AIR_QUALITY_BASE_URL: z.string().url().default("https://air-quality-api.open-meteo.com"),
  /** Upstream timeout in ms (504 weather_refresh_timeout past it). */
  WEATHER_PROVIDER_TIMEOUT_MS: z.coerce.number().int().positive().default(8000),
  /** Circuit breaker per cell: first backoff after a provider failure, doubled per failure up to the max (ms). */
  WEATHER_CIRCUIT_BASE_MS: z.coerce.number().int().positive().default(10_000),
  WEATHER_CIRCUIT_MAX_MS: z.coerce.number().int().positive().default(300_000),
  /**
   * Per provider (issue 34): how often it updates its model output (a watch's snapshot is fresh
   * for that long; seconds) and the upstream budget shared by every instance (calls per UTC minute
   * and per UTC day; 0 = unlimited). Defaults: the providers' published free tiers.
   */
  OPEN_METEO_UPDATE_INTERVAL_S: z.coerce.number().int().min(60).default(900),
  OPEN_METEO_CALLS_PER_MINUTE: z.coerce.number().int().min(0).default(600),
  OPEN_METEO_CALLS_PER_DAY: z.coerce.number().int().min(0).default(10_000),
  OPENWEATHER_UPDATE_INTERVAL_S: z.coerce.number().int().min(60).default(600),
  OPENWEATHER_CALLS_PER_MINUTE: z.coerce.number().int().min(0).default(60),
  OPENWEATHER_CALLS_PER_DAY: z.coerce.number().int().min(0).default(1_000),
  SIMULATED_UPDATE_INTERVAL_S: z.coerce.number().int().min(60).default(900),
  SIMULATED_CALLS_PER_MINUTE: z.coerce.number().int().min(0).default(0),
  SIMULATED_CALLS_PER_DAY: z.coerce.number().int().min(0).default(0),
  /** Share of each budget window (percent) only interactive requests may use; background refreshes stop below it. */
  WEATHER_BUDGET_INTERACTIVE_RESERVE_PCT: z.coerce.number().int().min(0).max(90).default(20),
  /** Webhook retry schedule, seconds between attempts, comma-separated. */
  WEBHOOK_RETRY_SCHEDULE: z.string().optional(),
  /** Comma-separated hosts/CIDRs allowed past the SSRF guard (dev and tests only). */
  WEBHOOK_ALLOWED_HOSTS: z.string().optional(),
  /**
   * Comma-separated IPs/CIDRs of the reverse proxies in front of `next start` (load balancer,
   * ingress): their X-Forwarded-For hops are believed; with none set, the socket peer is the client.
   */
  TRUSTED_PROXIES: z.string().optional(),
  /** Comma-separated origins (e.g. http://localhost:6274, the Inspector's web UI) whose browser pages may call /api/mcp besides the app's own. */
  MCP_ALLOWED_ORIGINS: z.string().optional(),
  /** Comma-separated hosts/CIDRs whose client ID metadata documents may be fetched although internal (tests: 127.0.0.1); still HTTPS. */
  OAUTH_CLIENT_METADATA_ALLOWED_HOSTS: z.string().optional(),
  /** How long a client ID metadata document may take to arrive (connect + response). */
  OAUTH_CLIENT_METADATA_TIMEOUT_MS: z.coerce.number().int().positive().default(5_000),
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** Postgres connect timeout (ms): an unreachable server is detected within it (lib/db/outage.ts). */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(1000),
  /**
   * Work leases (webhook chains, watch refresh claims): the holder renews them every quarter lease
   * while it works (lib/jobs/lease-heartbeat.ts), so a dead worker's work is claimed again
   * lease + one poll after its last heartbeat (6 s + 1 s by default).
   */
  WORK_LEASE_MS: z.coerce.number().int().min(1000).max(600_000).default(6000),
  /** Webhook attempts in flight at once per runner, all endpoints together. */
  WEBHOOK_CONCURRENCY: z.coerce.number().int().positive().max(1024).default(64),
  /** Webhook attempts in flight at once per runner to one endpoint (also its keep-alive agent's socket limit). */
  WEBHOOK_ENDPOINT_CONCURRENCY: z.coerce.number().int().positive().max(256).default(32),
  /** Inngest: when INNGEST_EVENT_KEY or INNGEST_DEV is set, background work runs on Inngest. */
  INNGEST_EVENT_KEY: z.string().optional(),
  INNGEST_SIGNING_KEY: z.string().optional(),
  INNGEST_DEV: z.string().optional(),
  /** Set to 1 to stop the in-process local runner (e.g. for a dedicated worker). */
  LOCAL_RUNNER_DISABLED: bool,
  LOCAL_RUNNER_INTERVAL_MS: z.coerce.number().int().positive().default(1000),
  /** Visa API master development key (never rate limited). */
  VISA_MASTER_KEY: z.string().min(16).optional(),
  /** OAuth providers, switched on when both values are set. */
  GITHUB_ID: z.string().optional(),
  GITHUB_SECRET: z.string().optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  /** Max JSON request body in bytes (413 past it). */
  // In-process credential cache lifetime (a safety net: LISTEN/NOTIFY evicts on change); 0 disables it.
  CREDENTIAL_CACHE_TTL_MS: z.coerce.number().int().min(0).max(300_000).default(5_000),
  MAX_BODY_BYTES: z.coerce.number().int().positive().default(1_048_576),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  /** The request log (GET /v1/requests); "off" only for the overhead benchmark. */
  REQUEST_LOG: z.enum(["on", "off"]).default("on"),
  /**
   * Outgoing mail (issue 30): smtp://user:pass@host:587 (STARTTLS) or smtps://user:pass@host:465.
   * Unset: mail goes to the local outbox (database table, /outbox in development).
   */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, "Use smtp://user:pass@host:port or smtps://…")
    .optional(),
  /** The From header of every mail. */
  MAIL_FROM: z.string().min(3).default("Skycast <no-reply@skycast.example>"),
  /**
   * `test`: argon2id at m=1 MiB, t=1 instead of the OWASP minimum (~75 ms a hash on a loaded
   * 2-core CI machine; the test suite signs up hundreds of users). Honoured only when
   * NODE_ENV=test (vitest.config.ts sets both); anything else keeps production strength.
   */
  PASSWORD_HASH_COST: z.enum(["standard", "test"]).default("standard"),
  /** Bearer token for GET /metrics (Prometheus); /metrics is 404 while unset. */
  METRICS_TOKEN: z.string().min(16).optional(),
});

export type Env = z.infer<typeof EnvSchema>;

/**
 * NEXTAUTH_SECRET's value outside production (lib/auth/auth-secret.ts); the production check
 * refuses it (lib/platform/production-config.ts). A setting's default, so it lives with the settings.
 */
export const DEV_AUTH_SECRET = "dev-only-insecure-nextauth-secret-change-me";

let cached: Env | undefined;

export function env(): Env {
  if (!cached) {
    const parsed = EnvSchema.safeParse(process.env);
    if (!parsed.success) {
      const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
      throw new Error(`Invalid environment:\n${lines.join("\n")}`);
    }
    cached = parsed.data;
    if (cached.NODE_ENV === "development" && !cached.NEXTAUTH_URL) {
      // `npm run dev` needs no settings: the portal is this dev server. Mail links then point at its
      // port, and next-auth (which reads process.env itself) stops warning on every request.
      cached.NEXTAUTH_URL = `http://localhost:${process.env.PORT || 3000}`;
      process.env.NEXTAUTH_URL = cached.NEXTAUTH_URL;
    }
  }
  return cached;
}

/** Tests change process.env between cases; this drops the parsed copy. */
export function resetEnvCache(): void {
  cached = undefined;
}

export function isProduction(): boolean {
  return env().NODE_ENV === "production";
}
