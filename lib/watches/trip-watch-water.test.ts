import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-db";
import { call } from "@/lib/http/testing/call-route";
import { PLANNER_AGENT_ID } from "@/lib/planner/raise-planner-proposal";
import { routeModule } from "@/lib/testing/route-registry";
import { getProposalCall, listProposalsCall } from "@/lib/trips/testing/trip-fixture";
import { refreshWatch } from "./refresh-watch";
import { lisbon, lisbonSandboxTrip, postEvent } from "./testing/trip-watch-fixtures";

const watchRoute = await routeModule("/v1/weather/watch");
const watchById = await routeModule("/v1/weather/watch/{watch_id}");
const simulations = await routeModule("/v1/weather/simulations");

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t.close());

interface TripEventView {
  event_id: number;
  outdoor: boolean;
  activity_type: string;
  place: { lat: number; lng: number };
  risk: { level: string } | null;
}

describe("trip watch: a water activity is small craft end to end (issue 38 item 5)", () => {
  it("a sea kayak in a moderate, steep sea is outdoor boat_tour at warning in the watch, and the planner proposes for it", async () => {
    // Before: trip weather and the watch judged "Sea kayak" with the large-ferry profile (not outdoor,
    // 1.8 m waves low), so the planner, which judged it as small craft, was never asked.
    const f = await lisbonSandboxTrip();
    const kayak = await postEvent(f.key, f.tripId, {
      type: "activity",
      title: "Sea kayak tour",
      location: "Cascais",
      startDateTime: lisbon(f.day + 1, 10),
      endDateTime: lisbon(f.day + 1, 13),
    });
    expect(kayak.status, kayak.text).toBe(201);
    const kayakId = kayak.body.id as number;
    const geo = kayak.body.geo as { lat: number; lng: number };
    // Calm the whole horizon at the kayak's cell, then a moderate steep sea over the morning.
    const calm = {
      wind_speed_ms: 2,
      wind_gust_ms: 4,
      precipitation_mm_h: 0,
      precipitation_probability: 5,
      weather_code: 1,
      wave_height_m: 0.3,
      wave_period_s: 8,
    };
    for (const [params, starts, ends] of [
      [calm, lisbon(1, 0), lisbon(6, 0)],
      [{ ...calm, wave_height_m: 1.8, wave_period_s: 6 }, lisbon(f.day + 1, 6), lisbon(f.day + 1, 11)],
    ] as const) {
      const inj = await call(simulations.POST, {
        method: "POST",
        path: "/v1/weather/simulations",
        bearer: f.key,
        body: { lat: geo.lat, lng: geo.lng, kind: "custom", params, starts_at: starts, ends_at: ends },
      });
      expect(inj.status, inj.text).toBe(201);
    }
    const created = await call(watchRoute.POST, {
      method: "POST",
      path: "/v1/weather/watch",
      bearer: f.key,
      body: { target_type: "trip", target_ref: { trip_id: f.tripId }, webhook_url: "https://hooks.example.com/w" },
    });
    expect(created.status, created.text).toBe(201);
    const watchId = created.body.data.watch_id as string;
    const r = await refreshWatch(watchId);
    expect(r).toMatchObject({ outcome: "refreshed" });
    const read = await call(watchById.GET, {
      path: `/v1/weather/watch/${watchId}`,
      params: { watch_id: watchId },
      bearer: f.key,
    });
    const view = (read.body.data.trip.events as TripEventView[]).find((e) => e.event_id === kayakId)!;
    expect(view).toMatchObject({ activity_type: "boat_tour", outdoor: true, risk: { level: "warning" } });

    const pending = await listProposalsCall(f.token, f.tripId, "pending");
    const planned = pending.body.proposals.filter(
      (p: { actor_agent_id: string; subject_event_id: number }) =>
        p.actor_agent_id === PLANNER_AGENT_ID && p.subject_event_id === kayakId,
    );
    expect(planned).toHaveLength(1);
    const proposal = (await getProposalCall(f.token, f.tripId, planned[0].proposal_id)).body;
    for (const o of proposal.options as Array<{ forecast: { windows: Array<{ role: string; risk_level: string }> } }>)
      expect(o.forecast.windows.find((w) => w.role === "proposed")!.risk_level).toMatch(/^(low|watch)$/);
  });
});
