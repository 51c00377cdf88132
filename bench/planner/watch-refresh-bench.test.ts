import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-db";
import { call } from "@/lib/http/testing/call-route";
import { routeModule } from "@/lib/testing/route-registry";
import { refreshWatch } from "@/lib/watches/refresh-watch";
import { lisbon, lisbonSandboxTrip } from "@/lib/watches/testing/trip-watch-fixtures";

/*
 * Acceptance bench (issue 38): a trip watch refresh that asks the weather planner, against the same
 * refresh when nothing is at risk (the planner is not asked). Same trip, same cached cells; only the
 * injected thunderstorm over Sintra differs. Uses only the trip-watch API and fixtures that predate
 * issue 38, so the file runs on an older checkout for a before/after figure:
 *   PLANNER_BENCH=1 TEST_DATABASE_URL=... npx vitest run bench/planner/watch-refresh-bench.test.ts
 * Skipped in `npm test` (timing is not a pass/fail criterion on a shared machine).
 */
const watchRoute = await routeModule("/v1/weather/watch");
const simulations = await routeModule("/v1/weather/simulations");
const RUNS = Number(process.env.PLANNER_BENCH_RUNS ?? 40);

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t.close());

async function timed(watchId: string, runs: number) {
  const ms: number[] = [];
  const planner: unknown[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    const r = await refreshWatch(watchId);
    ms.push(performance.now() - start);
    expect(r.outcome).toBe("refreshed");
    planner.push((r as { planner?: unknown }).planner ?? null);
  }
  ms.sort((a, b) => a - b);
  const at = (q: number) => +ms[Math.min(ms.length - 1, Math.floor(q * ms.length))].toFixed(1);
  return { p50_ms: at(0.5), p95_ms: at(0.95), planner };
}

describe.runIf(process.env.PLANNER_BENCH)("trip watch refresh bench (issue 38)", () => {
  it("measures a refresh without and with the planner asked", async () => {
    const f = await lisbonSandboxTrip();
    const w = await call(watchRoute.POST, {
      method: "POST",
      path: "/v1/weather/watch",
      bearer: f.key,
      body: {
        target_type: "trip",
        target_ref: { trip_id: f.tripId },
        webhook_url: "https://hooks.example.com/bench",
      },
    });
    expect(w.status, w.text).toBe(201);
    const watchId = w.body.data.watch_id as string;
    await timed(watchId, 3); // warm: cells cached, statements prepared
    const calm = await timed(watchId, RUNS);
    expect(calm.planner.every((p) => p === null)).toBe(true);

    const read = await call((await routeModule("/v1/weather/watch/{watch_id}")).GET, {
      path: `/v1/weather/watch/${watchId}`,
      params: { watch_id: watchId },
      bearer: f.key,
    });
    const sintra = read.body.data.trip.events.find((e: { event_id: number }) => e.event_id === f.ids.sintra);
    const inj = await call(simulations.POST, {
      method: "POST",
      path: "/v1/weather/simulations",
      bearer: f.key,
      body: {
        lat: sintra.place.lat,
        lng: sintra.place.lng,
        kind: "thunderstorm",
        starts_at: lisbon(f.day, 9),
        ends_at: lisbon(f.day, 17),
      },
    });
    expect(inj.status, inj.text).toBe(201);
    const first = await timed(watchId, 1); // the refresh that raises the proposal
    const asked = await timed(watchId, RUNS); // each asks the planner again ("unchanged")
    expect(asked.planner.every((p) => Array.isArray(p) && p.length > 0)).toBe(true);
    console.log(
      JSON.stringify({
        runs: RUNS,
        without_planner: { p50_ms: calm.p50_ms, p95_ms: calm.p95_ms },
        first_with_planner_ms: first.p50_ms,
        first_planner: first.planner[0],
        with_planner: { p50_ms: asked.p50_ms, p95_ms: asked.p95_ms },
        ratio_p50: +(asked.p50_ms / calm.p50_ms).toFixed(2),
      }),
    );
  });
});
