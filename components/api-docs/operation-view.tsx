import { Badge } from "@/components/ui/badge";
import { CodeBlock } from "@/components/ui/code-block";
import { cx } from "@/components/ui/cx";
import type { OpenApiDoc, OperationEntry } from "@/lib/api-docs/openapi-types";
import { authText, curlFor, responseExample } from "@/lib/api-docs/curl";
import { SchemaView } from "./schema-view";

export const METHOD_STYLES: Record<string, string> = {
  get: "bg-sky-100 text-sky-800",
  post: "bg-emerald-100 text-emerald-800",
  put: "bg-amber-100 text-amber-800",
  patch: "bg-amber-100 text-amber-800",
  delete: "bg-red-100 text-red-800",
};

export function MethodTag({ method }: { method: string }) {
  return (
    <span className={cx("inline-block w-14 shrink-0 rounded px-1.5 py-0.5 text-center font-mono text-[11px] font-bold uppercase", METHOD_STYLES[method])}>
      {method}
    </span>
  );
}

/** One operation: summary, auth, parameters, body, responses, its documented example as curl and the example response. */
export function OperationView({ doc, entry }: { doc: OpenApiDoc; entry: OperationEntry }) {
  const { op } = entry;
  const params = op.parameters ?? [];
  const body = op.requestBody?.content?.["application/json"]?.schema;
  const responses = Object.entries(op.responses ?? {});
  const success = responses.filter(([s]) => s.startsWith("2") || s.startsWith("3"));
  const errors = responses.filter(([s]) => !s.startsWith("2") && !s.startsWith("3"));
  const curl = curlFor(doc, entry);
  const exampleStatus = success.map(([s]) => s).find((s) => responseExample(entry, s) !== undefined);
  const exampleBody = exampleStatus ? responseExample(entry, exampleStatus) : undefined;
  return (
    <article id={entry.id} className="scroll-mt-20 rounded-lg bg-white shadow-xs ring-1 ring-slate-200">
      <header className="border-b border-slate-200 px-4 py-4 sm:px-6">
        <div className="flex min-w-0 items-center gap-3">
          <MethodTag method={entry.method} />
          <code className="min-w-0 font-mono text-sm font-semibold break-all text-slate-900">{entry.path}</code>
        </div>
        {op.summary && <h3 className="mt-2 text-base font-semibold text-slate-900">{op.summary}</h3>}
        {op.description && <p className="mt-1 text-sm text-slate-600">{op.description}</p>}
        <p className="mt-2 text-xs text-slate-500">
          <span className="font-semibold text-slate-600">Auth:</span> {authText(op.security)}
        </p>
      </header>
      <div className="space-y-6 px-4 py-4 sm:px-6">
        {params.length > 0 && (
          <section>
            <h4 className="mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">Parameters</h4>
            <SchemaView
              doc={doc}
              schema={{
                type: "object",
                properties: Object.fromEntries(params.map((p) => [`${p.name}`, { ...p.schema, description: [p.in === "path" ? "Path." : p.in === "query" ? "Query." : `${p.in}.`, p.description ?? p.schema?.description].filter(Boolean).join(" ") }])),
                required: params.filter((p) => p.required).map((p) => p.name),
              }}
            />
          </section>
        )}
        {body && (
          <section>
            <h4 className="mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">
              Request body {op.requestBody?.required === false && <Badge>optional</Badge>}
            </h4>
            <SchemaView doc={doc} schema={body} />
          </section>
        )}
        {success.map(([status, r]) => (
          <section key={status}>
            <h4 className="mb-2 flex items-center gap-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">
              <Badge tone="success">{status}</Badge> {r.description}
            </h4>
            {r.content?.["application/json"]?.schema ? <SchemaView doc={doc} schema={r.content["application/json"].schema} /> : null}
          </section>
        ))}
        {errors.length > 0 && (
          <details>
            <summary className="cursor-pointer text-xs font-semibold tracking-wide text-slate-500 uppercase select-none">Errors ({errors.map(([s]) => s).join(", ")})</summary>
            <ul className="mt-2 space-y-1.5 text-sm text-slate-600">
              {errors.map(([status, r]) => (
                <li key={status} className="flex gap-2">
                  <Badge tone="danger">{status}</Badge>
                  <span>{r.description}</span>
                </li>
              ))}
            </ul>
          </details>
        )}
        <section>
          <h4 className="mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">Example request</h4>
          <CodeBlock copyValue={curl} label="curl (copy as curl)">
            {curl}
          </CodeBlock>
        </section>
        {exampleStatus && exampleBody !== undefined && (
          <details>
            <summary className="cursor-pointer text-xs font-semibold tracking-wide text-slate-500 uppercase select-none">Example response ({exampleStatus})</summary>
            <CodeBlock className="mt-2" maxHeightClass="max-h-96">{exampleBody}</CodeBlock>
          </details>
        )}
      </div>
    </article>
  );
}
