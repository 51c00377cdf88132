import { groupByTag, type OpenApiDoc } from "@/lib/api-docs/openapi-types";
import { MethodTag, OperationView } from "./operation-view";

function Toc({ groups }: { groups: ReturnType<typeof groupByTag> }) {
  return (
    <nav aria-label="API sections" className="space-y-5 text-sm">
      {groups.map((g) => (
        <div key={g.slug}>
          <a href={`#${g.slug}`} className="font-semibold text-slate-900 hover:text-indigo-700">
            {g.tag}
          </a>
          <ul className="mt-1.5 space-y-1">
            {g.operations.map((o) => (
              <li key={o.id}>
                <a href={`#${o.id}`} className="flex items-start gap-2 rounded px-1 py-0.5 text-slate-600 hover:bg-slate-100 hover:text-slate-900">
                  <MethodTag method={o.method} />
                  <span className="leading-5">{o.op.summary ?? o.path}</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}

/** The whole OpenAPI document: contents on the side (folded on phones), then every tag's operations. */
export function ApiReference({ doc }: { doc: OpenApiDoc }) {
  const groups = groupByTag(doc);
  return (
    <div className="lg:grid lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-10">
      <aside className="hidden lg:block">
        <div className="sticky top-6 max-h-[calc(100vh-3rem)] overflow-y-auto pr-2 pb-6">
          <Toc groups={groups} />
        </div>
      </aside>
      <div className="min-w-0">
        <details className="mb-6 rounded-lg bg-white p-4 ring-1 ring-slate-200 lg:hidden">
          <summary className="cursor-pointer text-sm font-semibold text-slate-900 select-none">Contents</summary>
          <div className="mt-4">
            <Toc groups={groups} />
          </div>
        </details>
        <div className="space-y-12">
          {groups.map((g) => (
            <section key={g.slug} id={g.slug} aria-labelledby={`${g.slug}-title`} className="scroll-mt-6">
              <h2 id={`${g.slug}-title`} className="mb-4 text-xl font-semibold tracking-tight text-slate-900">
                {g.tag}
              </h2>
              <div className="space-y-6">
                {g.operations.map((o) => (
                  <OperationView key={o.id} doc={doc} entry={o} />
                ))}
              </div>
            </section>
          ))}
        </div>
      </div>
    </div>
  );
}
