"use client";
import { useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { KEYS_QUERY, type ApiKeyRow } from "@/components/developer/types";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { cx } from "@/components/ui/cx";
import { Field, Input, Select, Textarea } from "@/components/ui/field";
import { DEFAULT_POINT, ENDPOINTS, pointQueryString, routeExample, timelineExample, type PlaygroundEndpoint, type PointQuery } from "./examples";
import { KeyPicker, keyProblem, type KeyChoice } from "./key-picker";
import { ResponseView } from "./response-view";
import { runCall, type CallRecord } from "./run-call";

/** API playground: run current, forecast, timeline and route calls with one of your keys. */
export function PlaygroundPanel() {
  const queryClient = useQueryClient();
  const [choice, setChoice] = useState<KeyChoice>({ keyId: "", value: "" });
  const [endpoint, setEndpoint] = useState<PlaygroundEndpoint>("current");
  const [point, setPoint] = useState<PointQuery>(DEFAULT_POINT);
  const [bodies, setBodies] = useState<Record<"timeline" | "route", string>>(() => ({ timeline: timelineExample(), route: routeExample() }));
  const [jsonError, setJsonError] = useState<string>();
  const [submitted, setSubmitted] = useState(false);
  const [running, setRunning] = useState(false);
  const [result, setResult] = useState<CallRecord>();
  const spec = ENDPOINTS.find((e) => e.id === endpoint)!;

  async function onRun(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    setJsonError(undefined);
    if (keyProblem(choice, queryClient.getQueryData<ApiKeyRow[]>(KEYS_QUERY))) return;
    let url = spec.path;
    let body: string | undefined;
    if (endpoint === "current" || endpoint === "forecast") {
      url = `${spec.path}?${pointQueryString(endpoint, point)}`;
    } else {
      try {
        body = JSON.stringify(JSON.parse(bodies[endpoint]));
      } catch (err) {
        setJsonError(`The body is not valid JSON: ${(err as Error).message}`);
        return;
      }
    }
    setRunning(true);
    try {
      setResult(await runCall(choice.value.trim(), spec.method, url, body));
    } finally {
      setRunning(false);
    }
    // The call may have changed this month's usage.
    void queryClient.invalidateQueries({ queryKey: ["usage"] });
  }

  const setP = (k: keyof PointQuery) => (e: { target: { value: string } }) => setPoint({ ...point, [k]: e.target.value });

  return (
    <div className="space-y-6">
      <Card>
        <CardHeader title="Request" description="Calls are real and billed to your account like any other call." />
        <CardBody>
          <form onSubmit={onRun} className="space-y-5" noValidate>
            <KeyPicker choice={choice} onChange={setChoice} showError={submitted} />

            <div role="tablist" aria-label="Endpoint" className="flex flex-wrap gap-1 rounded-md bg-slate-100 p-1">
              {ENDPOINTS.map((e) => (
                <button
                  key={e.id}
                  type="button"
                  role="tab"
                  aria-selected={endpoint === e.id}
                  onClick={() => {
                    setEndpoint(e.id);
                    setJsonError(undefined);
                  }}
                  className={cx(
                    "rounded px-3 py-1.5 text-sm font-medium",
                    endpoint === e.id ? "bg-white text-slate-900 shadow-xs" : "text-slate-600 hover:text-slate-900",
                  )}
                >
                  {e.label}
                </button>
              ))}
            </div>
            <p className="text-sm text-slate-600">
              <code className="font-mono text-[13px]">
                {spec.method} {spec.path}
              </code>{" "}
              · scope <code className="font-mono text-[13px]">{spec.scope}</code> · {spec.units}
            </p>

            {endpoint === "current" || endpoint === "forecast" ? (
              <div className="grid gap-4 sm:grid-cols-3">
                <Field label="Latitude">{(p) => <Input {...p} inputMode="decimal" value={point.lat} onChange={setP("lat")} />}</Field>
                <Field label="Longitude">{(p) => <Input {...p} inputMode="decimal" value={point.lng} onChange={setP("lng")} />}</Field>
                <Field label="Units">
                  {(p) => (
                    <Select {...p} value={point.units} onChange={setP("units")}>
                      <option value="metric">metric</option>
                      <option value="imperial">imperial</option>
                      <option value="standard">standard</option>
                    </Select>
                  )}
                </Field>
                <Field label="Language" hint="BCP-47, e.g. en, de, fr, es">
                  {(p) => <Input {...p} value={point.language} onChange={setP("language")} />}
                </Field>
                {endpoint === "current" ? (
                  <Field label="Activity type" hint="e.g. walking_tour, beach, museum">
                    {(p) => <Input {...p} value={point.activity_type} onChange={setP("activity_type")} />}
                  </Field>
                ) : (
                  <>
                    <Field label="Days" hint="1–8">
                      {(p) => <Input {...p} inputMode="numeric" value={point.days} onChange={setP("days")} />}
                    </Field>
                    <Field label="Granularity">
                      {(p) => (
                        <Select {...p} value={point.granularity} onChange={setP("granularity")}>
                          <option value="daily">daily (1 unit)</option>
                          <option value="hourly">hourly (2 units)</option>
                        </Select>
                      )}
                    </Field>
                  </>
                )}
              </div>
            ) : (
              <Field
                label="JSON body"
                error={jsonError}
                hint={
                  <button type="button" className="underline" onClick={() => setBodies({ ...bodies, [endpoint]: endpoint === "timeline" ? timelineExample() : routeExample() })}>
                    Reset to the example
                  </button>
                }
              >
                {(p) => (
                  <Textarea
                    {...p}
                    rows={16}
                    spellCheck={false}
                    suppressHydrationWarning
                    value={bodies[endpoint]}
                    onChange={(e) => setBodies({ ...bodies, [endpoint]: e.target.value })}
                  />
                )}
              </Field>
            )}

            <Button type="submit" loading={running}>
              {running ? "Running…" : `Run ${spec.label.toLowerCase()} call`}
            </Button>
          </form>
        </CardBody>
      </Card>

      {result && (
        <Card>
          <CardHeader title="Response" />
          <CardBody>
            <ResponseView call={result} />
          </CardBody>
        </Card>
      )}
    </div>
  );
}
