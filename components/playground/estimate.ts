import polyline from "@mapbox/polyline";
import type { UsageData } from "@/components/billing/types";
import { cheapestPlanWith } from "@/lib/billing/plans";
import { planRoute } from "@/lib/weather/core";
import type { PlaygroundEndpoint, PointQuery } from "./examples";

/** What one call will bill, computed the way the server's meter does, before it is sent. */
export interface CallEstimate {
  units: number;
  requests: number;
  timelineItems: number;
  routeCalls: number;
  /** How the units were counted, in words. */
  basis: string;
}

export type Verdict =
  | { ok: true }
  | { ok: false; kind: "not_included"; dimension: "timeline_items" | "route_calls"; plan: string; upgradeTo: string }
  | { ok: false; kind: "quota"; dimension: string; used: number; limit: number; resetsAt: string };

/** null when the body cannot be read yet (the JSON error is shown instead). */
export function estimateCall(endpoint: PlaygroundEndpoint, point: PointQuery, body: unknown): CallEstimate | null {
  if (endpoint === "current")
    return { units: 1, requests: 1, timelineItems: 0, routeCalls: 0, basis: "1 unit per call" };
  if (endpoint === "forecast") {
    const hourly = point.granularity === "hourly";
    return {
      units: hourly ? 2 : 1,
      requests: 1,
      timelineItems: 0,
      routeCalls: 0,
      basis: hourly ? "2 units (hourly)" : "1 unit (daily)",
    };
  }
  const b = (body ?? {}) as Record<string, unknown>;
  if (endpoint === "timeline") {
    const n = Array.isArray(b.items) ? b.items.length : 0;
    return {
      units: 2 * n,
      requests: 1,
      timelineItems: n,
      routeCalls: 0,
      basis: `2 units × ${n} item${n === 1 ? "" : "s"}`,
    };
  }
  try {
    const o = b.origin as { lat: number; lng: number } | undefined;
    const d = b.destination as { lat: number; lng: number } | undefined;
    const path = pathOf(b.polyline);
    if (!path && (!o || !d)) return null;
    const plan = planRoute({
      origin: o ?? path![0],
      destination: d ?? path![path!.length - 1],
      path,
      transport_mode: (b.transport_mode ?? "car") as Parameters<typeof planRoute>[0]["transport_mode"],
      start_time: new Date(typeof b.start_time === "string" ? b.start_time : Date.now()),
    });
    const n = plan.segments.length;
    return {
      units: 3 * n,
      requests: 1,
      timelineItems: 0,
      routeCalls: 1,
      basis: `3 units × ${n} segment${n === 1 ? "" : "s"}`,
    };
  } catch {
    return null;
  }
}

/** Whether the account's plan and what is left this month allow the call (mirrors the meter's 402/429). */
export function verdictFor(e: CallEstimate, usage: UsageData | undefined): Verdict {
  if (!usage || usage.is_internal) return { ok: true };
  const u = usage.usage;
  for (const [dim, need] of [
    ["timeline_items", e.timelineItems],
    ["route_calls", e.routeCalls],
  ] as const) {
    if (need > 0 && u[dim].limit === 0)
      return { ok: false, kind: "not_included", dimension: dim, plan: usage.plan, upgradeTo: cheapestPlanWith(dim) };
  }
  for (const [dim, need] of [
    ["requests", e.requests],
    ["timeline_items", e.timelineItems],
    ["route_calls", e.routeCalls],
  ] as const) {
    if (need > 0 && u[dim].remaining < need)
      return {
        ok: false,
        kind: "quota",
        dimension: dim,
        used: u[dim].used,
        limit: u[dim].limit,
        resetsAt: usage.period.end,
      };
  }
  return { ok: true };
}

/** The three polyline spellings the API accepts, decoded to points (as the server's validation does). */
function pathOf(p: unknown): Array<{ lat: number; lng: number }> | undefined {
  if (typeof p === "string") return polyline.decode(p).map(([lat, lng]) => ({ lat, lng }));
  if (!Array.isArray(p)) return undefined;
  return p.map((x) =>
    Array.isArray(x) ? { lat: Number(x[0]), lng: Number(x[1]) } : { lat: Number(x?.lat), lng: Number(x?.lng) },
  );
}
