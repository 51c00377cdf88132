import type { Metadata } from "next";
import Link from "next/link";
import { connection } from "next/server";
import { McpSection } from "@/components/api-docs/mcp-section";
import { MethodTag } from "@/components/api-docs/operation-view";
import { operationHref } from "@/lib/api-docs/reference";
import { loadReference } from "@/lib/registry/load-reference";

export const metadata: Metadata = { title: "API reference" };

/**
 * The reference's overview: what the API is, how to authenticate, and every operation by tag,
 * each linking to its tag's page. Server-rendered from the same document as GET /v1/openapi.json
 * (request time only, `connection()`: the build never evaluates domain modules' run-time config).
 */
export default async function DocsPage() {
  await connection();
  const { doc, groups } = loadReference();
  return (
    <>
      <div className="mb-10 max-w-3xl">
        <h1 className="text-3xl font-semibold tracking-tight text-slate-900">{doc.info.title}</h1>
        {doc.info.description && <p className="mt-3 text-slate-600">{doc.info.description}</p>}
        <ul className="mt-4 space-y-1 text-sm text-slate-600">
          <li>
            Authenticate with <code className="font-mono text-[13px]">Authorization: Bearer svc_…</code> (API keys from
            the{" "}
            <Link href="/keys" className="font-medium text-indigo-700 hover:text-indigo-600">
              portal
            </Link>
            ); trip endpoints take an access token <code className="font-mono text-[13px]">sat_…</code>.
          </li>
          <li>
            Every response carries <code className="font-mono text-[13px]">X-Request-Id</code>; errors repeat it in the
            body.
          </li>
          <li>
            Machine-readable:{" "}
            <a href="/v1/openapi.json" className="font-medium text-indigo-700 hover:text-indigo-600">
              /v1/openapi.json
            </a>{" "}
            (OpenAPI {doc.openapi}, version {doc.info.version}).
          </li>
          <li>Each operation has &ldquo;Try it&rdquo;: signed in, it runs the call as one of your keys.</li>
          <li>
            Agents connect over{" "}
            <a href="#mcp" className="font-medium text-indigo-700 hover:text-indigo-600">
              MCP
            </a>
            .
          </li>
        </ul>
      </div>
      <McpSection />
      <div className="space-y-8">
        {groups.map((g) => (
          <section key={g.slug} aria-labelledby={`${g.slug}-title`}>
            <h2 id={`${g.slug}-title`} className="text-lg font-semibold tracking-tight text-slate-900">
              <Link prefetch={false} href={`/docs/${g.slug}`} className="hover:text-indigo-700">
                {g.tag}
              </Link>
            </h2>
            {g.description && g.description !== g.tag && (
              <p className="mt-1 max-w-3xl text-sm text-slate-600">{g.description}</p>
            )}
            <ul className="mt-3 divide-y divide-slate-100 rounded-lg bg-white ring-1 ring-slate-200">
              {g.operations.map((o) => (
                <li key={o.id}>
                  <Link
                    prefetch={false}
                    href={operationHref(g.slug, o)}
                    className="flex min-w-0 flex-wrap items-baseline gap-x-3 gap-y-1 px-4 py-2.5 hover:bg-slate-50"
                  >
                    <MethodTag method={o.method} />
                    <code className="min-w-0 font-mono text-[13px] break-all text-slate-900">{o.path}</code>
                    <span className="text-sm text-slate-600">{o.op.summary}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </>
  );
}
