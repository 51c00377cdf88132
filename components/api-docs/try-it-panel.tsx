"use client";
import { getSession } from "next-auth/react";
import { useEffect, useState, type FormEvent } from "react";
import type { ApiKeyRow } from "@/components/developer/types";
import { KeyPicker } from "@/components/playground/key-picker";
import { ResponseView } from "@/components/playground/response-view";
import { runCall, type CallRecord } from "@/components/playground/run-call";
import { Button } from "@/components/ui/button";
import { Field, Input, Textarea } from "@/components/ui/field";
import { apiFetch, ApiRequestError } from "@/lib/client/api-fetch";
import { tryItUrl, type TryItSpec } from "@/lib/api-docs/try-it-spec";

type KeysState =
  { status: "loading" } | { status: "signed-out" } | { status: "failed" } | { status: "ready"; keys: ApiKeyRow[] };

/**
 * "Try it" for one operation, built from the playground's parts: the same key picker (your keys
 * by name; the browser never holds a key's value), the same call through the portal session as
 * that key (runCall: its scopes and quota apply, the call is billed to it) and the same response view.
 */
export function TryItPanel({ spec, onClose }: { spec: TryItSpec; onClose: () => void }) {
  const [keys, setKeys] = useState<KeysState>({ status: "loading" });
  const [chosenKeyId, setKeyId] = useState("");
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(spec.params.map((p) => [p.name, p.example])),
  );
  const [body, setBody] = useState(spec.body ?? "");
  const [running, setRunning] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [result, setResult] = useState<CallRecord>();

  useEffect(() => {
    let live = true;
    // Ask the session first: a signed-out reader is the common case here, and a 401 from the keys
    // list would be a console error on a page that has nothing wrong with it.
    void (async () => {
      const next: KeysState = !(await getSession().catch(() => null))
        ? { status: "signed-out" }
        : await apiFetch<ApiKeyRow[]>("/api/developer/keys").then(
            (list): KeysState => ({ status: "ready", keys: list }),
            (err: unknown): KeysState =>
              err instanceof ApiRequestError && err.status === 401 ? { status: "signed-out" } : { status: "failed" },
          );
      if (live) setKeys(next);
    })();
    return () => {
      live = false;
    };
  }, []);

  const list = keys.status === "ready" ? keys.keys : undefined;
  // Until one is chosen, the first key with the operation's scopes, so the form works with no typing.
  const fallback = list?.find((k) => spec.scopes.every((s) => k.scopes.includes(s as never))) ?? list?.[0];
  const keyId = chosenKeyId || (fallback ? String(fallback.id) : "");
  const key = list?.find((k) => String(k.id) === keyId);
  const bodyError = spec.body !== undefined && !isJson(body) ? "The body is not valid JSON." : undefined;
  const missing = spec.params.filter((p) => p.required && !values[p.name]);
  const url = tryItUrl(spec, values);

  async function onRun(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    if (!key || bodyError || missing.length) return;
    setRunning(true);
    try {
      setResult(
        await runCall({ id: key.id, name: key.name }, spec.method, url, spec.body !== undefined ? body : undefined),
      );
    } finally {
      setRunning(false);
    }
  }

  if (keys.status === "signed-out") {
    const here = typeof window === "undefined" ? "/docs" : `${window.location.pathname}${window.location.hash}`;
    return (
      <div className="rounded-md bg-slate-50 p-4 text-sm text-slate-700 ring-1 ring-slate-200">
        <a className="font-medium text-indigo-700 underline" href={`/sign-in?callbackUrl=${encodeURIComponent(here)}`}>
          Sign in
        </a>{" "}
        to try this call with one of your API keys.{" "}
        <button type="button" className="underline" onClick={onClose}>
          Close
        </button>
      </div>
    );
  }

  return (
    <form
      onSubmit={onRun}
      noValidate
      className="space-y-4 rounded-md bg-slate-50 p-4 ring-1 ring-slate-200"
      aria-label="Try it"
    >
      <p className="text-sm text-slate-700">
        Calls are real: they run as the chosen key (its scopes and quota) and are billed to it.
      </p>
      {keys.status === "failed" && (
        <p className="text-sm text-red-700">Could not load your keys; reload the page to try again.</p>
      )}
      <KeyPicker
        keys={list}
        loading={keys.status === "loading"}
        keyId={keyId}
        onChange={setKeyId}
        error={submitted && !key ? "Choose the key to call with." : undefined}
      />
      {spec.params.length > 0 && (
        <div className="grid gap-3 sm:grid-cols-2">
          {spec.params.map((p) => (
            <Field
              key={p.name}
              label={p.name}
              required={p.required}
              hint={p.in === "path" ? "Path" : "Query"}
              error={submitted && p.required && !values[p.name] ? `Enter ${p.name}.` : undefined}
            >
              {(c) => (
                <Input
                  {...c}
                  value={values[p.name] ?? ""}
                  onChange={(e) => setValues({ ...values, [p.name]: e.target.value })}
                />
              )}
            </Field>
          ))}
        </div>
      )}
      {spec.body !== undefined && (
        <Field label="JSON body" required error={bodyError}>
          {(c) => (
            <Textarea
              {...c}
              rows={Math.min(14, body.split("\n").length + 1)}
              spellCheck={false}
              value={body}
              onChange={(e) => setBody(e.target.value)}
            />
          )}
        </Field>
      )}
      <p className="font-mono text-xs break-all text-slate-700">
        {spec.method} {url}
      </p>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" size="sm" loading={running} disabled={running}>
          {running ? "Sending…" : "Send request"}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onClose}>
          Close
        </Button>
      </div>
      {result && <ResponseView call={result} />}
    </form>
  );
}

function isJson(s: string): boolean {
  try {
    JSON.parse(s);
    return true;
  } catch {
    return false;
  }
}
