import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countingDatabase } from "@/lib/db/testing/counting-pglite";
import { call, type CallOptions, type Handler } from "@/lib/http/testing/call-route";
import { makeUser, type TestUser } from "@/lib/testing/fixtures";
import { createVisaKey } from "@/lib/visa/visa-keys";
import { seedVisaSample } from "@/lib/visa/sample-data";
import { createWatchVia } from "@/lib/watches/testing/watch-fixtures";
import { routeModule } from "@/lib/testing/route-registry";
import { parisTimelineItems } from "@/lib/weather/testing/timeline-items";

const health = await routeModule("/v1/weather/health");
const usage = await routeModule("/v1/usage");
const watchList = await routeModule("/v1/weather/watch");
const watchById = await routeModule("/v1/weather/watch/{watch_id}");
const visaCheck = await routeModule("/v1/visa/check");
const trips = await routeModule("/v1/trips");
const ops = await routeModule("/v1/trips/{tripId}/ops");
const timeline = await routeModule("/v1/weather/timeline");

/*
 * Statements per request on the hot paths (issue 15), counted at the driver. Each
 * request runs a few times first (credential cache and LISTEN warm, lastUsedAt written),
 * then one request is counted. A change that adds a round trip fails here.
 */
let statements: string[];
let close: () => Promise<void>;
let u: TestUser;
let key: string;

beforeAll(async () => {
  ({ statements, close } = await countingDatabase());
  u = await makeUser({ plan: "pro" });
  key = await u.key(["weather:read", "weather:watch"]);
});
afterAll(() => close());

async function cost(handler: Handler, opts: CallOptions): Promise<string[]> {
  for (let i = 0; i < 3; i++) {
    const r = await call(handler, opts);
    expect(r.status, r.text).toBeLessThan(300);
    await new Promise((r) => setTimeout(r, 5));
  }
  statements.length = 0;
  const r = await call(handler, opts);
  expect(r.status, r.text).toBeLessThan(300);
  await new Promise((r) => setImmediate(r));
  return offPath(statements);
}

/** The request log is written in batches off the request path: not a request's cost. */
function offPath(qs: string[]): string[] {
  return qs.filter((q) => !/request_log/.test(q));
}

describe("statements per request", () => {
  it("GET /v1/weather/health: none (key from the credential cache)", async () => {
    expect(await cost(health.GET, { bearer: key, path: "/v1/weather/health" })).toEqual([]);
  });

  it("GET /v1/usage: one (counters + live watch count)", async () => {
    const s = await cost(usage.GET, { bearer: key, path: "/v1/usage" });
    expect(s).toHaveLength(1);
    expect(s[0]).toMatch(/usage_counters/);
  });

  it("GET /v1/weather/watch/{id}: two (the quota reservation, then watch + recent events in one)", async () => {
    const { watch } = await createWatchVia(u);
    const id = watch.watch_id;
    const s = await cost(watchById.GET, { bearer: key, path: `/v1/weather/watch/${id}`, params: { watch_id: id } });
    expect(s).toHaveLength(2);
    expect(s[0]).toMatch(/INSERT INTO usage_counters/);
    expect(s[1]).toMatch(/from "watches"/);
  });

  it("GET /v1/weather/watch: one (0 units: the rate-limit headers come from the last reservation seen)", async () => {
    const s = await cost(watchList.GET, { bearer: key, path: "/v1/weather/watch?limit=20" });
    expect(s).toHaveLength(1);
    expect(s[0]).toMatch(/from "watches"/i);
  });

  it("POST /v1/visa/check: one (key + hourly unit); the rules come from memory", async () => {
    await seedVisaSample();
    const { key: visa } = await createVisaKey(
      { accountId: u.accountId, userId: u.userId },
      { name: "rt", hourlyLimit: 1000 },
    );
    const s = await cost(visaCheck.POST, {
      method: "POST",
      path: "/v1/visa/check",
      headers: { "x-visa-intel-key": visa },
      body: { nationality: "US", destination: "FR", purpose: "tourism" },
    });
    expect(s).toHaveLength(1);
    expect(s[0]).toMatch(/visa_usage_windows/);
  });

  it("POST /v1/trips/{id}/ops add_event: one statement (bump with the role check, event, op-log as one CTE)", async () => {
    const token = await u.token();
    const trip = await call(trips.POST, {
      method: "POST",
      path: "/v1/trips",
      bearer: token,
      body: { name: "rt", time_zone: "Europe/Paris" },
    });
    const tripId = String(trip.body.trip_id);
    let base = 0;
    const op = () => ({
      method: "POST" as const,
      path: `/v1/trips/${tripId}/ops`,
      bearer: token,
      params: { tripId },
      body: {
        base_revision: base,
        type: "add_event",
        payload: { type: "activity", title: "x", startDateTime: "2026-05-01T10:00:00+02:00" },
      },
    });
    for (; base < 3; base++) expect((await call(ops.POST, op())).status).toBe(200);
    statements.length = 0;
    expect((await call(ops.POST, op())).status).toBe(200);
    await new Promise((r) => setImmediate(r));
    // Aside from the token's first-use lastUsedAt write (off the request path, once a minute).
    const work = offPath(statements).filter((q) => !q.includes("last_used_at"));
    expect(work, work.join("\n")).toHaveLength(1);
    expect(work[0]).toMatch(
      /^WITH bump AS \(\s*UPDATE trips SET revision = revision \+ 1[\s\S]*trip_members[\s\S]*INSERT INTO trip_events[\s\S]*INSERT INTO trip_ops/,
    );
  });

  it("POST /v1/weather/timeline, 100 items over 10 cells: one (the reservation); heads from the memo, payloads from memory", async () => {
    const tk = await u.key(["weather:timeline"]);
    const items = parisTimelineItems();
    const s = await cost(timeline.POST, { method: "POST", path: "/v1/weather/timeline", bearer: tk, body: { items } });
    // The newest heads of all cells are memoised for 1 s (lib/weather/io/snapshots/store.ts): a slow
    // machine may let it lapse, and then one statement reads every cell's head, never one per cell.
    const heads = s.filter((q) => /weather_snapshots/.test(q));
    expect(heads.length, s.join("\n")).toBeLessThanOrEqual(1);
    const rest = s.filter((q) => !/weather_snapshots/.test(q));
    expect(rest, s.join("\n")).toHaveLength(1);
    expect(rest[0]).toMatch(/INSERT INTO usage_counters/);
  });
});
