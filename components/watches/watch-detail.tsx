"use client";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { Alert } from "@/components/ui/alert";
import { Badge, StatusChip } from "@/components/ui/badge";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { Spinner } from "@/components/ui/spinner";
import { apiFetch, errorMessage } from "@/lib/client/api-fetch";
import { formatDateTime, formatRelative } from "@/lib/client/format";
import { riskTone, watchQueryKey, type WatchDetail as Watch, type WeatherEnvelope } from "./types";
import { WatchActions } from "./watch-actions";
import { ChangeEventsList } from "./change-events-list";
import { WatchEventsList } from "./watch-events-list";
import { pollingOptions } from "@/lib/client/polling";

/** Polls while the tab is visible, backing off while nothing changes. */
const POLLING = pollingOptions(30_000);

const METRICS: Array<[keyof NonNullable<Watch["latest_snapshot"]>["metrics"], string, string]> = [
  ["precipitation_probability", "Rain probability", "%"],
  ["precipitation_intensity_mm_h", "Rain intensity", " mm/h"],
  ["temperature_c", "Temperature", " °C"],
  ["feels_like_c", "Feels like", " °C"],
  ["wind_speed_kph", "Wind", " km/h"],
  ["wind_gust_kph", "Gusts", " km/h"],
  ["uv_index", "UV index", ""],
  ["visibility_km", "Visibility", " km"],
];

/** One watch: state, latest snapshot and risk, change events; refreshes itself every 30 s. */
export function WatchDetail({ watchId }: { watchId: string }) {
  const q = useQuery({
    queryKey: watchQueryKey(watchId),
    queryFn: () => apiFetch<WeatherEnvelope<Watch>>(`/v1/weather/watch/${watchId}`),
    ...POLLING,
  });
  if (q.isPending) {
    return (
      <p className="flex items-center gap-2 py-10 text-sm text-slate-500" role="status">
        <Spinner /> Loading watch…
      </p>
    );
  }
  if (q.isError) {
    return (
      <Alert tone="danger" title="Could not load this watch">
        {errorMessage(q.error)}
      </Alert>
    );
  }
  const w = q.data.data;
  const s = w.latest_snapshot;
  return (
    <>
      <PageHeader
        title={String(
          w.target_ref.name ?? w.target_ref.place_id ?? w.target_ref.item_id ?? w.target_ref.trip_id ?? "Watch",
        )}
        description={`${w.activity_type.replaceAll("_", " ")} at ${w.latitude.toFixed(4)}, ${w.longitude.toFixed(4)} · ${formatDateTime(w.starts_at)} → ${formatDateTime(w.ends_at)}`}
        actions={<WatchActions watchId={w.watch_id} status={w.status} />}
      />
      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeader
            title="Latest snapshot"
            description={
              s
                ? `Fetched ${formatRelative(s.fetched_at)} · snapshot ${s.snapshot_id.slice(0, 8)}`
                : "The first refresh has not run yet."
            }
            actions={
              s ? (
                <StatusChip
                  status={s.freshness_band}
                  tone={s.freshness_band === "fresh" ? "success" : s.freshness_band === "stale" ? "warning" : "danger"}
                />
              ) : undefined
            }
          />
          <CardBody>
            {s ? (
              <>
                <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
                  {METRICS.map(([k, label, unit]) => (
                    <div key={k}>
                      <dt className="text-xs text-slate-500">{label}</dt>
                      <dd className="text-lg font-semibold text-slate-900">
                        {s.metrics[k] === null ? "—" : `${s.metrics[k]}${unit}`}
                      </dd>
                    </div>
                  ))}
                </dl>
                {s.alerts.length > 0 && (
                  <ul className="mt-4 space-y-2">
                    {s.alerts.map((a) => (
                      <li key={a.id}>
                        <Alert
                          tone={a.severity === "severe" || a.severity === "extreme" ? "danger" : "warning"}
                          title={a.event}
                        >
                          {a.severity} · {formatDateTime(a.starts)} → {formatDateTime(a.ends)}
                        </Alert>
                      </li>
                    ))}
                  </ul>
                )}
              </>
            ) : (
              <p className="text-sm text-slate-500">
                {w.next_check_at
                  ? `Next check ${formatRelative(w.next_check_at)}.`
                  : w.status === "paused"
                    ? "Paused: resume the watch to check the forecast again."
                    : "No check is scheduled."}
              </p>
            )}
          </CardBody>
        </Card>
        <Card>
          <CardHeader
            title="Risk"
            actions={
              w.latest_risk ? (
                <StatusChip status={w.latest_risk.level} tone={riskTone(w.latest_risk.level)} />
              ) : undefined
            }
          />
          <CardBody className="space-y-3 text-sm">
            {w.latest_risk ? (
              <>
                {w.latest_risk.recommendation && <p className="text-slate-700">{w.latest_risk.recommendation}</p>}
                <ul className="space-y-1">
                  {w.latest_risk.reasons.map((r) => (
                    <li key={r.code} className="flex items-start gap-2">
                      <Badge tone={riskTone(r.level)}>{r.code}</Badge>
                      <span className="text-slate-600">{r.message}</span>
                    </li>
                  ))}
                </ul>
              </>
            ) : (
              <p className="text-slate-500">Not assessed yet.</p>
            )}
            <dl className="grid grid-cols-2 gap-2 border-t border-slate-200 pt-3 text-xs">
              <dt className="text-slate-500">Status</dt>
              <dd>
                <StatusChip status={w.status} />
              </dd>
              <dt className="text-slate-500">Last check</dt>
              <dd>{formatRelative(w.last_checked_at, undefined, "Not yet")}</dd>
              <dt className="text-slate-500">Next check</dt>
              <dd>{formatRelative(w.next_check_at, undefined, "—")}</dd>
              <dt className="text-slate-500">Failures in a row</dt>
              <dd>{w.failure_count}</dd>
              <dt className="text-slate-500">Webhook</dt>
              <dd className="break-all">
                {w.webhook_id ? (
                  <Link className="underline" href={`/webhooks/${w.webhook_id}`}>
                    Registered endpoint
                  </Link>
                ) : (
                  w.webhook_url
                )}
              </dd>
              {w.expired_at && (
                <>
                  <dt className="text-slate-500">Ended</dt>
                  <dd>{formatDateTime(w.expired_at)}</dd>
                </>
              )}
            </dl>
          </CardBody>
        </Card>
      </div>
      <ChangeEventsList events={w.recent_change_events} />
      <WatchEventsList watchId={w.watch_id} />
    </>
  );
}
