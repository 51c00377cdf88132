import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-db";
import { call } from "@/lib/http/testing/call-route";
import { makeUser } from "@/lib/testing/fixtures";
import { routeModule } from "@/lib/testing/route-registry";

// Issue 39 item 9: injected alerts carry a CAP message type and references (Update replaces, Cancel
// retires), and a 15-minute precipitation series is injected apart from the hourly values. Through
// POST /v1/weather/simulations and the sandbox's current and timeline answers.
const simulations = await routeModule("/v1/weather/simulations");
const current = await routeModule("/v1/weather/current");
const timeline = await routeModule("/v1/weather/timeline");

const HOUR = 3_600_000;
const STEP = 15 * 60_000;
let t: TestDatabase;
let key: string;
beforeAll(async () => {
  t = await createTestDatabase();
  key = await (await makeUser({ plan: "pro", environment: "sandbox" })).key(["weather:read", "weather:timeline"]);
});
afterAll(async () => {
  await t.close();
});

const inject = async (body: Record<string, unknown>) => {
  const r = await call(simulations.POST, { method: "POST", path: "/v1/weather/simulations", bearer: key, body });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.data;
};
const alertsAt = async (p: { lat: number; lng: number }) => {
  const r = await call(current.GET, {
    path: `/v1/weather/current?lat=${p.lat}&lng=${p.lng}&activity_type=beach`,
    bearer: key,
  });
  expect(r.status).toBe(200);
  return r.body.data;
};

describe("injection gaps closed (issue 39)", () => {
  it("an injected Update replaces the alert it references and a Cancel retires it", async () => {
    const p = { lat: 43.3, lng: 5.37 };
    const now = Date.now();
    const window = { starts_at: new Date(now - HOUR).toISOString(), ends_at: new Date(now + 6 * HOUR).toISOString() };
    await inject({
      ...p,
      ...window,
      params: { alert_event: "Orange wind warning", severity: "severe", alert_identifier: "SIM-A" },
    });
    expect((await alertsAt(p)).alerts).toMatchObject([
      { id: "SIM-A", event: "Orange wind warning", severity: "severe", status: "confirmed" },
    ]);

    await inject({
      ...p,
      ...window,
      params: {
        alert_event: "Red wind warning",
        severity: "extreme",
        alert_identifier: "SIM-B",
        alert_message_type: "Update",
        alert_references: "sim@example.org,SIM-A,2026-01-01T00:00:00+00:00",
      },
    });
    const updated = await alertsAt(p);
    expect(updated.alerts).toMatchObject([
      { id: "SIM-B", event: "Red wind warning", severity: "extreme", references: ["SIM-A"] },
    ]);
    expect(updated.risk.level).toBe("warning");

    await inject({
      ...p,
      ...window,
      params: {
        alert_event: "Red wind warning",
        alert_identifier: "SIM-C",
        alert_message_type: "Cancel",
        alert_references: "SIM-B",
      },
    });
    const cancelled = await alertsAt(p);
    expect(cancelled.alerts).toEqual([]);
    expect(cancelled.risk.reasons.map((r: { code: string }) => r.code)).not.toContain("severe_alert");
  });

  it("a Cancel without references retires the earlier injected alert of the same event", async () => {
    const p = { lat: 41.39, lng: 2.17 };
    const now = Date.now();
    const window = { starts_at: new Date(now - HOUR).toISOString(), ends_at: new Date(now + 6 * HOUR).toISOString() };
    await inject({ ...p, ...window, params: { alert_event: "Flood warning", severity: "severe" } });
    expect((await alertsAt(p)).alerts).toHaveLength(1);
    await inject({ ...p, ...window, params: { alert_event: "Flood warning", alert_message_type: "Cancel" } });
    expect((await alertsAt(p)).alerts).toEqual([]);
  });

  it("bad message types and identifiers are refused in the error envelope", async () => {
    const p = { lat: 48.2, lng: 16.37 };
    for (const params of [
      { alert_message_type: "Delete" },
      { alert_identifier: "has space" },
      { minutely_precipitation_mm_h: -1 },
    ]) {
      const r = await call(simulations.POST, {
        method: "POST",
        path: "/v1/weather/simulations",
        bearer: key,
        body: { ...p, params },
      });
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBeTruthy();
    }
  });

  it("a 15-minute precipitation series is injected apart from the hourly values", async () => {
    const p = { lat: 50.85, lng: 4.35 };
    const now = Date.now();
    const q = Math.floor(now / STEP) * STEP;
    // Dry hours; a shower in the second and third quarter-hours only.
    await inject({
      ...p,
      starts_at: new Date(q - HOUR).toISOString(),
      ends_at: new Date(q + 4 * HOUR).toISOString(),
      params: { precipitation_mm_h: 0, precipitation_probability: 5 },
    });
    await inject({
      ...p,
      starts_at: new Date(q + STEP).toISOString(),
      ends_at: new Date(q + 2 * STEP).toISOString(),
      params: { minutely_precipitation_mm_h: 3 },
    });
    await inject({
      ...p,
      starts_at: new Date(q + 2 * STEP).toISOString(),
      ends_at: new Date(q + 3 * STEP).toISOString(),
      params: { minutely_precipitation_mm_h: 8 },
    });
    const data = await alertsAt(p);
    const steps = data.minutely.points as Array<{ time: string; precipitation_mm_h: number }>;
    const at = (ms: number) => steps.find((s) => Date.parse(s.time) === ms)?.precipitation_mm_h;
    expect(at(q)).toBe(0);
    expect(at(q + STEP)).toBe(3);
    expect(at(q + 2 * STEP)).toBe(8);
    expect(at(q + 3 * STEP)).toBe(0);
    // The hourly values stay dry: a timeline item two hours ahead sees no rain.
    const r = await call(timeline.POST, {
      method: "POST",
      path: "/v1/weather/timeline",
      bearer: key,
      body: {
        items: [
          { id: "x", start: new Date(q + 2 * HOUR).toISOString(), lat: p.lat, lng: p.lng, activity_type: "walking" },
        ],
      },
    });
    expect(r.status).toBe(200);
    expect(r.body.data.items[0].risk.reasons.map((x: { code: string }) => x.code)).not.toEqual(
      expect.arrayContaining(["moderate_rain"]),
    );
  });
});
