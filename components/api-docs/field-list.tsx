import { Badge } from "@/components/ui/badge";
import { cx } from "@/components/ui/cx";
import type { FieldNode } from "@/lib/api-docs/field-tree";

/**
 * A schema as a field list: name, type, required, constraints, allowed values, description;
 * nested objects fold. `highlight` (a dotted field path, from a search hit) opens the folds on
 * its way and marks the field.
 */
export function FieldList({
  fields,
  prefix = "",
  highlight,
}: {
  fields: FieldNode[];
  prefix?: string;
  highlight?: string;
}) {
  return (
    <ul className="divide-y divide-slate-100 rounded-md ring-1 ring-slate-200">
      {fields.map((f) => {
        const path = prefix ? `${prefix}.${f.name}` : f.name;
        const hit = highlight === path;
        return (
          <li key={f.name} data-field-path={path} className={cx("min-w-0 px-3 py-2.5", hit && "bg-amber-50")}>
            <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
              <code className="font-mono text-[13px] font-semibold break-all text-slate-900">{f.name}</code>
              <span className="font-mono text-xs break-all text-slate-600">{f.type}</span>
              {f.required ? <Badge tone="warning">required</Badge> : null}
              {f.notes?.map((n) => (
                <span key={n} className="font-mono text-xs break-all text-slate-600">
                  {n}
                </span>
              ))}
            </div>
            {f.description && <p className="mt-1 text-sm break-words text-slate-600">{f.description}</p>}
            {f.values && (
              <p className="mt-1 flex flex-wrap gap-1 text-xs text-slate-600">
                <span>One of:</span>
                {f.values.map((v) => (
                  <code key={v} className="rounded bg-slate-100 px-1 font-mono break-all text-slate-700">
                    {v}
                  </code>
                ))}
              </p>
            )}
            {f.children && (
              <details className="mt-2" open={highlight?.startsWith(`${path}.`) || undefined}>
                <summary className="cursor-pointer text-xs font-medium text-indigo-700 select-none hover:text-indigo-600">
                  {f.children.length} fields of {f.name}
                </summary>
                <div className="mt-2">
                  <FieldList fields={f.children} prefix={path} highlight={highlight} />
                </div>
              </details>
            )}
          </li>
        );
      })}
    </ul>
  );
}
