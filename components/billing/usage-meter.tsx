import { cx } from "@/components/ui/cx";
import type { DimensionUsage } from "./types";

const NUMBER = new Intl.NumberFormat();

/** One quota dimension as a labelled meter; the numbers are always shown, colour is not the only cue. */
export function UsageMeter({ label, hint, value }: { label: string; hint: string; value: DimensionUsage }) {
  const excluded = value.limit === 0;
  const pct = excluded ? 0 : Math.min(100, Math.round((value.used / value.limit) * 100));
  const tone = excluded ? "bg-slate-300" : pct >= 100 ? "bg-red-500" : pct >= 80 ? "bg-amber-500" : "bg-indigo-600";
  return (
    <div className="space-y-2" data-dimension={label}>
      <div className="flex items-baseline justify-between gap-2">
        <p className="text-sm font-medium text-slate-900">{label}</p>
        <p className="text-sm text-slate-600 tabular-nums">
          {excluded ? "Not included in your plan" : `${NUMBER.format(value.used)} of ${NUMBER.format(value.limit)}`}
        </p>
      </div>
      <div
        role="meter"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={Math.max(value.limit, 1)}
        aria-valuenow={Math.min(value.used, Math.max(value.limit, 1))}
        aria-valuetext={excluded ? "not included" : `${value.used} of ${value.limit} used, ${value.remaining} left`}
        className="h-2 overflow-hidden rounded-full bg-slate-100"
      >
        <div className={cx("h-full rounded-full transition-[width]", tone)} style={{ width: `${pct}%` }} />
      </div>
      <p className="text-xs text-slate-500">{excluded ? hint : `${NUMBER.format(value.remaining)} left · ${hint}`}</p>
    </div>
  );
}
