import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { queryRows } from "@/lib/db/sql";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-db";
import { resetEnvCache } from "@/lib/env";
import { call } from "@/lib/http/testing/call-route";
import { makeUser } from "@/lib/testing/fixtures";
import { startFixtureServer, type FixtureResponse, type FixtureServer } from "@/lib/weather/testing/fixture-server";
import { fixtureText } from "@/lib/weather/testing/fixtures";
import { retryAfterSeconds } from "@/lib/weather/io/providers/http";
import { metricsText } from "@/lib/platform/metrics";
import { installMetricSources } from "@/lib/registry/metric-sources";
import { cellFor, type Cell } from "@/lib/weather/core/cells";
import { providerCircuitKey, setCircuitClock } from "./circuit";
import { forgetHeads } from "./store";
import { routeModule } from "@/lib/testing/route-registry";

// As app/metrics does before the first scrape.
installMetricSources();

const current = await routeModule("/v1/weather/current");

/**
 * The circuit breaker against a real loopback upstream (no fetch mocks): for a hang, a 500 and
 * a 429, a cell with a snapshot keeps answering 200 STALE, a cell without one answers 504/502,
 * the upstream sees at most one call per cell per backoff interval, and the circuit closes
 * after one successful half-open probe once the fault ends. The circuit reads a clock this file
 * moves (setCircuitClock): a backoff passes when the test says so, never by waiting it out.
 */
const BASE_MS = 600;
const MAX_MS = 1200;
const OK: FixtureResponse = { body: fixtureText("open-meteo/frenck-python-open-meteo_forecast.json") };
const FAULTS: Array<{ name: string; fault: FixtureResponse; status: number; code: string }> = [
  { name: "hang", fault: { body: "", hang: true }, status: 504, code: "weather_refresh_timeout" },
  {
    name: "HTTP 500",
    fault: { status: 500, body: JSON.stringify({ error: true, reason: "Internal" }) },
    status: 502,
    code: "provider_unavailable",
  },
  {
    name: "HTTP 429",
    fault: { status: 429, body: JSON.stringify({ error: true, reason: "Too many concurrent requests" }) },
    status: 502,
    code: "provider_unavailable",
  },
];

/**
 * The upstream timeout while the fixture answers: generous, since the fixture server shares this
 * process's event loop with PGlite, and a loaded CI machine once took over 1.5 s to answer it (a
 * 504 on the good fixture). Only a hang phase shortens it (`upstreamTimeout`), since a hang waits
 * the whole timeout out.
 */
const OK_TIMEOUT_MS = "20000";
const HANG_TIMEOUT_MS = "1500";
function upstreamTimeout(ms: string) {
  process.env.WEATHER_PROVIDER_TIMEOUT_MS = ms;
  resetEnvCache();
}

/** The circuit's clock: starts at the wall clock, moves only by `advance`. */
let clockMs = Date.now();
const advance = (ms: number) => void (clockMs += ms);

let t: TestDatabase;
let srv: FixtureServer;
let bearer: string;
beforeAll(async () => {
  t = await createTestDatabase();
  setCircuitClock(() => new Date(clockMs));
  srv = await startFixtureServer();
  Object.assign(process.env, {
    WEATHER_PROVIDER: "open-meteo",
    OPEN_METEO_BASE_URL: srv.baseUrl,
    WEATHER_PROVIDER_TIMEOUT_MS: OK_TIMEOUT_MS,
    WEATHER_CIRCUIT_BASE_MS: String(BASE_MS),
    WEATHER_CIRCUIT_MAX_MS: String(MAX_MS),
  });
  resetEnvCache();
  bearer = await (await makeUser({ plan: "pro" })).key(["weather:read"]);
});
afterAll(async () => {
  for (const k of [
    "WEATHER_PROVIDER",
    "OPEN_METEO_BASE_URL",
    "WEATHER_PROVIDER_TIMEOUT_MS",
    "WEATHER_CIRCUIT_BASE_MS",
    "WEATHER_CIRCUIT_MAX_MS",
  ])
    delete process.env[k];
  resetEnvCache();
  setCircuitClock(undefined);
  await srv.close();
  await t.close();
});

let n = 0;
function place() {
  n++;
  const p = { lat: -40 + n * 0.7, lng: 100 + n * 0.9 };
  return { ...p, cell: cellFor(p.lat, p.lng, "open-meteo") };
}
const get = (p: { lat: number; lng: number }) =>
  call(current.GET, { path: `/v1/weather/current?lat=${p.lat}&lng=${p.lng}`, bearer });
/** Upstream calls made for a cell (the provider is asked for the cell's centre). */
const callsFor = (c: Cell) =>
  srv.requests.filter((u) => u.includes(`latitude=${c.center.lat.toFixed(4)}&longitude=${c.center.lng.toFixed(4)}`))
    .length;
const circuit = async (key: string) =>
  (
    await queryRows<{ failures: number; open_ms: number | null }>(
      t.db,
      sql`select failures, (extract(epoch from open_until - ${new Date(clockMs).toISOString()}::timestamptz) * 1000)::int as open_ms
          from weather_refresh_claims where cache_key = ${key}`,
    )
  )[0];

async function until(cond: () => Promise<boolean> | boolean, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await cond())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
/** Moves the circuit's clock to the moment the key's circuit re-closes (half-open). */
async function passBackoff(key: string) {
  const open = await circuit(key);
  expect(open?.open_ms).toBeGreaterThan(0);
  advance(open!.open_ms!);
}

describe.each(FAULTS)("upstream fault: $name", ({ fault, status, code }) => {
  it("stale where a snapshot exists, error where none; one call per cell per backoff; half-open probe closes it", async () => {
    const warm = place();
    const cold = place();
    srv.serve("/v1/forecast", OK);
    expect((await get(warm)).status).toBe(200);
    await t.db.execute(
      sql`update weather_snapshots set fetched_at = now() - interval '30 minutes' where cache_key = ${warm.cell.key}`,
    );
    forgetHeads();

    srv.serve("/v1/forecast", fault);
    if (fault.hang) upstreamTimeout(HANG_TIMEOUT_MS);
    // No snapshot: the first call fails (504 past the timeout, 502 otherwise) and opens the circuit.
    const first = await get(cold);
    expect(first.status).toBe(status);
    expect(first.body.error.code).toBe(code);
    expect(callsFor(cold.cell)).toBe(1);
    // While open: the recorded error at once, with Retry-After, and no upstream call.
    const during = await Promise.all(Array.from({ length: 5 }, () => get(cold)));
    for (const r of during) {
      expect(r.status).toBe(status);
      expect(r.body.error).toMatchObject({ code, details: { provider: "open-meteo", circuit: "open" } });
      expect(Number(r.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    }
    expect(callsFor(cold.cell)).toBe(1);

    // A snapshot exists: served STALE; the background refresh fails once and opens that cell's circuit.
    for (let i = 0; i < 4; i++) {
      const r = await get(warm);
      expect(r.status).toBe(200);
      expect(r.headers.get("x-cache-status")).toBe("STALE");
      await until(async () => (await circuit(warm.cell.key))?.failures === 1, "the warm cell's circuit to open");
    }
    expect(callsFor(warm.cell)).toBe(2); // the one that made the snapshot, then one failed refresh

    // After the backoff, still faulty: exactly one probe for 5 concurrent requests, and the next backoff doubles.
    expect((await circuit(cold.cell.key)).open_ms).toBe(BASE_MS);
    await passBackoff(cold.cell.key);
    const probe = await Promise.all(Array.from({ length: 5 }, () => get(cold)));
    expect(probe.map((r) => r.status)).toEqual(Array(5).fill(status));
    expect(callsFor(cold.cell)).toBe(2);
    const reopened = await circuit(cold.cell.key);
    expect(reopened.failures).toBe(2);
    expect(reopened.open_ms).toBe(MAX_MS); // 2 × base, at the cap

    // The fault ends: the next probe succeeds and closes the circuit (row gone); then HITs.
    srv.serve("/v1/forecast", OK);
    upstreamTimeout(OK_TIMEOUT_MS);
    await passBackoff(cold.cell.key);
    const recovered = await Promise.all(Array.from({ length: 5 }, () => get(cold)));
    expect(recovered.map((r) => r.status)).toEqual(Array(5).fill(200));
    expect(callsFor(cold.cell)).toBe(3);
    expect(await circuit(cold.cell.key)).toBeUndefined();
    forgetHeads();
    expect((await get(cold)).headers.get("x-cache-status")).toBe("HIT");
    expect(callsFor(cold.cell)).toBe(3);
  });
});

describe("Retry-After from the provider", () => {
  it("a 429 with Retry-After holds the cell and the whole provider for that long", async () => {
    const a = place();
    const b = place();
    srv.serve("/v1/forecast", {
      status: 429,
      body: JSON.stringify({ error: true, reason: "Slow down" }),
      headers: { "retry-after": "3" },
    });
    const r = await get(a);
    expect(r.status).toBe(502);
    expect(r.body.error.details).toMatchObject({ upstream_status: 429, upstream_retry_after_s: 3 });
    expect(r.headers.get("retry-after")).toBe("3"); // the first 502 already carries it
    expect((await circuit(a.cell.key)).open_ms).toBe(3000); // Retry-After (3 s) beats the 600 ms base
    expect((await circuit(providerCircuitKey("open-meteo"))).open_ms).toBe(3000);
    // Another cell: no call while the provider-wide circuit is open.
    const other = await get(b);
    expect(other.status).toBe(502);
    expect(other.body.error.details).toMatchObject({ circuit: "open", upstream_status: 429 });
    expect(other.headers.get("retry-after")).toBe("3");
    expect(callsFor(b.cell)).toBe(0);
    const { body } = await metricsText();
    expect(body).toMatch(/weather_upstream_calls_total\{provider="open-meteo",outcome="circuit_open"\} [1-9]/);
    expect(body).toMatch(/weather_upstream_calls_total\{provider="open-meteo",outcome="error"\} [1-9]/);
    srv.serve("/v1/forecast", OK);
    await passBackoff(providerCircuitKey("open-meteo"));
    expect((await get(b)).status).toBe(200);
    expect(callsFor(b.cell)).toBe(1);
  });
});

describe("retryAfterSeconds", () => {
  it("reads delta-seconds and HTTP dates; ignores what it cannot read", () => {
    expect(retryAfterSeconds("120")).toBe(120);
    const inAMinute = new Date(Date.now() + 60_000).toUTCString();
    expect(retryAfterSeconds(inAMinute)).toBeGreaterThanOrEqual(58);
    expect(retryAfterSeconds(inAMinute)).toBeLessThanOrEqual(60);
    expect(retryAfterSeconds(new Date(Date.now() - 60_000).toUTCString())).toBe(0);
    expect(retryAfterSeconds("soon")).toBeUndefined();
    expect(retryAfterSeconds(null)).toBeUndefined();
  });
});
