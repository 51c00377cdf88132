import { Badge } from "@/components/ui/badge";
import { CodeBlock } from "@/components/ui/code-block";
import { cx } from "@/components/ui/cx";
import { authText, curlFor, responseExample } from "@/lib/api-docs/curl";
import { parameterFields, successStatuses, topFieldCount } from "@/lib/api-docs/field-tree";
import type { OpenApiDoc, OperationEntry } from "@/lib/api-docs/openapi-types";
import { operationIdOf } from "@/lib/api-docs/reference";
import { tryItSpec } from "@/lib/api-docs/try-it-spec";
import { FieldList } from "./field-list";
import { SchemaSection } from "./schema-section";
import { TryItButton } from "./try-it-button";

export const METHOD_STYLES: Record<string, string> = {
  get: "bg-sky-100 text-sky-800",
  post: "bg-emerald-100 text-emerald-800",
  put: "bg-amber-100 text-amber-800",
  patch: "bg-amber-100 text-amber-800",
  delete: "bg-red-100 text-red-800",
};

export function MethodTag({ method }: { method: string }) {
  return (
    <span
      className={cx(
        "inline-block w-14 shrink-0 rounded px-1.5 py-0.5 text-center font-mono text-[11px] font-bold uppercase",
        METHOD_STYLES[method],
      )}
    >
      {method}
    </span>
  );
}

const h4 = "mb-2 text-xs font-semibold tracking-wide text-slate-600 uppercase";

/**
 * One operation, server-rendered: summary, operationId, auth, parameters (short, inline), the
 * documented example as curl and "try it". Request body, responses and the example response are
 * collapsed sections that load on demand (SchemaSection), which keeps the page small.
 */
export function OperationView({ doc, entry }: { doc: OpenApiDoc; entry: OperationEntry }) {
  const { op } = entry;
  const operationId = operationIdOf(entry);
  const params = parameterFields(doc, entry);
  const body = op.requestBody?.content?.["application/json"]?.schema;
  const responses = op.responses ?? {};
  const success = successStatuses(entry);
  const errors = Object.keys(responses).filter((s) => !/^[23]/.test(s));
  const curl = curlFor(doc, entry);
  const hasExample = success.some((s) => responseExample(entry, s) !== undefined);
  const tryIt = tryItSpec(doc, entry);
  const count = (n: number) => (n ? ` · ${n} field${n === 1 ? "" : "s"}` : "");
  return (
    <article
      id={entry.id}
      aria-labelledby={`${entry.id}-title`}
      className="min-w-0 scroll-mt-6 rounded-lg bg-white shadow-xs ring-1 ring-slate-200"
    >
      <header className="border-b border-slate-200 px-4 py-4 sm:px-6">
        <div className="flex min-w-0 items-center gap-3">
          <MethodTag method={entry.method} />
          <code className="min-w-0 font-mono text-sm font-semibold break-all text-slate-900">{entry.path}</code>
        </div>
        <h3 id={`${entry.id}-title`} className="mt-2 text-base font-semibold text-slate-900">
          {op.summary ?? `${entry.method.toUpperCase()} ${entry.path}`}
        </h3>
        {op.description && <p className="mt-1 text-sm break-words text-slate-600">{op.description}</p>}
        <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
          <span>
            <span className="font-semibold">Operation:</span> <code className="font-mono break-all">{operationId}</code>
          </span>
          <span>
            <span className="font-semibold">Auth:</span> {authText(op.security)}
          </span>
        </p>
      </header>
      <div className="space-y-5 px-4 py-4 sm:px-6">
        {params.length > 0 && (
          <section aria-label="Parameters">
            <h4 className={h4}>Parameters</h4>
            <FieldList fields={params} />
          </section>
        )}
        {body && (
          <SchemaSection
            id={`${entry.id}-body`}
            operationId={operationId}
            part="body"
            title={
              <>
                Request body{op.requestBody?.required === false ? " (optional)" : ""}
                {count(topFieldCount(doc, body))}
              </>
            }
          />
        )}
        {success.map((status) => {
          const schema = responses[status].content?.["application/json"]?.schema;
          if (!schema) return null;
          return (
            <SchemaSection
              key={status}
              id={`${entry.id}-${status}`}
              operationId={operationId}
              part={status}
              title={
                <>
                  Response {status}
                  {responses[status].description ? ` · ${responses[status].description}` : ""}
                  {count(topFieldCount(doc, schema))}
                </>
              }
            />
          );
        })}
        {errors.length > 0 && (
          <details>
            <summary className="cursor-pointer text-xs font-semibold tracking-wide text-slate-600 uppercase select-none hover:text-slate-900">
              Errors ({errors.join(", ")})
            </summary>
            <ul className="mt-2 space-y-1.5 text-sm text-slate-600">
              {errors.map((status) => (
                <li key={status} className="flex gap-2">
                  <Badge tone="danger">{status}</Badge>
                  <span className="min-w-0 break-words">{responses[status].description}</span>
                </li>
              ))}
            </ul>
          </details>
        )}
        {hasExample && (
          <SchemaSection id={`${entry.id}-example`} operationId={operationId} part="example" title="Example response" />
        )}
        <section aria-label="Example request">
          <h4 className={h4}>Example request</h4>
          <CodeBlock copyValue={curl} label="curl">
            {curl}
          </CodeBlock>
        </section>
        {tryIt && <TryItButton spec={tryIt} />}
      </div>
    </article>
  );
}
