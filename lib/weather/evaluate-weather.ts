import type { AccountEnvironmentName } from "./core/types";
import type { Risk } from "./core/risk/types";
import { evaluateWindow, type EvaluateWindowOptions, type WindowMetrics } from "./core/evaluate-window";
import { getSnapshot, type SnapshotResult } from "./io/snapshots/get-snapshot";

/**
 * The fetching half of the evaluation: the rules themselves are pure (evaluate-window.ts, in the
 * weather core), so the planner can use them without reaching the database.
 */
export interface EvaluateWeatherOptions extends EvaluateWindowOptions {
  lat: number;
  lng: number;
  environment: AccountEnvironmentName;
  forceRefresh?: boolean;
}

/** Fetches (cached, single-flight) and evaluates: what a watch refresh needs. */
export async function evaluateWeather(o: EvaluateWeatherOptions): Promise<{
  snapshot: SnapshotResult["snapshot"];
  cacheStatus: SnapshotResult["cacheStatus"];
  metrics: WindowMetrics;
  risk: Risk;
}> {
  const { snapshot, cacheStatus } = await getSnapshot({
    lat: o.lat,
    lng: o.lng,
    environment: o.environment,
    use: "forecast",
    forceRefresh: o.forceRefresh,
  });
  const { metrics, risk } = evaluateWindow(snapshot.forecast, o);
  return { snapshot, cacheStatus, metrics, risk };
}
