import type { ReactNode } from "react";
import { cx } from "./cx";

export type Tone = "neutral" | "info" | "success" | "warning" | "danger";

const TONES: Record<Tone, string> = {
  neutral: "bg-slate-100 text-slate-700 ring-slate-500/20",
  info: "bg-indigo-50 text-indigo-700 ring-indigo-600/20",
  success: "bg-emerald-50 text-emerald-700 ring-emerald-600/20",
  warning: "bg-amber-50 text-amber-800 ring-amber-600/25",
  danger: "bg-red-50 text-red-700 ring-red-600/20",
};

export function Badge({
  tone = "neutral",
  className,
  children,
}: {
  tone?: Tone;
  className?: string;
  children: ReactNode;
}) {
  return (
    <span
      className={cx(
        "inline-flex items-center rounded-md px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset",
        TONES[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}

/** Common status words → tone; unknown statuses render neutral. */
const STATUS_TONES: Record<string, Tone> = {
  active: "success",
  enabled: "success",
  succeeded: "success",
  success: "success",
  delivered: "success",
  ok: "success",
  accepted: "success",
  pending: "warning",
  retrying: "warning",
  scheduled: "info",
  expiring: "warning",
  expired: "neutral",
  cancelled: "neutral",
  canceled: "neutral",
  disabled: "neutral",
  rejected: "danger",
  failed: "danger",
  revoked: "danger",
  error: "danger",
};

/** A status word shown as a coloured chip with a dot (colour is never the only cue: the word is shown). */
export function StatusChip({ status, tone, label }: { status: string; tone?: Tone; label?: string }) {
  const t = tone ?? STATUS_TONES[status.toLowerCase()] ?? "neutral";
  const dot: Record<Tone, string> = {
    neutral: "bg-slate-400",
    info: "bg-indigo-500",
    success: "bg-emerald-500",
    warning: "bg-amber-500",
    danger: "bg-red-500",
  };
  return (
    <Badge tone={t} className="gap-1.5">
      <span className={cx("size-1.5 rounded-full", dot[t])} aria-hidden="true" />
      {label ?? status.replaceAll("_", " ")}
    </Badge>
  );
}
