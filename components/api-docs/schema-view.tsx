import { Badge } from "@/components/ui/badge";
import { resolveRef, type JsonSchema, type OpenApiDoc } from "@/lib/api-docs/openapi-types";
import { constraints, enumValues, expandable, typeLabel } from "@/lib/api-docs/schema-text";

const MAX_DEPTH = 5;

/** A schema as a field list: name, type, required, constraints, allowed values, description; nested objects fold. */
export function SchemaView({ doc, schema, depth = 0, seen = [] }: { doc: OpenApiDoc; schema: JsonSchema; depth?: number; seen?: string[] }) {
  const { schema: resolved, name } = resolveRef(doc, schema);
  const obj = expandable(doc, resolved);
  if (!obj) {
    return (
      <p className="text-sm text-slate-700">
        <code className="font-mono text-[13px] text-slate-900">{typeLabel(doc, schema)}</code>
        {resolved.description && <span className="ml-2 text-slate-600">{resolved.description}</span>}
      </p>
    );
  }
  const isArray = resolveRef(doc, resolved).schema.type === "array";
  const required = new Set(obj.required ?? []);
  const nextSeen = name ? [...seen, name] : seen;
  return (
    <div>
      {depth === 0 && (name || isArray) && (
        <p className="mb-2 text-xs text-slate-500">
          <code className="font-mono">{typeLabel(doc, schema)}</code>
        </p>
      )}
      <ul className="divide-y divide-slate-100 rounded-md ring-1 ring-slate-200">
        {Object.entries(obj.properties ?? {}).map(([field, fs]) => (
          <FieldRow key={field} doc={doc} field={field} schema={fs} required={required.has(field)} depth={depth} seen={nextSeen} />
        ))}
      </ul>
    </div>
  );
}

function FieldRow({
  doc,
  field,
  schema,
  required,
  depth,
  seen,
}: {
  doc: OpenApiDoc;
  field: string;
  schema: JsonSchema;
  required: boolean;
  depth: number;
  seen: string[];
}) {
  const { schema: resolved, name } = resolveRef(doc, schema);
  const values = enumValues(resolved);
  const notes = constraints(resolved);
  const child = expandable(doc, resolved);
  // Stop on self-reference and very deep nesting; the type label still names the schema.
  const canNest = child && depth < MAX_DEPTH && !(name && seen.includes(name));
  return (
    <li className="px-3 py-2.5">
      <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
        <code className="font-mono text-[13px] font-semibold text-slate-900">{field}</code>
        <span className="font-mono text-xs text-slate-500">{typeLabel(doc, schema)}</span>
        {required ? <Badge tone="warning">required</Badge> : null}
        {notes.map((n) => (
          <span key={n} className="font-mono text-xs text-slate-500">
            {n}
          </span>
        ))}
      </div>
      {(resolved.description || schema.description) && (
        <p className="mt-1 text-sm text-slate-600">{schema.description ?? resolved.description}</p>
      )}
      {values && (
        <p className="mt-1 flex flex-wrap gap-1 text-xs text-slate-500">
          <span>One of:</span>
          {values.map((v) => (
            <code key={String(v)} className="rounded bg-slate-100 px-1 font-mono text-slate-700">
              {JSON.stringify(v)}
            </code>
          ))}
        </p>
      )}
      {canNest && (
        <details className="group mt-2">
          <summary className="cursor-pointer text-xs font-medium text-indigo-700 select-none hover:text-indigo-600">
            {Object.keys(child.properties ?? {}).length} fields of {field}
          </summary>
          <div className="mt-2">
            <SchemaView doc={doc} schema={schema} depth={depth + 1} seen={seen} />
          </div>
        </details>
      )}
    </li>
  );
}
