"use client";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo, useState, type FormEvent } from "react";
import { KEYS_QUERY, type ApiKeyRow } from "@/components/developer/types";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { cx } from "@/components/ui/cx";
import { Field, Textarea } from "@/components/ui/field";
import { apiFetch } from "@/lib/client/api-fetch";
import { estimateCall, verdictFor } from "./estimate";
import {
  DEFAULT_POINT,
  ENDPOINTS,
  pointQueryString,
  routeExample,
  timelineExample,
  type PlaygroundEndpoint,
  type PointQuery,
} from "./examples";
import { HistoryList } from "./history-list";
import { KeyPicker } from "./key-picker";
import { PointFields } from "./point-fields";
import { Preflight } from "./preflight";
import { ResponseView } from "./response-view";
import { runCall, type CallRecord } from "./run-call";
import { SnippetsView } from "./snippets-view";
import { useUsage } from "@/components/billing/use-usage";

const HISTORY = 10;

/** API playground: pick a key by name, see the bill before sending, run, inspect, copy as code. */
export function PlaygroundPanel() {
  const queryClient = useQueryClient();
  const keys = useQuery({ queryKey: KEYS_QUERY, queryFn: () => apiFetch<ApiKeyRow[]>("/api/developer/keys") });
  // The portal's own reads of usage bill nothing (GET /v1/usage is free).
  const usage = useUsage({ staleTime: 0 });
  const [chosenKeyId, setKeyId] = useState("");
  const [endpoint, setEndpoint] = useState<PlaygroundEndpoint>("current");
  const [point, setPoint] = useState<PointQuery>(DEFAULT_POINT);
  const [bodies, setBodies] = useState<Record<"timeline" | "route", string>>(() => ({
    timeline: timelineExample(),
    route: routeExample(),
  }));
  const [submitted, setSubmitted] = useState(false);
  const [running, setRunning] = useState(false);
  const [history, setHistory] = useState<CallRecord[]>([]);
  const [shown, setShown] = useState<CallRecord>();
  // Snippets render only once the keys have loaded in the browser, so this never differs at hydration.
  const origin = typeof window === "undefined" ? "" : window.location.origin;
  const spec = ENDPOINTS.find((e) => e.id === endpoint)!;
  // Until one is chosen, the first key that can call the endpoint, so the page works with no typing.
  const fallback = keys.data?.find((k) => k.scopes.includes(spec.scope)) ?? keys.data?.[0];
  const keyId = chosenKeyId || (fallback ? String(fallback.id) : "");
  const key = keys.data?.find((k) => String(k.id) === keyId);

  const parsed = useMemo(() => {
    if (endpoint === "current" || endpoint === "forecast")
      return { ok: true as const, body: undefined, url: `${spec.path}?${pointQueryString(endpoint, point)}` };
    try {
      const body = JSON.parse(bodies[endpoint]) as unknown;
      return { ok: true as const, body, url: spec.path };
    } catch (err) {
      return { ok: false as const, error: `The body is not valid JSON: ${(err as Error).message}` };
    }
  }, [endpoint, point, bodies, spec.path]);
  const estimate = parsed.ok ? estimateCall(endpoint, point, parsed.body) : null;
  const verdict = estimate ? verdictFor(estimate, usage.data?.data) : { ok: true as const };
  const requestBody = parsed.ok && parsed.body !== undefined ? JSON.stringify(parsed.body) : undefined;
  const missingScope = key && !key.scopes.includes(spec.scope) ? spec.scope : undefined;

  async function onRun(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    if (!key || !parsed.ok) return;
    setRunning(true);
    try {
      const rec = await runCall({ id: key.id, name: key.name }, spec.method, parsed.url, requestBody);
      setHistory((h) => [rec, ...h].slice(0, HISTORY));
      setShown(rec);
    } finally {
      setRunning(false);
    }
    // The call may have changed this month's usage (and the key's last use).
    void queryClient.invalidateQueries({ queryKey: ["usage"] });
  }

  return (
    <div className="space-y-6">
      <Card>
        <CardHeader title="Request" description="Calls are real: they run as the chosen key and are billed to it." />
        <CardBody>
          <form onSubmit={onRun} className="space-y-5" noValidate>
            <KeyPicker
              keys={keys.data}
              loading={keys.isPending}
              keyId={keyId}
              onChange={setKeyId}
              error={submitted && !key ? "Choose the key to call with." : undefined}
            />

            <div role="tablist" aria-label="Endpoint" className="flex flex-wrap gap-1 rounded-md bg-slate-100 p-1">
              {ENDPOINTS.map((x) => (
                <button
                  key={x.id}
                  type="button"
                  role="tab"
                  aria-selected={endpoint === x.id}
                  onClick={() => setEndpoint(x.id)}
                  className={cx(
                    "rounded px-3 py-1.5 text-sm font-medium",
                    endpoint === x.id ? "bg-white text-slate-900 shadow-xs" : "text-slate-700 hover:text-slate-900",
                  )}
                >
                  {x.label}
                </button>
              ))}
            </div>
            <p className="text-sm text-slate-700">
              <code className="font-mono text-[13px]">
                {spec.method} {spec.path}
              </code>{" "}
              · scope <code className="font-mono text-[13px]">{spec.scope}</code> · {spec.units}
            </p>
            {missingScope && (
              <p className="text-sm text-amber-800" data-testid="scope-warning">
                The key {key?.name} lacks the scope <code className="font-mono">{missingScope}</code>: this call will be
                refused with 403.
              </p>
            )}

            {endpoint === "current" || endpoint === "forecast" ? (
              <PointFields endpoint={endpoint} point={point} onChange={setPoint} />
            ) : (
              <Field
                label="JSON body"
                required
                error={parsed.ok ? undefined : parsed.error}
                hint={
                  <button
                    type="button"
                    className="underline"
                    onClick={() =>
                      setBodies({ ...bodies, [endpoint]: endpoint === "timeline" ? timelineExample() : routeExample() })
                    }
                  >
                    Reset to the example
                  </button>
                }
              >
                {(p) => (
                  <Textarea
                    {...p}
                    rows={14}
                    spellCheck={false}
                    suppressHydrationWarning
                    value={bodies[endpoint]}
                    onChange={(e) => setBodies({ ...bodies, [endpoint]: e.target.value })}
                  />
                )}
              </Field>
            )}

            <Preflight estimate={estimate} verdict={verdict} usage={usage.data?.data} keyName={key?.name} />

            <div className="flex flex-wrap items-center gap-3">
              <Button
                type="submit"
                loading={running}
                disabled={!parsed.ok || running}
                variant={verdict.ok ? "primary" : "secondary"}
              >
                {running
                  ? "Running…"
                  : verdict.ok
                    ? `Run ${spec.label.toLowerCase()} call`
                    : "Send anyway (to see the refusal)"}
              </Button>
            </div>
            {key && parsed.ok && origin && (
              <SnippetsView
                input={{
                  origin,
                  method: spec.method,
                  url: parsed.url,
                  body: requestBody,
                  keyName: key.name,
                  keyPrefix: key.keyPrefix,
                }}
              />
            )}
          </form>
        </CardBody>
      </Card>

      {shown && (
        <Card>
          <CardHeader title="Response" />
          <CardBody>
            <ResponseView call={shown} plan={usage.data?.data.plan} />
          </CardBody>
        </Card>
      )}
      <Card>
        <CardHeader title="History" description="Your last calls in this tab (not stored)." />
        <CardBody>
          <HistoryList calls={history} selected={shown?.id} onSelect={setShown} />
        </CardBody>
      </Card>
    </div>
  );
}
