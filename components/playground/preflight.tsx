import { Alert } from "@/components/ui/alert";
import type { UsageData } from "@/components/billing/types";
import type { CallEstimate, Verdict } from "./estimate";
import { PlanTable } from "./plan-table";

const n = (x: number) => x.toLocaleString("en-US");

/** Before sending: what the call bills, to which key, and whether the plan allows it. */
export function Preflight({
  estimate,
  verdict,
  usage,
  keyName,
}: {
  estimate: CallEstimate | null;
  verdict: Verdict;
  usage?: UsageData;
  keyName?: string;
}) {
  if (!estimate) return null;
  const bill = (
    <>
      This call bills{" "}
      <strong>
        {n(estimate.units)} unit{estimate.units === 1 ? "" : "s"}
      </strong>{" "}
      ({estimate.basis})
      {keyName ? (
        <>
          {" "}
          to <strong>{keyName}</strong>
        </>
      ) : null}
      .
    </>
  );
  if (verdict.ok) {
    return (
      <div className="rounded-md bg-slate-50 p-3 text-sm text-slate-800 ring-1 ring-slate-200" data-testid="preflight">
        <p>{bill}</p>
        {usage && (
          <p className="mt-1 text-xs text-slate-700">
            Your {usage.plan} plan: {n(usage.usage.requests.remaining)} of {n(usage.usage.requests.limit)} requests left
            this month
            {estimate.routeCalls > 0 && `, ${n(usage.usage.route_calls.remaining)} route calls left`}
            {estimate.timelineItems > 0 && `, ${n(usage.usage.timeline_items.remaining)} timeline items left`}.
          </p>
        )}
      </div>
    );
  }
  return (
    <div className="space-y-3" data-testid="preflight">
      <Alert
        tone="warning"
        title={
          verdict.kind === "not_included"
            ? `Your ${verdict.plan} plan does not include ${verdict.dimension === "route_calls" ? "route calls" : "timeline items"}`
            : "Not enough quota left this month"
        }
      >
        <p>{bill}</p>
        {verdict.kind === "not_included" ? (
          <p>
            The server will refuse it with HTTP 402 <code className="font-mono">billing_limit_reached</code> and bill
            nothing. The {verdict.upgradeTo} plan and above include it.
          </p>
        ) : (
          <p>
            {n(verdict.used)} of {n(verdict.limit)} {verdict.dimension.replace("_", " ")} are used; the server will
            answer HTTP 429 until the quota resets on {new Date(verdict.resetsAt).toLocaleDateString()}.
          </p>
        )}
      </Alert>
      <PlanTable current={usage?.plan} />
    </div>
  );
}
