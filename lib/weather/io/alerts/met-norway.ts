import { log } from "@/lib/log";
import { fetchUpstreamJson, fetchUpstreamText } from "@/lib/weather/io/providers/http";
import { parseCapAlert, type AlertMessage } from "./cap";
import { rebase } from "./meteoalarm";

/**
 * MET Norway MetAlerts 2.0: `current.json?lat=&lon=` lists the alerts in force at a point (GeoJSON,
 * docs.api.met.no/doc/metalerts/geojson); each feature's `resources` links its CAP file, which we
 * read for the alert itself (the same CAP profile MET Norway sends to MeteoAlarm, so the same
 * identifiers). api.met.no's terms ask every client to identify itself in User-Agent.
 */
export const MET_NORWAY_ATTRIBUTION =
  "Warnings: MET Norway (Norwegian Meteorological Institute), NLOD 2.0 and CC BY 4.0";

const MAX_CAP_FETCHES = 20;

type Node = Record<string, unknown>;

/** The CAP file links of a MetAlerts GeoJSON answer. */
export function metAlertsCapLinks(body: unknown): string[] {
  const features = (body as { features?: unknown })?.features;
  if (!Array.isArray(features)) return [];
  const out: string[] = [];
  for (const f of features) {
    const resources = ((f as Node)?.properties as Node | undefined)?.resources;
    if (!Array.isArray(resources)) continue;
    const cap = resources.find(
      (r: Node) => String(r?.mimeType ?? "").includes("xml") || String(r?.description ?? "") === "CAP file",
    ) as Node | undefined;
    if (cap && typeof cap.uri === "string") out.push(cap.uri);
  }
  return [...new Set(out)];
}

export async function fetchMetNorway(
  lat: number,
  lng: number,
  o: { baseUrl: string; timeoutMs: number },
): Promise<AlertMessage[]> {
  const base = o.baseUrl.replace(/\/$/, "");
  const headers = { "user-agent": "skycast-weather-platform (ops@example.com)" };
  const index = await fetchUpstreamJson(
    `${base}/weatherapi/metalerts/2.0/current.json?lat=${lat.toFixed(4)}&lon=${lng.toFixed(4)}&lang=en`,
    {
      provider: "met-norway",
      timeoutMs: o.timeoutMs,
      headers,
    },
  );
  const links = metAlertsCapLinks(index).slice(0, MAX_CAP_FETCHES);
  const messages = await Promise.all(
    links.map(async (uri) => {
      try {
        return parseCapAlert(
          await fetchUpstreamText(rebase(uri, base), {
            provider: "met-norway",
            timeoutMs: o.timeoutMs,
            headers: { ...headers, accept: "application/xml" },
          }),
          MET_NORWAY_ATTRIBUTION,
        );
      } catch (err) {
        log.warn("met norway cap file unavailable", { error: (err as Error).message });
        return null;
      }
    }),
  );
  // current.json?lat=&lon= selected these by the point: an area without a polygon still covers it.
  return messages
    .filter((m): m is AlertMessage => m !== null)
    .map((m) => ({ ...m, areas: m.areas.map((a) => ({ ...a, pointSelected: true })) }));
}
