import type { Query } from "@tanstack/react-query";

/**
 * Portal polling that backs off: every fetch that brings nothing new (or fails)
 * doubles the interval up to `maxMs`; new data resets it to `baseMs`. Pair with
 * `refetchIntervalInBackground: false` (see `pollingOptions`) so a hidden tab
 * stops polling altogether. Reads made by the portal are never billed, but they
 * still cost the server, so an idle tab should cost almost nothing.
 */
export function backoffInterval(baseMs: number, maxMs = baseMs * 8) {
  const seen = new WeakMap<object, { updatedAt: number; data: unknown; errors: number; streak: number }>();
  return (query: Query<any, any, any, any>): number => {
    const { dataUpdatedAt, data, errorUpdateCount } = query.state;
    const prev = seen.get(query);
    let streak = prev?.streak ?? 0;
    if (prev && (prev.updatedAt !== dataUpdatedAt || prev.errors !== errorUpdateCount)) {
      // Structural sharing keeps the same reference when a refetch returned equal data.
      const unchanged = errorUpdateCount !== prev.errors || data === prev.data;
      streak = unchanged ? streak + 1 : 0;
    }
    seen.set(query, { updatedAt: dataUpdatedAt, data, errors: errorUpdateCount, streak });
    return Math.min(baseMs * 2 ** streak, maxMs);
  };
}

/** Options for a polled portal query: backing-off interval, paused on hidden tabs. */
export function pollingOptions(baseMs: number, maxMs?: number) {
  return { refetchInterval: backoffInterval(baseMs, maxMs), refetchIntervalInBackground: false } as const;
}
