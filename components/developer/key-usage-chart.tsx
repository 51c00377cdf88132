"use client";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { Schemas } from "@/lib/client/api-client";

type Usage = Schemas["ApiKeyUsage"];

// Okabe-Ito, as the Usage page: distinguishable on white and for colour-blind readers.
const SERIES = [
  { key: "requests", name: "Requests", fill: "#0072B2" },
  { key: "billing_units", name: "Billing units", fill: "#009E73" },
  { key: "errors", name: "Errors (4xx/5xx)", fill: "#D55E00" },
] as const;

/** One key's requests, units and errors per day (7 days), with the same figures as a table for screen readers. */
export function KeyUsageChart({ usage }: { usage: Usage }) {
  const rows = usage.days.map((d) => ({ ...d, day: d.date.slice(5) }));
  const total = (k: "requests" | "billing_units" | "errors") => usage.days.reduce((n, d) => n + d[k], 0);
  return (
    <div className="min-w-0 space-y-3">
      <p className="text-sm text-slate-700">
        Last 7 days: <strong>{total("requests")}</strong> requests, <strong>{total("billing_units")}</strong> billing
        units, <strong>{total("errors")}</strong> errors.
      </p>
      <div
        className="h-64 w-full min-w-0"
        role="img"
        aria-label="Requests, billing units and errors per day for this key, last 7 days"
      >
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e2e8f0" />
            <XAxis dataKey="day" tick={{ fontSize: 12, fill: "#475569" }} tickLine={false} />
            <YAxis
              allowDecimals={false}
              tick={{ fontSize: 12, fill: "#475569" }}
              tickLine={false}
              axisLine={false}
              width={40}
            />
            <Tooltip cursor={{ fill: "#f1f5f9" }} />
            <Legend
              wrapperStyle={{ fontSize: 12 }}
              formatter={(value: string) => <span style={{ color: "#1e293b" }}>{value}</span>}
            />
            {SERIES.map((s) => (
              <Bar key={s.key} dataKey={s.key} name={s.name} fill={s.fill} isAnimationActive={false} />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </div>
      <table className="sr-only">
        <caption>Usage of this key per day</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Requests</th>
            <th scope="col">Billing units</th>
            <th scope="col">Errors</th>
          </tr>
        </thead>
        <tbody>
          {usage.days.map((d) => (
            <tr key={d.date}>
              <th scope="row">{d.date}</th>
              <td>{d.requests}</td>
              <td>{d.billing_units}</td>
              <td>{d.errors}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
