import { log } from "@/lib/log";
import { fetchUpstreamText } from "@/lib/weather/io/providers/http";
import {
  certaintyOf,
  geocodesOf,
  isoOrNull,
  msgTypeOf,
  parseCapAlert,
  parsePolygon,
  severityOf,
  text,
  urgencyOf,
  xmlParser,
  type AlertMessage,
  type Polygon,
} from "./cap";

/**
 * MeteoAlarm (EUMETNET): every member service's warnings as one Atom feed per country,
 * `feeds.meteoalarm.org/feeds/meteoalarm-legacy-atom-<country>`. Each entry is one area of one CAP
 * alert and carries its CAP fields (`cap:identifier`, `cap:severity`, `cap:message_type`, ...) and a
 * link to the CAP document. The feed lists only what is in force; the CAP document is fetched for
 * Update and Cancel entries, whose `references` say which earlier message they replace.
 */
export const METEOALARM_COUNTRIES: Record<string, string> = {
  AT: "austria",
  BA: "bosnia-herzegovina",
  BE: "belgium",
  BG: "bulgaria",
  CH: "switzerland",
  CY: "cyprus",
  CZ: "czechia",
  DE: "germany",
  DK: "denmark",
  EE: "estonia",
  ES: "spain",
  FI: "finland",
  FR: "france",
  GB: "united-kingdom",
  GR: "greece",
  HR: "croatia",
  HU: "hungary",
  IE: "ireland",
  IL: "israel",
  IS: "iceland",
  IT: "italy",
  LT: "lithuania",
  LU: "luxembourg",
  LV: "latvia",
  MD: "moldova",
  ME: "montenegro",
  MK: "republic-of-north-macedonia",
  MT: "malta",
  NL: "netherlands",
  NO: "norway",
  PL: "poland",
  PT: "portugal",
  RO: "romania",
  RS: "serbia",
  SE: "sweden",
  SI: "slovenia",
  SK: "slovakia",
  UA: "ukraine",
};

export const METEOALARM_ATTRIBUTION =
  "Warnings: MeteoAlarm (EUMETNET, meteoalarm.org) and the issuing national weather service";

/** CAP documents fetched per feed at most (Update/Cancel entries only; the rest is in the feed). */
const MAX_CAP_FETCHES = 20;

type Node = Record<string, unknown>;
const arr = (v: unknown): Node[] => (Array.isArray(v) ? (v as Node[]) : v && typeof v === "object" ? [v as Node] : []);

export interface AtomEntryAlert extends AlertMessage {
  /** The linked CAP document (application/cap+xml), when the entry names one. */
  capUrl: string | null;
  /** The entry said its message type (cap:message_type): honoured without the CAP document. */
  msgTypeStated: boolean;
}

/** Attempts per CAP document (a transient failure must not leave a cancelled warning in force). */
const CAP_ATTEMPTS = 3;

/** The feed's entries grouped by CAP identifier (one entry per area). Throws on a document that is not an Atom feed. */
export function parseMeteoalarmAtom(xml: string): AtomEntryAlert[] {
  const doc = xmlParser.parse(xml) as Node;
  const feed = doc.feed as Node | undefined;
  if (!feed || typeof feed !== "object") throw new Error("not an Atom feed");
  const rights = text(feed.rights);
  const attribution = rights ? `${METEOALARM_ATTRIBUTION}; ${rights}` : METEOALARM_ATTRIBUTION;
  const byId = new Map<string, AtomEntryAlert>();
  for (const e of arr(feed.entry)) {
    const identifier = text(e.identifier);
    if (!identifier) continue;
    const polygons = (Array.isArray(e.polygon) ? e.polygon : [])
      .map(parsePolygon)
      .filter((p): p is Polygon => p !== null);
    const area = { desc: text(e.areaDesc) ?? "", polygons, geocodes: geocodesOf(e.geocode) };
    const known = byId.get(identifier);
    if (known) {
      known.areas.push(area);
      continue;
    }
    const capLink = arr(e.link).find((l) => String(l["@type"] ?? "").includes("cap+xml"));
    byId.set(identifier, {
      identifier,
      msgType: msgTypeOf(e.message_type ?? e.msgType),
      msgTypeStated: text(e.message_type ?? e.msgType) !== null,
      status: text(e.status) ?? "Actual",
      references: [],
      allClear: false,
      sent: isoOrNull(e.sent),
      event: text(e.event) ?? text(e.title) ?? "Weather warning",
      headline: text(e.title),
      severity: severityOf(e.severity),
      certainty: certaintyOf(e.certainty),
      urgency: urgencyOf(e.urgency),
      areas: [area],
      starts: isoOrNull(e.onset) ?? isoOrNull(e.effective),
      ends: isoOrNull(e.expires),
      source: "MeteoAlarm",
      attribution,
      capUrl: capLink ? String(capLink["@href"] ?? "") || null : null,
    });
  }
  return [...byId.values()];
}

/** Upstream links name feeds.meteoalarm.org; requests go to the configured base (a mirror, or the tests' fixture server). */
export function rebase(url: string, base: string): string {
  try {
    const u = new URL(url);
    return `${base.replace(/\/$/, "")}${u.pathname}${u.search}`;
  } catch {
    return url;
  }
}

export async function fetchMeteoalarm(
  country: string,
  o: { baseUrl: string; timeoutMs: number },
): Promise<AlertMessage[]> {
  const slug = METEOALARM_COUNTRIES[country];
  if (!slug) return [];
  const base = o.baseUrl.replace(/\/$/, "");
  const xml = await fetchUpstreamText(`${base}/feeds/meteoalarm-legacy-atom-${slug}`, {
    provider: "meteoalarm",
    timeoutMs: o.timeoutMs,
    headers: { accept: "application/atom+xml, application/xml" },
  });
  const entries = parseMeteoalarmAtom(xml);
  // Update/Cancel entries: the CAP document names what they replace. An entry that does not say
  // its type is checked too; when its document stays unreachable the alert is marked unconfirmed.
  const needCap = entries
    .filter((e) => (e.msgType !== "Alert" || !e.msgTypeStated) && e.capUrl)
    .slice(0, MAX_CAP_FETCHES);
  await Promise.all(
    needCap.map(async (e) => {
      const cap = await fetchCapWithRetry(rebase(e.capUrl!, base), e, o.timeoutMs);
      if (!cap) {
        // The feed's own message_type still stands (resolveAlerts infers what it replaces).
        if (!e.msgTypeStated) e.unconfirmed = true;
        return;
      }
      if (cap.identifier !== e.identifier) return;
      // The CAP document knows what the feed does not: what it replaces, AllClear, the issuing service.
      e.msgType = cap.msgType;
      e.references = cap.references;
      e.allClear = cap.allClear;
      e.source = cap.source;
    }),
  );
  return entries;
}

async function fetchCapWithRetry(url: string, e: AtomEntryAlert, timeoutMs: number): Promise<AlertMessage | null> {
  for (let attempt = 1; attempt <= CAP_ATTEMPTS; attempt++) {
    try {
      const cap = parseCapAlert(
        await fetchUpstreamText(url, {
          provider: "meteoalarm",
          timeoutMs,
          headers: { accept: "application/cap+xml, application/xml" },
        }),
        e.attribution,
      );
      if (cap) return cap;
    } catch (err) {
      log.warn("meteoalarm cap document unavailable", {
        identifier: e.identifier,
        attempt,
        error: (err as Error).message,
      });
    }
  }
  return null;
}
