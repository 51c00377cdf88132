import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { watchEvents } from "@/drizzle/schema";
import { getDb } from "@/lib/db/client";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-db";
import { resetEnvCache } from "@/lib/env";
import { call } from "@/lib/http/testing/call-route";
import { makeUser } from "@/lib/testing/fixtures";
import { routeModule } from "@/lib/testing/route-registry";
import { refreshWatch } from "@/lib/watches/refresh-watch";
import { createWatchVia, watchBody } from "@/lib/watches/testing/watch-fixtures";
import { getSnapshot } from "./io/snapshots/get-snapshot";
import { startFixtureServer, type FixtureServer } from "./testing/fixture-server";
import { fixtureText } from "./testing/fixtures";
import { redateInstants, redateOpenMeteo } from "./testing/redate";

// Issue 31: recorded MET Norway, MeteoAlarm and NWS feeds flow through the real adapters (served by
// the fixture server) into current, timeline and watch answers; call() validates every answer
// against its contract. Recorded times are moved so the alerts started an hour ago.
const current = await routeModule("/v1/weather/current");
const timeline = await routeModule("/v1/weather/timeline");
const route = await routeModule("/v1/weather/route");
const watchById = await routeModule("/v1/weather/watch/{watch_id}");

const HOUR = 3_600_000;
const hourNow = Math.floor(Date.now() / HOUR) * HOUR;
const MET_CAP = redateInstants(
  fixtureText("met-norway/metno-MetAlert-Search_METfare-20210921T070421.cap.xml"),
  "2021-09-21T06:00:00+00:00",
  hourNow - HOUR,
);
const MET_INDEX = fixtureText("met-norway/metalerts_current_index_handmade.json");
const A = "2.49.0.1.578.0.210921070421906.1705";
const FR_FEED = redateInstants(
  fixtureText("meteoalarm/meteoalarm_france_feed_trimmed.xml"),
  "2022-12-07T15:00:00+00:00",
  hourNow - HOUR,
);
const FR_CAP = redateInstants(
  fixtureText("meteoalarm/rolfberkenbosch-meteoalert-api_france_sample_detail.xml"),
  "2022-12-07T15:00:00+00:00",
  hourNow - HOUR,
);
// NWS Phoenix's recorded point query (an Excessive Heat Warning, an Air Quality Alert), moved so the
// heat warning began an hour ago.
const NWS = redateInstants(fixtureText("nws/nws_alerts__api.json"), "2024-07-19T17:00:00Z", hourNow - HOUR);
// Inside the recorded Måløy - Svinøy warning polygon; in Savoie; in Phoenix.
const MALOY = { lat: 62.2, lng: 5.1 };
const SAVOIE = { lat: 45.5, lng: 6.4 };
const PHOENIX = { lat: 33.45, lng: -112.07 };

/**
 * A later message of the recorded MET Norway alert, for the update/cancel scenario. Derived fields:
 * identifier, msgType, references, and severity (the recorded one is Moderate; severe_alert_added
 * concerns severe and extreme alerts).
 */
function metMessage(
  identifier: string,
  msgType: "Alert" | "Update" | "Cancel",
  references: string | null,
  severity = "Severe",
): string {
  let x = MET_CAP.replace(`<identifier>${A}</identifier>`, `<identifier>${identifier}</identifier>`)
    .replace("<msgType>Alert</msgType>", `<msgType>${msgType}</msgType>`)
    .replaceAll("<severity>Moderate</severity>", `<severity>${severity}</severity>`);
  if (references)
    x = x.replace("<scope>Public</scope>", `<scope>Public</scope>\n  <references>${references}</references>`);
  return x;
}
const indexFor = (identifier: string) => MET_INDEX.replaceAll(A, identifier);

/** MeteoAlarm's Norway feed republishing MET Norway's message (same identifier): the recorded French entry's shape, Norwegian fields. */
function meteoalarmNorwayFeed(identifier: string, msgType: string): string {
  const entry = FR_FEED.slice(FR_FEED.indexOf("<entry>"), FR_FEED.indexOf("</entry>") + "</entry>".length)
    .replace(/<cap:identifier>[^<]*<\/cap:identifier>/, `<cap:identifier>${identifier}</cap:identifier>`)
    .replace(/<cap:message_type>[^<]*</, `<cap:message_type>${msgType}<`)
    .replace(/<cap:severity>[^<]*</, "<cap:severity>Severe<")
    .replace(/<cap:areaDesc>[^<]*</, "<cap:areaDesc>Maaloey - Svinoey<");
  return FR_FEED.slice(0, FR_FEED.indexOf("<entry>")) + entry + "\n</feed>\n";
}

let t: TestDatabase;
let srv: FixtureServer;
const ENV: Record<string, string> = {
  WEATHER_PROVIDER: "open-meteo",
  WEATHER_SUPPLEMENTS: "none",
  WEATHER_ALERT_SOURCES: "met-norway,meteoalarm,nws",
  WEATHER_ALERT_FEED_TTL_S: "0",
};
beforeAll(async () => {
  t = await createTestDatabase();
  srv = await startFixtureServer();
  for (const k of ["OPEN_METEO_BASE_URL", "METEOALARM_BASE_URL", "MET_NORWAY_BASE_URL", "NWS_BASE_URL"])
    ENV[k] = srv.baseUrl;
  Object.assign(process.env, ENV);
  resetEnvCache();
  srv.serve("/v1/forecast", {
    body: redateOpenMeteo(fixtureText("open-meteo/frenck-python-open-meteo_forecast.json"), hourNow - HOUR),
  });
  srv.serve("/feeds/meteoalarm-legacy-atom-france", {
    body: FR_FEED,
    headers: { "content-type": "application/atom+xml" },
  });
  srv.serve("/api/v1/warnings/feeds-france/", { body: FR_CAP, headers: { "content-type": "application/cap+xml" } });
});
afterAll(async () => {
  for (const k of Object.keys(ENV)) delete process.env[k];
  resetEnvCache();
  await srv.close();
  await t.close();
});

/** What MET Norway (and MeteoAlarm's Norway feed) say now; the next snapshot of the cell reads it. */
async function upstreamSays(
  met: { identifier: string; xml: string } | "down",
  meteoalarm: { identifier: string; msgType: string } | "down",
) {
  if (met === "down") srv.serve("/weatherapi/metalerts/2.0/current", { status: 503, body: "{}" });
  else {
    srv.serve("/weatherapi/metalerts/2.0/current.json", { body: indexFor(met.identifier) });
    srv.serve("/weatherapi/metalerts/2.0/current", { body: met.xml, headers: { "content-type": "application/xml" } });
  }
  if (meteoalarm === "down") srv.serve("/feeds/meteoalarm-legacy-atom-norway", { status: 404, body: "{}" });
  else
    srv.serve("/feeds/meteoalarm-legacy-atom-norway", {
      body: meteoalarmNorwayFeed(meteoalarm.identifier, meteoalarm.msgType),
    });
  for (const use of ["forecast", "current"] as const)
    await getSnapshot({ ...MALOY, environment: "production", use, forceRefresh: true });
}

async function severeEvents(watchId: string) {
  return (await getDb())
    .select()
    .from(watchEvents)
    .where(and(eq(watchEvents.watchId, watchId), eq(watchEvents.type, "weather.severe_alert_added")));
}

describe("official alerts from recorded feeds", () => {
  it("MET Norway: current shows the CAP alert with every normalised field, the credit, and a risk reason", async () => {
    await upstreamSays({ identifier: A, xml: MET_CAP }, "down");
    const k = await (await makeUser({ plan: "pro" })).key(["weather:read", "weather:timeline", "weather:route"]);
    const r = await call(current.GET, {
      path: `/v1/weather/current?lat=${MALOY.lat}&lng=${MALOY.lng}&activity_type=hiking`,
      bearer: k,
    });
    expect(r.status).toBe(200);
    expect(r.body.data.alerts).toEqual([
      {
        id: A,
        cap_identifier: A,
        event: "Gale",
        severity: "moderate",
        certainty: "likely",
        urgency: "future",
        area: "Maaloey - Svinoey",
        starts: new Date(hourNow - HOUR).toISOString(),
        ends: new Date(hourNow + 27 * HOUR).toISOString(),
        source: "MET Norway",
        attribution: expect.stringContaining("MET Norway"),
        description: expect.stringMatching(/^Gale, yellow level, Maaloey - Svinoey/),
        references: [],
        scope: "area",
        status: "confirmed",
      },
    ]);
    expect(r.body.data.attribution).toMatch(/Open-Meteo.*; Warnings: MET Norway/);
    expect(r.body.data.risk.reasons.map((x: { code: string }) => x.code)).toContain("weather_alert");
    expect(srv.requests.some((q) => q.startsWith("/weatherapi/metalerts/2.0/current.json?lat=62."))).toBe(true);

    const tl = await call(timeline.POST, {
      method: "POST",
      path: "/v1/weather/timeline",
      bearer: k,
      body: {
        items: [
          {
            id: "boat",
            start: new Date(hourNow + 2 * HOUR).toISOString(),
            lat: MALOY.lat,
            lng: MALOY.lng,
            activity_type: "boat_tour",
          },
        ],
      },
    });
    expect(tl.status).toBe(200);
    expect(tl.body.data.items[0].risk.reasons).toContainEqual({
      code: "weather_alert",
      level: "watch",
      message: "Gale in effect (MET Norway).",
    });

    // A ferry crossing inside the warning area: every segment carries the alert.
    const rt = await call(route.POST, {
      method: "POST",
      path: "/v1/weather/route",
      bearer: k,
      body: {
        origin: MALOY,
        destination: { lat: MALOY.lat + 0.02, lng: MALOY.lng + 0.02 },
        transport_mode: "ferry",
        start_time: new Date(hourNow + 2 * HOUR).toISOString(),
      },
    });
    expect(rt.status).toBe(200);
    expect(rt.body.data.segments.length).toBeGreaterThan(0);
    for (const seg of rt.body.data.segments)
      expect(seg.risk.reasons.map((x: { code: string }) => x.code)).toContain("weather_alert");
  });

  it("NWS: the recorded point query reaches current, timeline and route answers, with its source and a risk reason", async () => {
    srv.serve("/alerts/active", { body: NWS, headers: { "content-type": "application/geo+json" } });
    for (const use of ["forecast", "current"] as const)
      await getSnapshot({ ...PHOENIX, environment: "production", use, forceRefresh: true });
    const k = await (await makeUser({ plan: "pro" })).key(["weather:read", "weather:timeline", "weather:route"]);
    const r = await call(current.GET, {
      path: `/v1/weather/current?lat=${PHOENIX.lat}&lng=${PHOENIX.lng}&activity_type=hiking`,
      bearer: k,
    });
    expect(r.status).toBe(200);
    const heat = r.body.data.alerts.find((a: { event: string }) => a.event === "Excessive Heat Warning");
    expect(heat).toMatchObject({
      severity: "severe",
      source: "NWS Phoenix AZ",
      starts: new Date(hourNow - HOUR).toISOString(),
    });
    expect(r.body.data.risk.reasons.map((x: { code: string }) => x.code)).toContain("weather_alert");
    // Asked for the cell (its centre), as every upstream call is.
    expect(srv.requests.some((q) => /^\/alerts\/active\?point=33\.\d{4},-112\.\d{4}$/.test(q))).toBe(true);

    const tl = await call(timeline.POST, {
      method: "POST",
      path: "/v1/weather/timeline",
      bearer: k,
      body: {
        items: [
          {
            id: "hike",
            start: new Date(hourNow + 2 * HOUR).toISOString(),
            lat: PHOENIX.lat,
            lng: PHOENIX.lng,
            activity_type: "hiking",
          },
        ],
      },
    });
    expect(tl.status).toBe(200);
    expect(tl.body.data.items[0].risk.reasons.map((x: { code: string }) => x.code)).toContain("weather_alert");

    const rt = await call(route.POST, {
      method: "POST",
      path: "/v1/weather/route",
      bearer: k,
      body: {
        origin: PHOENIX,
        destination: { lat: PHOENIX.lat + 0.05, lng: PHOENIX.lng + 0.05 },
        transport_mode: "car",
        start_time: new Date(hourNow + 2 * HOUR).toISOString(),
      },
    });
    expect(rt.status).toBe(200);
    expect(rt.body.data.segments.length).toBeGreaterThan(0);
    for (const seg of rt.body.data.segments)
      expect(seg.risk.reasons.map((x: { code: string }) => x.code)).toContain("weather_alert");
  });

  it("MeteoAlarm: the French feed's Alert applies in Savoie; its AllClear update (read from the linked CAP) does not", async () => {
    const k = await (await makeUser({ plan: "pro" })).key(["weather:read"]);
    const r = await call(current.GET, { path: `/v1/weather/current?lat=${SAVOIE.lat}&lng=${SAVOIE.lng}`, bearer: k });
    expect(r.status).toBe(200);
    expect(r.body.data.alerts).toMatchObject([
      {
        id: "2.49.0.0.250.0.FR.20221207160058.764028",
        event: "Moderate avalanches warning",
        severity: "moderate",
        area: "Haute Savoie; Savoie",
        attribution: expect.stringContaining("MeteoAlarm"),
      },
    ]);
    expect(srv.requests).toContain("/api/v1/warnings/feeds-france/2f32f9f9-06df-48aa-b0a0-10493ea07c51");
  });

  it("an alert updated twice and then cancelled: one weather.severe_alert_added per watch; gone after the cancel", async () => {
    const user = await makeUser({ plan: "pro" });
    const body = watchBody(
      { latitude: MALOY.lat, longitude: MALOY.lng, activity_type: "boat_tour" },
      { startInHours: 2, hours: 4 },
    );
    const w1 = (await createWatchVia(user, body)).watch.watch_id;
    const { watch, key } = await createWatchVia(user, body);
    const w2 = watch.watch_id;
    const refreshBoth = async () => {
      for (const id of [w1, w2]) expect((await refreshWatch(id)).outcome).toBe("refreshed");
    };

    await upstreamSays({ identifier: "A1", xml: metMessage("A1", "Alert", null) }, "down");
    // Racing refreshes of the same watches (the scheduler and a manual fire): one claim wins each.
    const raced = await Promise.all([w1, w2, w1, w2].map((id) => refreshWatch(id)));
    expect(raced.filter((r) => r.outcome === "refreshed").length).toBeGreaterThanOrEqual(2);
    await refreshBoth();
    // First update, from MET Norway only.
    await upstreamSays(
      { identifier: "A2", xml: metMessage("A2", "Update", "noreply@met.no,A1,2021-09-21T07:04:21+00:00") },
      "down",
    );
    await refreshBoth();
    // Both sources down: the alert drops out of the snapshot for one refresh.
    await upstreamSays("down", "down");
    await refreshBoth();
    // Second update, from MET Norway and MeteoAlarm (same identifier), and a third watch that never saw A1.
    await upstreamSays(
      { identifier: "A3", xml: metMessage("A3", "Update", "noreply@met.no,A2,2021-09-21T08:00:00+00:00", "Extreme") },
      { identifier: "A3", msgType: "Update" },
    );
    const w3 = (await createWatchVia(user, body)).watch.watch_id;
    await refreshBoth();
    await refreshWatch(w3);
    await refreshBoth();
    const during = await call(watchById.GET, {
      bearer: key,
      path: `/v1/weather/watch/${w2}`,
      params: { watch_id: w2 },
    });
    expect(during.status).toBe(200);
    expect(during.body.data.latest_snapshot.alerts).toMatchObject([
      { id: "A3", severity: "extreme", cap_identifier: "A3", area: "Maaloey - Svinoey" },
    ]);

    // Cancelled.
    await upstreamSays(
      { identifier: "A4", xml: metMessage("A4", "Cancel", "noreply@met.no,A3,2021-09-21T09:00:00+00:00") },
      "down",
    );
    await refreshBoth();
    await refreshWatch(w3);

    for (const id of [w1, w2]) {
      const events = await severeEvents(id);
      expect(events).toHaveLength(1);
      expect(events[0].data.alert).toMatchObject({ id: "A1", severity: "severe" });
    }
    const third = await severeEvents(w3);
    expect(third.map((e) => (e.data.alert as { id: string }).id)).toEqual(["A3"]);

    const after = await call(watchById.GET, { bearer: key, path: `/v1/weather/watch/${w2}`, params: { watch_id: w2 } });
    expect(after.body.data.latest_snapshot.alerts).toEqual([]);
    const k = await user.key(["weather:read"]);
    const now = await call(current.GET, { path: `/v1/weather/current?lat=${MALOY.lat}&lng=${MALOY.lng}`, bearer: k });
    expect(now.body.data.alerts).toEqual([]);
  });
});
