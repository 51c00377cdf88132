import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-db";
import { call } from "@/lib/http/testing/call-route";
import { makeUser } from "@/lib/testing/fixtures";
import { routeModule } from "@/lib/testing/route-registry";
import { getSnapshot } from "./io/snapshots/get-snapshot";
import { fixtureText } from "./testing/fixtures";
import {
  meteoalarmAtom,
  openMeteoAnswer,
  startProviderStandIn,
  type AtomEntrySpec,
  type ProviderStandIn,
} from "./testing/provider-stand-in";
import { redateInstants } from "./testing/redate";

// Issue 39: the real adapters (Open-Meteo, MeteoAlarm, MET Norway, NWS) read a stand-in server
// (a real HTTP server at the adapters' configured base URLs) and their answers flow into current and
// timeline answers; call() validates every answer against its contract.
const current = await routeModule("/v1/weather/current");
const timeline = await routeModule("/v1/weather/timeline");

const HOUR = 3_600_000;
const hourNow = Math.floor(Date.now() / HOUR) * HOUR;
const at = (h: number) => new Date(hourNow + h * HOUR).toISOString();
const capTime = (h: number) => at(h).replace(/\.\d{3}Z$/, "+00:00");

const ANNECY = { lat: 45.9, lng: 6.13 };
const PARIS = { lat: 48.86, lng: 2.35 };
const CAGLIARI = { lat: 39.22, lng: 9.11 };
const ROME = { lat: 41.9, lng: 12.5 };
const LONDON = { lat: 51.5, lng: -0.12 };
const AMSTERDAM = { lat: 52.37, lng: 4.9 };
const PHOENIX = { lat: 33.45, lng: -112.07 };

const FR_FEED = redateInstants(
  fixtureText("meteoalarm/meteoalarm_france_feed_trimmed.xml"),
  "2022-12-07T15:00:00+00:00",
  hourNow - HOUR,
);
const UK_FEED = redateInstants(
  fixtureText("meteoalarm/meteoalarm_uk_feed_trimmed.xml"),
  "2022-12-07T10:28:52+00:00",
  hourNow - HOUR,
);
const NWS = redateInstants(fixtureText("nws/nws_alerts__api.json"), "2024-07-19T17:00:00Z", hourNow - HOUR);

const sardiniaWind = (identifier: string, patch: Partial<AtomEntrySpec> = {}): AtomEntrySpec => ({
  identifier,
  messageType: "Alert",
  event: "Orange wind warning",
  severity: "Severe",
  areaDesc: "Sardegna",
  geocode: { valueName: "NUTS2", value: "ITG2" },
  sent: capTime(-2),
  onset: capTime(-1),
  expires: capTime(24),
  capPath: `feeds-italy/${identifier}`,
  ...patch,
});

let t: TestDatabase;
let srv: ProviderStandIn;
let restore: () => void;
let key: string;
beforeAll(async () => {
  t = await createTestDatabase();
  srv = await startProviderStandIn();
  restore = srv.pointAdaptersHere();
  // Rain labelled +6 h by Open-Meteo fell between +5 h and +6 h.
  srv.openMeteo(openMeteoAnswer(hourNow - 2 * HOUR, 60, { [hourNow + 6 * HOUR]: 6 }));
  srv.meteoalarmFeed("france", FR_FEED);
  srv.meteoalarmCap("feeds-france/", fixtureText("meteoalarm/rolfberkenbosch-meteoalert-api_france_sample_detail.xml"));
  srv.meteoalarmFeed("united-kingdom", UK_FEED);
  srv.meteoalarmCap("feeds-united-kingdom/", { status: 503 });
  srv.meteoalarmFeed("netherlands", meteoalarmAtom("Netherlands", []));
  srv.meteoalarmFeed("italy", meteoalarmAtom("Italy", [sardiniaWind("IT-A")]));
  srv.nws(NWS);
  key = await (await makeUser({ plan: "pro" })).key(["weather:read", "weather:timeline"]);
});
afterAll(async () => {
  restore();
  await srv.close();
  await t.close();
});

async function refresh(p: { lat: number; lng: number }) {
  for (const use of ["forecast", "current"] as const)
    await getSnapshot({ ...p, environment: "production", use, forceRefresh: true });
}

async function rate(
  p: { lat: number; lng: number },
  items: Array<{ id: string; activity_type: string; from?: number; to?: number }>,
) {
  const r = await call(timeline.POST, {
    method: "POST",
    path: "/v1/weather/timeline",
    bearer: key,
    body: {
      items: items.map((i) => ({
        id: i.id,
        start: at(i.from ?? 2),
        end: at(i.to ?? (i.from ?? 2) + 1),
        lat: p.lat,
        lng: p.lng,
        activity_type: i.activity_type,
      })),
    },
  });
  expect(r.status).toBe(200);
  return Object.fromEntries(r.body.data.items.map((i: any) => [i.id, i.risk])) as Record<
    string,
    { level: string; reasons: Array<{ code: string; level: string; message: string }> }
  >;
}

async function alertsAt(p: { lat: number; lng: number }) {
  const r = await call(current.GET, {
    path: `/v1/weather/current?lat=${p.lat}&lng=${p.lng}&activity_type=sightseeing`,
    bearer: key,
  });
  expect(r.status).toBe(200);
  return r.body.data as {
    alerts: Array<Record<string, unknown>>;
    risk: { level: string; reasons: Array<{ code: string }> };
  };
}

describe("weather you can trust at the source (issue 39)", () => {
  it("Open-Meteo rain labelled +6 h lands in the hour +5..+6 h, not +6..+7 h", async () => {
    await refresh(AMSTERDAM);
    const r = await rate(AMSTERDAM, [
      { id: "before", activity_type: "walking", from: 4, to: 5 },
      { id: "rain", activity_type: "walking", from: 5, to: 6 },
      { id: "after", activity_type: "walking", from: 6, to: 7 },
    ]);
    expect(r.rain.reasons.map((x) => x.code)).toContain("moderate_rain");
    expect(r.after.reasons.map((x) => x.code)).not.toContain("moderate_rain");
    expect(r.before.level).toBe("low");
    expect(r.after.level).toBe("low");
  });

  it("a NUTS-geocoded MeteoAlarm alert touches only its region: Annecy yes, Paris no", async () => {
    await refresh(ANNECY);
    await refresh(PARIS);
    const annecy = await alertsAt(ANNECY);
    expect(annecy.alerts).toMatchObject([
      { event: "Moderate avalanches warning", area: "Haute Savoie", scope: "area", status: "confirmed" },
    ]);
    expect(annecy.risk.reasons.map((x) => x.code)).toContain("weather_alert");
    const paris = await alertsAt(PARIS);
    expect(paris.alerts).toEqual([]);
    expect(paris.risk.reasons.map((x) => x.code)).not.toContain("weather_alert");
  });

  it("a region known only by an unresolvable EMMA_ID is a country-level notice: London lists Strathclyde snow, its risk is not raised", async () => {
    await refresh(LONDON);
    const london = await alertsAt(LONDON);
    expect(london.alerts).toMatchObject([{ event: "Yellow snow warning", area: "Strathclyde", scope: "country" }]);
    expect(london.risk.reasons.map((x) => x.code)).not.toContain("weather_alert");
    // Its CAP document was unreachable (503), tried three times; the feed said Update, which stands.
    expect(
      srv.server.requests.filter((q) => q.startsWith("/api/v1/warnings/feeds-united-kingdom/")).length,
    ).toBeGreaterThanOrEqual(3);
    expect(london.alerts[0].status).toBe("confirmed");
  });

  it("an orange wind warning for Sardinia rates Cagliari by profile and leaves a Rome museum alone", async () => {
    await refresh(CAGLIARI);
    await refresh(ROME);
    const cagliari = await rate(CAGLIARI, [
      { id: "beach", activity_type: "beach" },
      { id: "museum", activity_type: "museum" },
      { id: "hiking", activity_type: "hiking" },
      { id: "boat", activity_type: "boat_tour" },
    ]);
    expect(cagliari.beach.level).toBe("warning");
    expect(cagliari.hiking.level).toBe("warning");
    expect(cagliari.boat.level).toBe("warning");
    expect(cagliari.museum).toMatchObject({ level: "watch", reasons: [{ code: "severe_alert", level: "watch" }] });
    expect(cagliari.museum.reasons[0].message).toContain("Orange wind warning");
    const rome = await rate(ROME, [
      { id: "museum", activity_type: "museum" },
      { id: "walk", activity_type: "sightseeing" },
    ]);
    expect(rome.museum.level).toBe("low");
    expect(rome.walk.reasons.map((x) => x.code)).not.toContain("severe_alert");
  });

  it("NWS: a severe heat warning is a warning for hiking and a getting-there watch for a museum", async () => {
    await refresh(PHOENIX);
    const r = await rate(PHOENIX, [
      { id: "hike", activity_type: "hiking" },
      { id: "museum", activity_type: "museum" },
    ]);
    expect(r.hike.level).toBe("warning");
    expect(r.museum.reasons).toContainEqual(
      expect.objectContaining({
        code: "severe_alert",
        level: "watch",
        message: expect.stringContaining("Excessive Heat Warning"),
      }),
    );
  });

  it("a feed-level Cancel retires the alert although its CAP document cannot be fetched", async () => {
    srv.meteoalarmFeed(
      "italy",
      meteoalarmAtom("Italy", [
        sardiniaWind("IT-A"),
        sardiniaWind("IT-C", { messageType: "Cancel", sent: capTime(-1) }),
      ]),
    );
    srv.meteoalarmCap("feeds-italy/IT-C", { status: 500 });
    await refresh(CAGLIARI);
    const c = await alertsAt(CAGLIARI);
    expect(c.alerts).toEqual([]);
    const r = await rate(CAGLIARI, [
      { id: "museum", activity_type: "museum" },
      { id: "beach", activity_type: "beach" },
    ]);
    expect(r.museum.level).toBe("low");
    expect(r.beach.reasons.map((x) => x.code)).not.toContain("severe_alert");
    // Three attempts per feed read (the forecast and the current snapshot each read the feed once).
    const attempts = srv.server.requests.filter((q) => q === "/api/v1/warnings/feeds-italy/IT-C").length;
    expect(attempts).toBeGreaterThanOrEqual(3);
    expect(attempts % 3).toBe(0);
  });

  it("an entry that does not say its message type, with its CAP document unreachable, is shown as unconfirmed", async () => {
    srv.meteoalarmFeed("italy", meteoalarmAtom("Italy", [sardiniaWind("IT-U", { messageType: undefined })]));
    srv.meteoalarmCap("feeds-italy/IT-U", { status: 502 });
    await refresh(CAGLIARI);
    const c = await alertsAt(CAGLIARI);
    expect(c.alerts).toMatchObject([{ id: "IT-U", status: "unconfirmed", scope: "area" }]);
  });
});
