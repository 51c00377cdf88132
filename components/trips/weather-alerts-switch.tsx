"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { cx, focusRing } from "@/components/ui/cx";
import { apiFetch, errorMessage } from "@/lib/client/api-fetch";

interface Envelope<T> {
  data: T;
}
interface WatchItem {
  watch_id: string;
  status: string;
  webhook_url: string | null;
  webhook_id: string | null;
  planner_threshold: "watch" | "warning" | null;
}
interface Endpoint {
  webhook_id: string;
  url: string;
  status: string;
  events: string[];
}

const WATCH_EVENTS = [
  "weather.change_detected",
  "weather.severe_alert_added",
  "weather.snapshot_refreshed",
  "weather.watch_expired",
  "weather.watch_failed",
];
const key = (tripId: number) => ["trip-weather-alerts", tripId] as const;

/**
 * The trip page's "weather alerts" switch: on creates the account's trip watch (delivered through
 * the account's first active webhook endpoint subscribed to watch events, else to the HTTPS URL
 * given here, prefilled with the URL of the account's latest watch); off cancels it.
 */
export function WeatherAlertsSwitch({ tripId }: { tripId: number }) {
  const qc = useQueryClient();
  const labelId = useId();
  const [url, setUrl] = useState<string | null>(null);
  const [threshold, setThreshold] = useState<"watch" | "warning">("warning");
  const state = useQuery({
    queryKey: key(tripId),
    queryFn: async () => {
      const [mine, endpoints, latest] = await Promise.all([
        apiFetch<Envelope<{ watches: WatchItem[] }>>(`/v1/weather/watch?trip_id=${tripId}&status=active&limit=1`),
        apiFetch<Envelope<{ webhooks: Endpoint[] }>>("/v1/webhooks"),
        apiFetch<Envelope<{ watches: WatchItem[] }>>("/v1/weather/watch?limit=1"),
      ]);
      const endpoint =
        endpoints.data.webhooks.find((e) => e.status === "active" && e.events.some((t) => WATCH_EVENTS.includes(t))) ??
        null;
      return { watch: mine.data.watches[0] ?? null, endpoint, lastUrl: latest.data.watches[0]?.webhook_url ?? "" };
    },
  });
  const toggle = useMutation({
    mutationFn: async (on: boolean) => {
      const s = state.data!;
      if (!on) return apiFetch(`/v1/weather/watch/${s.watch!.watch_id}`, { method: "DELETE" });
      const target = s.endpoint ? { webhook_id: s.endpoint.webhook_id } : { webhook_url: (url ?? s.lastUrl).trim() };
      return apiFetch("/v1/weather/watch", {
        method: "POST",
        body: { target_type: "trip", target_ref: { trip_id: tripId }, planner_threshold: threshold, ...target },
      });
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: key(tripId) }),
  });
  if (state.isPending || state.isError) return null;
  const { watch, endpoint, lastUrl } = state.data;
  const on = watch !== null;
  const target = url ?? lastUrl;
  const canTurnOn = endpoint !== null || /^https:\/\/\S+$/i.test(target.trim());
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4 text-sm" data-testid="weather-alerts">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <div id={labelId} className="font-medium text-slate-900">
            Weather alerts
          </div>
          <p className="text-slate-600">
            {on
              ? `On: signed alerts go to ${watch.webhook_url ?? endpoint?.url ?? "your webhook endpoint"}; the planner proposes at ${watch.planner_threshold ?? "warning"}.`
              : "Watch every event of this trip; the weather planner proposes a better time when an outdoor event is at risk."}
          </p>
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={on}
          aria-labelledby={labelId}
          disabled={toggle.isPending || (!on && !canTurnOn)}
          onClick={() => toggle.mutate(!on)}
          className={cx(
            "relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition disabled:opacity-50",
            on ? "bg-indigo-600" : "bg-slate-300",
            focusRing,
          )}
        >
          <span
            className={cx(
              "inline-block size-5 rounded-full bg-white shadow transition",
              on ? "translate-x-5" : "translate-x-0.5",
            )}
          />
        </button>
      </div>
      {!on && (
        <div className="mt-3 flex flex-wrap items-end gap-3">
          {!endpoint && (
            <label className="flex min-w-0 flex-1 flex-col gap-1">
              <span className="text-xs text-slate-700">Send alerts to (HTTPS)</span>
              <input
                className={cx("rounded-md border border-slate-300 px-2 py-1", focusRing)}
                type="url"
                placeholder="https://hooks.example.com/trip-weather"
                value={target}
                onChange={(e) => setUrl(e.target.value)}
              />
            </label>
          )}
          {endpoint && (
            <p className="text-xs text-slate-600">Delivered through your webhook endpoint {endpoint.url}.</p>
          )}
          <label className="flex flex-col gap-1">
            <span className="text-xs text-slate-700">Planner proposes at</span>
            <select
              className={cx("rounded-md border border-slate-300 px-2 py-1", focusRing)}
              value={threshold}
              onChange={(e) => setThreshold(e.target.value as "watch" | "warning")}
            >
              <option value="warning">warning</option>
              <option value="watch">watch</option>
            </select>
          </label>
        </div>
      )}
      {toggle.isError && (
        <Alert tone="danger" className="mt-3">
          {errorMessage(toggle.error)}
        </Alert>
      )}
    </div>
  );
}
