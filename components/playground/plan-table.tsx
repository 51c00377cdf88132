import { PLAN_LIMITS } from "@/lib/billing/plans";
import { cx } from "@/components/ui/cx";

const ROWS: Array<[keyof (typeof PLAN_LIMITS)["free"], string]> = [
  ["requests", "Requests / month"],
  ["timeline_items", "Timeline items / month"],
  ["route_calls", "Route calls / month"],
  ["active_watches", "Active watches"],
];
const PLANS = Object.keys(PLAN_LIMITS) as Array<keyof typeof PLAN_LIMITS>;

/** Enterprise limits are set per contract (admin set-plan overrides); Pro's figures are only where they start. */
function limitText(p: keyof typeof PLAN_LIMITS, k: keyof (typeof PLAN_LIMITS)["pro"]): string {
  return p === "enterprise" ? `${fmt(PLAN_LIMITS[p][k])}+ (by contract)` : fmt(PLAN_LIMITS[p][k]);
}
const fmt = (n: number) => (n === 0 ? "not included" : n.toLocaleString("en-US"));

/** The plan table with the account's plan highlighted, and how a plan is changed. */
export function PlanTable({ current }: { current?: string }) {
  return (
    <div className="space-y-2" data-testid="plan-table">
      {/* Phones: one card per plan, every figure visible (a sideways-scrolling table cut the last plans off at 390 px). */}
      <ul className="grid grid-cols-2 gap-2 sm:hidden" aria-label="Monthly limits per plan">
        {PLANS.map((p) => (
          <li
            key={p}
            className={cx(
              "rounded-md p-2 text-xs ring-1",
              p === current ? "bg-indigo-50 text-indigo-950 ring-indigo-200" : "text-slate-800 ring-slate-200",
            )}
          >
            <p className="text-sm font-medium">
              {p.charAt(0).toUpperCase() + p.slice(1)}
              {p === current && <span className="ml-1 font-normal">(your plan)</span>}
            </p>
            <dl className="mt-1 space-y-0.5">
              {ROWS.map(([k, label]) => (
                <div key={k}>
                  <dt className="text-slate-600">{label}</dt>
                  <dd className="tabular-nums">{limitText(p, k)}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto sm:block" tabIndex={0} role="region" aria-label="Plan limits">
        <table className="w-full min-w-[28rem] text-left text-sm">
          <caption className="sr-only">Monthly limits per plan</caption>
          <thead>
            <tr>
              <th scope="col" className="py-1 pr-3 font-medium text-slate-700">
                Limit
              </th>
              {PLANS.map((p) => (
                <th
                  key={p}
                  scope="col"
                  className={cx(
                    "px-2 py-1 font-medium",
                    p === current ? "bg-indigo-50 text-indigo-900" : "text-slate-700",
                  )}
                >
                  {p.charAt(0).toUpperCase() + p.slice(1)}
                  {p === current && <span className="block text-xs font-normal">your plan</span>}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {ROWS.map(([k, label]) => (
              <tr key={k} className="border-t border-slate-200">
                <th scope="row" className="py-1 pr-3 font-normal text-slate-700">
                  {label}
                </th>
                {PLANS.map((p) => (
                  <td
                    key={p}
                    className={cx(
                      "px-2 py-1 tabular-nums",
                      p === current ? "bg-indigo-50 text-indigo-950" : "text-slate-800",
                    )}
                  >
                    {limitText(p, k)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="text-xs text-slate-700">
        To change plan, ask your Skycast operator (they run{" "}
        <code className="font-mono">npm run admin -- set-plan --email you@… --plan starter</code>), or try everything
        for free in a sandbox account (simulated weather, no charge).
      </p>
    </div>
  );
}
