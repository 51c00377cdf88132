"use client";
import { useQuery } from "@tanstack/react-query";
import { PlanTable } from "@/components/playground/plan-table";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Spinner } from "@/components/ui/spinner";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { apiFetch, errorMessage } from "@/lib/client/api-fetch";
import { formatDate, formatDateTime } from "@/lib/client/format";
import { UsageChart } from "./usage-chart";
import { UsageMeter } from "./usage-meter";
import type { DailyUsageData, Envelope } from "./types";
import { useUsage } from "@/components/billing/use-usage";

const DIMENSIONS = [
  { key: "requests", label: "Requests", hint: "every call billed 1 unit or more" },
  { key: "timeline_items", label: "Timeline items", hint: "items analysed by POST /v1/weather/timeline" },
  { key: "route_calls", label: "Route calls", hint: "calls to POST /v1/weather/route" },
  { key: "active_watches", label: "Active watches", hint: "watches in status active right now" },
] as const;

/** The Usage page's body: plan, period, a meter per dimension, daily units by endpoint, and the rules at the cap. */
export function UsagePanel() {
  const usage = useUsage({ staleTime: 0 });
  const daily = useQuery({
    queryKey: ["usage", "daily"],
    queryFn: () => apiFetch<Envelope<DailyUsageData>>("/v1/usage/daily"),
  });

  if (usage.isPending) {
    return (
      <p className="flex items-center gap-2 py-10 text-sm text-slate-500" role="status">
        <Spinner /> Loading usage…
      </p>
    );
  }
  if (usage.isError) {
    return (
      <Alert tone="danger" title="Could not load your usage">
        {errorMessage(usage.error)}{" "}
        <button className="font-medium underline" onClick={() => usage.refetch()}>
          Try again
        </button>
      </Alert>
    );
  }
  const u = usage.data.data;
  return (
    <div className="space-y-6">
      <Card>
        <CardHeader
          title={
            <span className="flex items-center gap-2">
              Plan <Badge tone="info">{u.plan}</Badge>
              {u.environment === "sandbox" && <Badge tone="warning">sandbox</Badge>}
            </span>
          }
          description={
            <>
              Current period {formatDate(u.period.start)} –{" "}
              {formatDate(new Date(new Date(u.period.end).getTime() - 1).toISOString())} (UTC calendar month). Counters
              reset on {formatDateTime(u.period.end)}.
            </>
          }
        />
        <CardBody className="grid gap-6 sm:grid-cols-2">
          {DIMENSIONS.map((d) => (
            <UsageMeter key={d.key} label={d.label} hint={d.hint} value={u.usage[d.key]} />
          ))}
        </CardBody>
      </Card>

      <Card>
        <CardHeader
          title="Billing units per day"
          description="Units charged each day this month, by endpoint. Watch-day accrual shows as weather.watch_days."
        />
        <CardBody>
          {daily.isPending ? (
            <p className="flex items-center gap-2 text-sm text-slate-500" role="status">
              <Spinner /> Loading chart…
            </p>
          ) : daily.isError ? (
            <Alert tone="danger" title="Could not load daily usage">
              {errorMessage(daily.error)}
            </Alert>
          ) : daily.data.data.endpoints.length === 0 ? (
            <EmptyState
              title="No billed calls yet this month"
              description="Calls billed 1 unit or more appear here the same day."
            />
          ) : (
            <>
              <UsageChart daily={daily.data.data} />
              <details className="mt-4 text-sm">
                <summary className="cursor-pointer text-slate-600">Show as a table</summary>
                <Table caption="Billing units per day and endpoint">
                  <THead>
                    <Tr>
                      <Th>Day</Th>
                      <Th>Endpoint</Th>
                      <Th className="text-right">Units</Th>
                    </Tr>
                  </THead>
                  <TBody>
                    {daily.data.data.days.flatMap((day) =>
                      Object.entries(day.by_endpoint).map(([endpoint, units]) => (
                        <Tr key={`${day.date}-${endpoint}`}>
                          <Td>{day.date}</Td>
                          <Td className="font-mono text-xs">{endpoint}</Td>
                          <Td className="text-right tabular-nums">{units}</Td>
                        </Tr>
                      )),
                    )}
                  </TBody>
                </Table>
              </details>
            </>
          )}
        </CardBody>
      </Card>

      <Card>
        <CardHeader title="Plans" description="What each plan includes each month; yours is highlighted." />
        <CardBody>
          <PlanTable current={usage.data?.data.plan} />
        </CardBody>
      </Card>

      <Card>
        <CardHeader title="What happens at the cap" />
        <CardBody className="space-y-2 text-sm text-slate-700">
          <p>
            Each dimension is counted per UTC calendar month. When a call would take a dimension past its monthly cap,
            the call is refused with <code className="font-mono text-[13px]">429 rate_limit_exceeded</code>;{" "}
            <code className="font-mono text-[13px]">error.details.dimension</code> names the dimension. Nothing is
            charged for a refused call, and there is no Retry-After: the counters reset at the month boundary given in
            the <code className="font-mono text-[13px]">X-RateLimit-Reset</code> header (Unix seconds).
          </p>
          <p>
            When your plan does not include a feature at all (a limit of 0, e.g. route calls and watches on Free), the
            call gets <code className="font-mono text-[13px]">402 billing_limit_reached</code>. Upgrade the plan to use
            it.
          </p>
          <p>
            Invalid requests (400) are never charged. Provider failures (502) and timeouts (504) are charged like a
            success. Every weather response carries <code className="font-mono text-[13px]">X-RateLimit-Limit</code> and{" "}
            <code className="font-mono text-[13px]">X-RateLimit-Remaining</code> for the requests dimension; the others
            are shown here and by <code className="font-mono text-[13px]">GET /v1/usage</code>, which is free and always
            answers.
          </p>
          {u.is_internal && <p>This is an internal account: calls are metered but never limited.</p>}
        </CardBody>
      </Card>
    </div>
  );
}
