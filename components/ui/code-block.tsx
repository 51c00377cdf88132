import type { ReactNode } from "react";
import { cx, focusRing } from "./cx";
import { CopyButton } from "./copy-button";

/** Monospace block for code, commands and JSON; optional copy button. */
export function CodeBlock({
  children,
  copyValue,
  label,
  className,
  maxHeightClass,
  wrap,
}: {
  children: ReactNode;
  /** When set, a copy button copies this text. */
  copyValue?: string;
  label?: string;
  className?: string;
  /** Caps the code's height (it then scrolls), e.g. for long API responses. */
  maxHeightClass?: string;
  /** Wrap long lines instead of scrolling them (commands and secrets in dialogs, which must show whole). */
  wrap?: boolean;
}) {
  return (
    <div className={cx("overflow-hidden rounded-md bg-slate-900 ring-1 ring-slate-800", className)}>
      {(label || copyValue) && (
        <div className="flex items-center justify-between gap-2 border-b border-slate-800 px-3 py-1.5">
          <span className="text-xs font-medium text-slate-400">{label}</span>
          {copyValue && (
            <CopyButton
              value={copyValue}
              variant="ghost"
              size="sm"
              className="text-slate-200! hover:bg-slate-800! hover:text-white!"
            />
          )}
        </div>
      )}
      {/* Focusable so keyboard users can scroll long lines (WCAG scrollable-region-focusable). */}
      <pre
        tabIndex={0}
        className={cx(
          "overflow-x-auto p-3 font-mono",
          wrap && "break-all whitespace-pre-wrap",
          "text-[13px] leading-relaxed text-slate-100",
          maxHeightClass && cx(maxHeightClass, "overflow-y-auto"),
          focusRing,
        )}
      >
        <code>{children}</code>
      </pre>
    </div>
  );
}
