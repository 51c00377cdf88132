"use client";
import Link from "next/link";
import { quotaWarnings } from "@/lib/billing/quota-thresholds";
import { useUsage } from "@/components/billing/use-usage";

const LABELS: Record<string, string> = {
  requests: "requests",
  timeline_items: "timeline items",
  route_calls: "route calls",
  active_watches: "active watches",
};

/**
 * Strip across the top of every portal page while a metered dimension is at 80 % or more of its
 * limit (the same thresholds as billing.quota_threshold_reached). Reads GET /v1/usage (shared
 * with the sandbox banner and the usage page; bills nothing).
 */
export function QuotaBanner() {
  const usage = useUsage();
  const u = usage.data?.data;
  if (!u || u.is_internal) return null;
  const warnings = quotaWarnings(u.usage);
  if (!warnings.length) return null;
  const full = warnings.some((w) => w.threshold === 100);
  return (
    <div
      role="region"
      aria-label="Quota warning"
      data-testid="quota-banner"
      className={
        full
          ? "border-b border-red-300 bg-red-100 px-4 py-1.5 text-center text-sm text-red-950"
          : "border-b border-amber-300 bg-amber-50 px-4 py-1.5 text-center text-sm text-amber-950"
      }
    >
      <strong className="font-semibold">{full ? "Quota reached" : "Quota almost used"}</strong>:{" "}
      {warnings.map((w, i) => (
        <span key={w.dimension}>
          {i > 0 && "; "}
          {LABELS[w.dimension] ?? w.dimension} {w.used.toLocaleString("en-US")} of {w.limit.toLocaleString("en-US")} (
          {Math.floor((w.used * 100) / w.limit)} %)
        </span>
      ))}
      . {full ? "Calls needing it get 429 until " : "Resets "}
      {new Date(u.period.end).toISOString().slice(0, 10)}.{" "}
      <Link href="/usage" className="font-medium underline">
        See usage
      </Link>
    </div>
  );
}
