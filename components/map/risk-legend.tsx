import { RISK_COLOURS } from "@/components/playground/risk";

const LEVELS: Array<[string, string]> = [
  ["low", "Low"],
  ["watch", "Watch"],
  ["warning", "Warning"],
];

/** The three risk levels with their colours, always all three so a map reads the same everywhere. */
export function RiskLegend() {
  return (
    <ul className="flex flex-wrap gap-4 text-xs text-slate-800" aria-label="Risk legend">
      {LEVELS.map(([level, words]) => (
        <li key={level} className="flex items-center gap-1.5">
          <span
            className="inline-block h-2 w-6 rounded-full"
            style={{ background: RISK_COLOURS[level] }}
            aria-hidden="true"
          />
          {words}
        </li>
      ))}
    </ul>
  );
}
