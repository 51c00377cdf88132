import { XMLParser } from "fast-xml-parser";
import type { AlertCertainty, AlertSeverity, AlertUrgency } from "@/lib/weather/core/types";

/**
 * CAP 1.2 (OASIS Common Alerting Protocol) messages, as MeteoAlarm, MET Norway MetAlerts and the
 * NWS publish them, normalised to one shape. A message is one `identifier`; `msgType` Update and
 * Cancel name the messages they replace in `references` ("sender,identifier,sent" triples).
 */
export type CapMsgType = "Alert" | "Update" | "Cancel";

/** One polygon as CAP writes it: [lat, lng] pairs, closed. */
export type Polygon = Array<[number, number]>;

export interface CapGeocode {
  /** valueName as sent (NUTS3, EMMA_ID, UGC, SAME, ...). */
  name: string;
  value: string;
}

export interface CapArea {
  desc: string;
  polygons: Polygon[];
  /** CAP geocodes: resolved to region boundaries when the area has no polygon (alerts/regions.ts). */
  geocodes?: CapGeocode[];
  /** The source selected this alert by the queried point (NWS, MET Norway): no boundary needed. */
  pointSelected?: boolean;
}

export interface AlertMessage {
  identifier: string;
  msgType: CapMsgType;
  /** Actual, Exercise, System, Test, Draft: only Actual reaches users. */
  status: string;
  /** Identifiers of the earlier messages this one updates or cancels. */
  references: string[];
  /** responseType AllClear: "the subject event no longer poses a threat" (CAP 1.2 §3.2.2). */
  allClear: boolean;
  sent: string | null;
  event: string;
  headline: string | null;
  severity: AlertSeverity;
  certainty: AlertCertainty;
  urgency: AlertUrgency;
  areas: CapArea[];
  starts: string | null;
  ends: string | null;
  /** The issuing service (CAP senderName, else sender). */
  source: string;
  /** The feed's credit line (its licence asks for it). */
  attribution: string;
  /**
   * The message type and references could not be confirmed: the feed entry did not state its
   * msgType and its CAP document stayed unreachable after retries (issue 39).
   */
  unconfirmed?: boolean;
}

// Elements that repeat in CAP and Atom: always arrays, so one entry reads like ten.
const REPEATED = new Set(["info", "area", "polygon", "geocode", "parameter", "eventCode", "entry", "link", "resource"]);

export const xmlParser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  removeNSPrefix: true,
  // Identifiers such as 2.49.0.1.578.0.210921070421906.1705 must stay strings.
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name: string) => REPEATED.has(name),
});

type Node = Record<string, unknown>;

export const text = (v: unknown): string | null => {
  if (typeof v === "string") return v.trim() || null;
  if (v && typeof v === "object" && typeof (v as Node)["#text"] === "string")
    return ((v as Node)["#text"] as string).trim() || null;
  return null;
};

export const isoOrNull = (v: unknown): string | null => {
  const s = text(v);
  if (!s) return null;
  const ms = Date.parse(s);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
};

function pick<T extends string>(v: unknown, allowed: readonly T[], fallback: T): T {
  const s = (text(v) ?? "").toLowerCase();
  return (allowed as readonly string[]).includes(s) ? (s as T) : fallback;
}

export const severityOf = (v: unknown) => pick<AlertSeverity>(v, ["minor", "moderate", "severe", "extreme"], "unknown");
export const certaintyOf = (v: unknown) =>
  pick<AlertCertainty>(v, ["observed", "likely", "possible", "unlikely"], "unknown");
export const urgencyOf = (v: unknown) => pick<AlertUrgency>(v, ["immediate", "expected", "future", "past"], "unknown");

export function msgTypeOf(v: unknown): CapMsgType {
  const s = (text(v) ?? "").toLowerCase();
  return s === "update" ? "Update" : s === "cancel" ? "Cancel" : "Alert";
}

/** "sender,identifier,sent sender,identifier,sent" -> identifiers (CAP forbids spaces and commas in them). */
export function referencedIdentifiers(v: unknown): string[] {
  const s = text(v);
  if (!s) return [];
  return s
    .split(/\s+/)
    .map((t) => t.split(","))
    .filter((p) => p.length >= 2 && p[1])
    .map((p) => p[1]);
}

/** "lat,lon lat,lon ..." -> [lat, lng] pairs; an unreadable polygon is dropped. */
export function parsePolygon(v: unknown): Polygon | null {
  const s = text(v);
  if (!s) return null;
  const pts: Polygon = [];
  for (const pair of s.split(/\s+/)) {
    const [a, b] = pair.split(",").map(Number);
    if (!Number.isFinite(a) || !Number.isFinite(b)) return null;
    pts.push([a, b]);
  }
  return pts.length >= 4 ? pts : null;
}

/** `<geocode><valueName/><value/></geocode>` elements (CAP area, MeteoAlarm Atom entry). */
export function geocodesOf(v: unknown): CapGeocode[] {
  return arr(v)
    .map((g) => ({ name: text(g.valueName) ?? "", value: text(g.value) ?? "" }))
    .filter((g) => g.name && g.value);
}

const arr = (v: unknown): Node[] => (Array.isArray(v) ? (v as Node[]) : v && typeof v === "object" ? [v as Node] : []);

/** The English info block when there is one (the API answers in English; labels are localised elsewhere), else the first. */
function chooseInfo(infos: Node[]): Node | undefined {
  return infos.find((i) => (text(i.language) ?? "").toLowerCase().startsWith("en")) ?? infos[0];
}

/** Parses one CAP 1.2 document; null when it is not one (the caller logs and skips it). */
export function parseCapAlert(xml: string, attribution: string): AlertMessage | null {
  let doc: Node;
  try {
    doc = xmlParser.parse(xml) as Node;
  } catch {
    return null;
  }
  const a = doc.alert as Node | undefined;
  const identifier = text(a?.identifier);
  if (!a || !identifier) return null;
  const info = chooseInfo(arr(a.info)) ?? {};
  const areas: CapArea[] = arr(info.area).map((ar) => ({
    desc: text(ar.areaDesc) ?? "",
    polygons: arr(ar.polygon)
      .map(parsePolygon)
      .filter((p): p is Polygon => p !== null),
    geocodes: geocodesOf(ar.geocode),
  }));
  const msgType = msgTypeOf(a.msgType);
  return {
    identifier,
    msgType,
    status: text(a.status) ?? "Actual",
    references: referencedIdentifiers(a.references),
    allClear:
      (text(info.responseType) ?? "").toLowerCase() === "allclear" ||
      arr(info.responseType).some((r) => (text(r) ?? "").toLowerCase() === "allclear"),
    sent: isoOrNull(a.sent),
    event: text(info.event) ?? text(info.headline) ?? "Weather alert",
    headline: text(info.headline),
    severity: severityOf(info.severity),
    certainty: certaintyOf(info.certainty),
    urgency: urgencyOf(info.urgency),
    areas,
    starts: isoOrNull(info.onset) ?? isoOrNull(info.effective),
    ends: isoOrNull(info.expires),
    source: text(info.senderName) ?? text(a.sender) ?? "unknown",
    attribution,
  };
}

/** Ray casting on [lat, lng] pairs: fine for warning areas (far from the poles and the antimeridian). */
export function polygonContains(poly: Polygon, lat: number, lng: number): boolean {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [yi, xi] = poly[i];
    const [yj, xj] = poly[j];
    if (yi > lat !== yj > lat && lng < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}
