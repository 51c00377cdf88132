import type { Metadata } from "next";
import Link from "next/link";
import { connection } from "next/server";
import { ApiReference } from "@/components/api-docs/api-reference";
import type { OpenApiDoc } from "@/lib/api-docs/openapi-types";
import { Logo } from "@/components/portal/logo";
import { ButtonLink } from "@/components/ui/button";
import { allContracts } from "@/lib/http/all-contracts";
import { buildOpenApiDocument } from "@/lib/http/openapi";

export const metadata: Metadata = { title: "API reference" };

let cached: OpenApiDoc | undefined;

/**
 * Public API reference rendered on the server from the same document as
 * GET /v1/openapi.json (built from the route contracts). Request time only
 * (`connection()`), so the build never evaluates domain modules' run-time config.
 */
export default async function DocsPage() {
  await connection();
  cached ??= buildOpenApiDocument(allContracts()) as unknown as OpenApiDoc;
  const doc = cached;
  return (
    <div className="min-h-screen">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-4 sm:px-6">
          <div className="flex items-center gap-3">
            <Logo />
            <span className="hidden text-sm text-slate-400 sm:inline">/</span>
            <span className="hidden text-sm font-medium text-slate-700 sm:inline">API reference</span>
          </div>
          <ButtonLink href="/keys" variant="secondary" size="sm">
            Portal
          </ButtonLink>
        </div>
      </header>
      <main className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:py-10">
        <div className="mb-10 max-w-3xl">
          <h1 className="text-3xl font-semibold tracking-tight text-slate-900">{doc.info.title}</h1>
          {doc.info.description && <p className="mt-3 text-slate-600">{doc.info.description}</p>}
          <ul className="mt-4 space-y-1 text-sm text-slate-600">
            <li>
              Authenticate with <code className="font-mono text-[13px]">Authorization: Bearer svc_…</code> (API keys from the{" "}
              <Link href="/keys" className="font-medium text-indigo-600 hover:text-indigo-500">
                portal
              </Link>
              ); trip endpoints take an access token <code className="font-mono text-[13px]">sat_…</code>.
            </li>
            <li>
              Every response carries <code className="font-mono text-[13px]">X-Request-Id</code>; errors repeat it in the body.
            </li>
            <li>
              Machine-readable:{" "}
              <a href="/v1/openapi.json" className="font-medium text-indigo-600 hover:text-indigo-500">
                /v1/openapi.json
              </a>{" "}
              (OpenAPI {doc.openapi}, version {doc.info.version}).
            </li>
          </ul>
        </div>
        <ApiReference doc={doc} />
      </main>
    </div>
  );
}
