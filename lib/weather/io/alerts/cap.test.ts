import { describe, expect, it } from "vitest";
import { fixtureText } from "@/lib/weather/testing/fixtures";
import { parseCapAlert, polygonContains, type AlertMessage } from "./cap";
import { resolveAlerts } from "./resolve-alerts";
import { metAlertsCapLinks } from "./met-norway";
import { parseMeteoalarmAtom, rebase } from "./meteoalarm";
import { alertSourcesFor } from "./official-alerts";
import { resetEnvCache } from "@/lib/env";

const MET_CAP = fixtureText("met-norway/metno-MetAlert-Search_METfare-20210921T070421.cap.xml");
const FR_FEED = fixtureText("meteoalarm/meteoalarm_france_feed_trimmed.xml");
const FR_CAP = fixtureText("meteoalarm/rolfberkenbosch-meteoalert-api_france_sample_detail.xml");
// Inside the recorded Måløy - Svinøy polygon, and a point outside it (Bergen).
const MALOY = { lat: 62.2, lng: 5.1 };
const BERGEN = { lat: 60.39, lng: 5.32 };

describe("CAP 1.2 on recorded alerts", () => {
  it("MET Norway: the English info block, lower-case CAP enums, UTC times, polygon", () => {
    const m = parseCapAlert(MET_CAP, "credit")!;
    expect(m).toMatchObject({
      identifier: "2.49.0.1.578.0.210921070421906.1705",
      msgType: "Alert",
      status: "Actual",
      references: [],
      allClear: false,
      event: "Gale",
      severity: "moderate",
      certainty: "likely",
      urgency: "future",
      starts: "2021-09-21T06:00:00.000Z",
      ends: "2021-09-22T10:00:00.000Z",
      source: "MET Norway",
      attribution: "credit",
    });
    expect(m.areas).toHaveLength(1);
    expect(m.areas[0].desc).toBe("Maaloey - Svinoey");
    expect(m.areas[0].polygons[0]).toHaveLength(7);
    expect(polygonContains(m.areas[0].polygons[0], MALOY.lat, MALOY.lng)).toBe(true);
    expect(polygonContains(m.areas[0].polygons[0], BERGEN.lat, BERGEN.lng)).toBe(false);
  });

  it("Météo-France via MeteoAlarm: an Update names the message it replaces and is an AllClear", () => {
    const m = parseCapAlert(FR_CAP, "credit")!;
    expect(m).toMatchObject({
      identifier: "2.49.0.0.250.0.FR.20221207060126.964028",
      msgType: "Update",
      allClear: true,
      source: "METEO-FRANCE",
      event: "Moderate avalanches warning",
    });
    expect(m.references).toEqual(["2.49.0.0.250.0.FR.20221206160108.315028"]);
    expect(m.areas.map((a) => a.desc)).toContain("Savoie");
    expect(m.starts).toBe("2022-12-07T05:00:00.000Z"); // +01:00 offsets read as UTC
  });

  it("not CAP: null, no exception", () => {
    expect(parseCapAlert("<html><body>maintenance</body></html>", "x")).toBeNull();
    expect(parseCapAlert("not xml at all <<<", "x")).toBeNull();
  });
});

describe("MeteoAlarm Atom feed and the MetAlerts index", () => {
  it("entries group by CAP identifier, one area per entry; the feed's rights join the credit", () => {
    const entries = parseMeteoalarmAtom(FR_FEED);
    expect(entries.map((e) => [e.identifier, e.msgType, e.areas.map((a) => a.desc)])).toEqual([
      ["2.49.0.0.250.0.FR.20221207160058.764028", "Alert", ["Haute Savoie", "Savoie"]],
      ["2.49.0.0.250.0.FR.20221207060126.964028", "Update", ["Haute Savoie", "Savoie"]],
    ]);
    expect(entries[0]).toMatchObject({
      severity: "moderate",
      certainty: "likely",
      urgency: "future",
      ends: "2022-12-08T15:00:00.000Z",
      event: "Moderate avalanches warning",
    });
    expect(entries[0].capUrl).toBe(
      "https://feeds.meteoalarm.org/api/v1/warnings/feeds-france/04d497d4-d114-4d6b-93ba-13fa7ed577fe",
    );
    expect(entries[0].attribution).toMatch(/MeteoAlarm.*Copyright \(c\) 2022, meteoalarm\.org/);
    expect(() => parseMeteoalarmAtom("<html/>")).toThrow();
  });

  it("index: CAP links; upstream links are rebased on the configured base URL", () => {
    const links = metAlertsCapLinks(JSON.parse(fixtureText("met-norway/metalerts_current_index_handmade.json")));
    expect(links).toEqual([
      "https://api.met.no/weatherapi/metalerts/2.0/current?cap=2.49.0.1.578.0.210921070421906.1705",
    ]);
    expect(rebase(links[0], "http://127.0.0.1:9/")).toBe(
      "http://127.0.0.1:9/weatherapi/metalerts/2.0/current?cap=2.49.0.1.578.0.210921070421906.1705",
    );
    expect(metAlertsCapLinks({ features: "nope" })).toEqual([]);
  });
});

/** The recorded MET Norway alert as a later message of the same alert (fields derived for the scenario). */
function derived(
  base: AlertMessage,
  identifier: string,
  msgType: AlertMessage["msgType"],
  references: string[],
  patch: Partial<AlertMessage> = {},
): AlertMessage {
  return { ...base, identifier, msgType, references, ...patch };
}

describe("updates, cancellations and several sources", () => {
  const a = parseCapAlert(MET_CAP, "MET")!;
  const b = derived(a, "B", "Update", [a.identifier], { severity: "severe" });
  const c = derived(a, "C", "Update", ["B"], { severity: "extreme" });
  const cancel = derived(a, "D", "Cancel", ["C"]);

  it("an update replaces what it references and carries the alert's history", () => {
    const out = resolveAlerts([a, b, c], MALOY);
    expect(out).toHaveLength(1);
    expect(out[0]).toMatchObject({
      id: "C",
      capIdentifier: "C",
      severity: "extreme",
      area: "Maaloey - Svinoey",
      attribution: "MET",
    });
    expect(new Set(out[0].references)).toEqual(new Set(["B", a.identifier]));
  });

  it("a cancel retires the alert; AllClear and non-Actual messages never show", () => {
    expect(resolveAlerts([a, b, c, cancel], MALOY)).toEqual([]);
    expect(resolveAlerts([cancel], MALOY)).toEqual([]);
    expect(resolveAlerts([derived(a, "E", "Update", [], { allClear: true })], MALOY)).toEqual([]);
    expect(resolveAlerts([{ ...a, status: "Exercise" }], MALOY)).toEqual([]);
  });

  it("the same identifier from two sources counts once (the first source wins); outside the polygon nothing", () => {
    const viaMeteoalarm = { ...c, source: "MeteoAlarm", attribution: "MeteoAlarm" };
    const out = resolveAlerts([a, b, c, viaMeteoalarm], MALOY);
    expect(out.map((x) => [x.id, x.attribution])).toEqual([["C", "MET"]]);
    expect(resolveAlerts([a], BERGEN)).toEqual([]);
  });

  it("geocode-only areas whose boundary is unknown are country-level notices, never area alerts (issue 39)", () => {
    const [alert] = parseMeteoalarmAtom(FR_FEED);
    expect(alert.areas[0].geocodes).toEqual([{ name: "NUTS3", value: "FR718" }]);
    expect(resolveAlerts([alert], { lat: 45.9, lng: 6.1 })).toMatchObject([
      { id: alert.identifier, area: "Haute Savoie; Savoie", scope: "country" },
    ]);
  });
});

describe("coverage", () => {
  it("each source answers for its countries, national first; none outside production unless set", () => {
    process.env.WEATHER_ALERT_SOURCES = "nws,met-norway,meteoalarm";
    resetEnvCache();
    try {
      expect(alertSourcesFor(MALOY.lat, MALOY.lng)).toEqual({ country: "NO", sources: ["met-norway", "meteoalarm"] });
      expect(alertSourcesFor(45.9, 6.1)).toEqual({ country: "FR", sources: ["meteoalarm"] });
      expect(alertSourcesFor(33.45, -112.07).sources).toEqual(["nws"]);
      expect(alertSourcesFor(-33.87, 151.2).sources).toEqual([]); // Sydney: no source
      expect(alertSourcesFor(0, -30).sources).toEqual([]); // open ocean
      process.env.WEATHER_ALERT_SOURCES = "none";
      resetEnvCache();
      expect(alertSourcesFor(45.9, 6.1).sources).toEqual([]);
    } finally {
      delete process.env.WEATHER_ALERT_SOURCES;
      resetEnvCache();
    }
    expect(alertSourcesFor(45.9, 6.1).sources).toEqual([]); // tests: off by default
  });
});
