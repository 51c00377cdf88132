"use client";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { DailyUsageData } from "./types";

// Distinguishable on white, colour-blind friendly (Okabe-Ito).
const COLOURS = ["#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#000000"];

/** Billing units per day, stacked by endpoint. */
export function UsageChart({ daily }: { daily: DailyUsageData }) {
  const rows = daily.days.map((d) => ({ date: d.date.slice(5), ...d.by_endpoint }));
  return (
    <div className="h-72 w-full" role="img" aria-label={`Billing units per day in ${daily.month}, by endpoint`}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e2e8f0" />
          <XAxis dataKey="date" tick={{ fontSize: 12, fill: "#475569" }} tickLine={false} />
          <YAxis
            allowDecimals={false}
            tick={{ fontSize: 12, fill: "#475569" }}
            tickLine={false}
            axisLine={false}
            width={48}
          />
          <Tooltip cursor={{ fill: "#f1f5f9" }} />
          {/* Legend text in slate-800 (the default is each series' colour, which fails contrast for the light ones); the swatch keeps the colour. */}
          <Legend
            wrapperStyle={{ fontSize: 12 }}
            formatter={(value: string) => <span style={{ color: "#1e293b" }}>{value}</span>}
          />
          {daily.endpoints.map((e, i) => (
            <Bar
              key={e}
              dataKey={e}
              name={e}
              stackId="units"
              fill={COLOURS[i % COLOURS.length]}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
