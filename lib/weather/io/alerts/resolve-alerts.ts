import type { WeatherAlert } from "@/lib/weather/core/types";
import { polygonContains, type AlertMessage, type CapArea } from "./cap";
import { geocodePolygons } from "./regions";

/**
 * Whether an area covers a point: by its polygons; else by the boundaries of its geocodes
 * (alerts/regions.ts); else, for sources that selected the alert by the point (NWS, MET Norway),
 * yes. An area we cannot place at all is "unresolved": it never raises a point's risk (issue 39).
 */
export function areaCoverage(area: CapArea, lat: number, lng: number): "inside" | "outside" | "unresolved" {
  if (area.polygons.length > 0) return area.polygons.some((p) => polygonContains(p, lat, lng)) ? "inside" : "outside";
  const resolved = (area.geocodes ?? []).map((g) => geocodePolygons(g.name, g.value)).filter((p) => p !== null);
  if (resolved.length > 0)
    return resolved.some((polys) => polys!.some((p) => polygonContains(p, lat, lng))) ? "inside" : "outside";
  return area.pointSelected ? "inside" : "unresolved";
}

const areaKeys = (m: AlertMessage): Set<string> =>
  new Set(
    m.areas
      .flatMap((a) => [
        ...(a.geocodes ?? []).map((g) => `${g.name.toUpperCase()}:${g.value.toUpperCase()}`),
        a.desc ? `desc:${a.desc.toLowerCase()}` : "",
      ])
      .filter(Boolean),
  );

/** Two messages of one feed without any area (injected, or point-selected) concern the same place. */
const sameArea = (a: Set<string>, b: Set<string>) => (a.size === 0 && b.size === 0) || [...b].some((k) => a.has(k));

/**
 * What an Update or Cancel replaces when it names nothing (its CAP document, which carries
 * `references`, was unreachable): the earlier messages of the same feed, event and area. The
 * feed entry's own message_type is honoured this way without the linked document (issue 39).
 */
function inferredReferences(m: AlertMessage, all: AlertMessage[]): string[] {
  const keys = areaKeys(m);
  const sent = m.sent ? Date.parse(m.sent) : Infinity;
  return all
    .filter(
      (n) =>
        n.identifier !== m.identifier &&
        n.msgType !== "Cancel" &&
        n.attribution === m.attribution &&
        n.event.toLowerCase() === m.event.toLowerCase() &&
        (n.sent ? Date.parse(n.sent) : -Infinity) <= sent &&
        sameArea(keys, areaKeys(n)),
    )
    .map((n) => n.identifier);
}

/**
 * Applies updates and cancellations across every message fetched (from one or several sources):
 * the same identifier from two sources counts once (the first source listed wins), a message
 * referenced by a later one is replaced (Update) or retired (Cancel), and Cancel, AllClear and
 * non-Actual messages never reach users. Each surviving alert carries the identifiers it
 * replaced (transitively, as far as the fetched messages tell) so a watch knows it already told.
 * An alert none of whose areas can be placed is kept as a country-level notice (`scope`
 * "country"), which the risk engine does not rate.
 */
export function resolveAlerts(messages: AlertMessage[], at: { lat: number; lng: number }): WeatherAlert[] {
  const byId = new Map<string, AlertMessage>();
  for (const m of messages) if (!byId.has(m.identifier)) byId.set(m.identifier, m);
  const all = [...byId.values()];
  const refs = new Map<string, string[]>();
  for (const m of all)
    refs.set(
      m.identifier,
      m.msgType !== "Alert" && m.references.length === 0 ? inferredReferences(m, all) : m.references,
    );
  const superseded = new Set<string>();
  for (const m of all) for (const r of refs.get(m.identifier)!) if (r !== m.identifier) superseded.add(r);
  const history = (m: AlertMessage): string[] => {
    const seen = new Set<string>();
    const stack = [...refs.get(m.identifier)!];
    while (stack.length) {
      const id = stack.pop()!;
      if (seen.has(id) || id === m.identifier) continue;
      seen.add(id);
      stack.push(...(refs.get(id) ?? []));
    }
    return [...seen];
  };
  const out: WeatherAlert[] = [];
  for (const m of all) {
    if (superseded.has(m.identifier) || m.msgType === "Cancel" || m.allClear || m.status.toLowerCase() !== "actual")
      continue;
    const coverage = m.areas.map((a) => ({ a, c: areaCoverage(a, at.lat, at.lng) }));
    const covering = coverage.filter((x) => x.c === "inside").map((x) => x.a);
    const unresolved = coverage.filter((x) => x.c === "unresolved").map((x) => x.a);
    const notice = m.areas.length > 0 && covering.length === 0 && unresolved.length > 0;
    if (m.areas.length > 0 && covering.length === 0 && !notice) continue;
    const shown = notice ? unresolved : covering;
    out.push({
      id: m.identifier,
      capIdentifier: m.identifier,
      event: m.event,
      severity: m.severity,
      certainty: m.certainty,
      urgency: m.urgency,
      area: [...new Set(shown.map((a) => a.desc).filter(Boolean))].join("; ") || null,
      starts: m.starts,
      ends: m.ends,
      source: m.source,
      attribution: m.attribution,
      description: m.headline,
      references: history(m),
      scope: notice ? "country" : "area",
      status: m.unconfirmed ? "unconfirmed" : "confirmed",
    });
  }
  return out;
}
