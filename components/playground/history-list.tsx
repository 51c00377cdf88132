import { StatusChip } from "@/components/ui/badge";
import { cx } from "@/components/ui/cx";
import type { CallRecord } from "./run-call";

/** The last calls of this visit (newest first); choosing one shows its response again. */
export function HistoryList({
  calls,
  selected,
  onSelect,
}: {
  calls: CallRecord[];
  selected?: number;
  onSelect: (c: CallRecord) => void;
}) {
  if (calls.length === 0)
    return <p className="text-sm text-slate-700">No calls yet. Your last 10 calls appear here.</p>;
  return (
    <ol className="divide-y divide-slate-200" data-testid="playground-history">
      {calls.map((c) => (
        <li key={c.id}>
          <button
            type="button"
            onClick={() => onSelect(c)}
            aria-current={selected === c.id ? "true" : undefined}
            className={cx(
              "flex w-full flex-wrap items-center gap-x-3 gap-y-1 px-2 py-2 text-left text-sm hover:bg-slate-50",
              selected === c.id && "bg-indigo-50",
            )}
          >
            <StatusChip
              status={String(c.status)}
              tone={c.status >= 200 && c.status < 300 ? "success" : "danger"}
              label={c.status ? `HTTP ${c.status}` : "No response"}
            />
            <code className="min-w-0 flex-1 truncate font-mono text-xs text-slate-800">
              {c.method} {c.url.split("?")[0]}
            </code>
            <span className="text-xs text-slate-700">
              {c.keyName} · {new Date(c.at).toLocaleTimeString()} · {c.ms} ms
            </span>
          </button>
        </li>
      ))}
    </ol>
  );
}
