import { Badge, StatusChip } from "@/components/ui/badge";
import { CodeBlock } from "@/components/ui/code-block";
import { itemRisks, overallRisk, routeSegments } from "./risk";
import { RouteMap } from "./route-map";
import { ProblemView } from "./problem-view";
import type { CallRecord } from "./run-call";

/** x-ratelimit-reset is a Unix time in seconds: shown with the local time it stands for. */
export function resetText(v: string): string {
  const n = Number(v);
  if (!Number.isFinite(n) || n <= 0) return v;
  return `${v} (${new Date(n * 1000).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "medium" })})`;
}

const HIGHLIGHT = new Set([
  "x-ratelimit-limit",
  "x-ratelimit-remaining",
  "x-ratelimit-reset",
  "x-cache-status",
  "x-weather-snapshot-id",
  "x-request-id",
]);
const riskTone = (l: string) =>
  l === "warning" ? "danger" : l === "watch" ? "warning" : l === "low" ? "success" : "neutral";

/** A call's status, headers, risk (with the route map) and body. */
export function ResponseView({ call, plan }: { call: CallRecord; plan?: string }) {
  const ok = call.status >= 200 && call.status < 300;
  const risk = ok ? overallRisk(call.body) : null;
  const items = ok ? itemRisks(call.body) : [];
  const segments = ok ? routeSegments(call.body) : [];
  const json = typeof call.body === "string" ? call.body : JSON.stringify(call.body, null, 2);
  return (
    <div className="space-y-5" data-testid="playground-response">
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <StatusChip
          status={String(call.status || "network error")}
          tone={ok ? "success" : "danger"}
          label={call.status ? `HTTP ${call.status}` : "No response"}
        />
        <code className="font-mono text-xs break-all text-slate-700">
          {call.method} {call.url}
        </code>
        <span className="text-slate-700">{call.ms} ms</span>
      </div>
      <p className="text-xs text-slate-700">Billed to {call.keyName}</p>
      {call.problem && <p className="text-sm text-red-700">{call.problem}</p>}
      {!ok && <ProblemView body={call.body} status={call.status} keyName={call.keyName} plan={plan} />}

      {risk && (
        <section aria-label="Risk" className="rounded-md p-4 ring-1 ring-slate-200">
          <div className="flex flex-wrap items-center gap-2">
            <span className="text-sm font-semibold text-slate-900">Risk</span>
            <Badge tone={riskTone(risk.level)}>{risk.level}</Badge>
            {risk.mainIssue && <span className="text-sm text-slate-700">Main issue: {risk.mainIssue}</span>}
          </div>
          {risk.recommendation && <p className="mt-2 text-sm text-slate-700">{risk.recommendation}</p>}
          {risk.reasons.length > 0 && (
            <ul className="mt-2 list-disc space-y-0.5 pl-5 text-sm text-slate-700">
              {risk.reasons.map((r, i) => (
                <li key={i}>
                  {/* The level as a badge: coloured text alone fails contrast for the lighter levels. */}
                  <Badge tone={riskTone(r.level)}>{r.level}</Badge> {r.message}{" "}
                  <code className="font-mono text-xs text-slate-700">{r.code}</code>
                </li>
              ))}
            </ul>
          )}
          {items.length > 0 && (
            <ul className="mt-3 grid gap-1 text-sm sm:grid-cols-2">
              {items.map((it) => (
                <li key={it.id} className="flex items-center gap-2">
                  <Badge tone={riskTone(it.risk.level)}>{it.risk.level}</Badge>
                  <span className="font-mono text-xs">{it.id}</span>
                  <span className="text-slate-700">{it.activity}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}

      {segments.length > 0 && <RouteMap segments={segments} />}

      <section aria-label="Response headers">
        <h3 className="mb-2 text-sm font-semibold text-slate-900">
          Headers (ours: request id, quota, cache, snapshot)
        </h3>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 font-mono text-xs">
          {call.headers.map(([k, v]) => (
            <div key={k} className="contents">
              <dt className={HIGHLIGHT.has(k) ? "font-semibold text-indigo-700" : "text-slate-700"}>{k}</dt>
              <dd className="break-all text-slate-800">{k === "x-ratelimit-reset" ? resetText(v) : v}</dd>
            </div>
          ))}
        </dl>
      </section>

      <CodeBlock label="Response body" copyValue={json} maxHeightClass="max-h-[32rem]">
        {json}
      </CodeBlock>
    </div>
  );
}
