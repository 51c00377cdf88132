import Link from "next/link";
import type { ReactNode } from "react";
import { connection } from "next/server";
import { DocsNav } from "@/components/api-docs/docs-nav";
import { DocsSearch } from "@/components/api-docs/docs-search";
import { Logo } from "@/components/portal/logo";
import { ButtonLink } from "@/components/ui/button";
import { loadReference } from "@/lib/registry/load-reference";

/**
 * The API reference's frame: search and the sections (one page per tag) beside every page.
 * Request time only (`connection()`), so the build never evaluates domain modules' run-time config.
 */
export default async function DocsLayout({ children }: { children: ReactNode }) {
  await connection();
  const { groups } = loadReference();
  return (
    <div className="min-h-screen">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-4 sm:px-6">
          <div className="flex items-center gap-3">
            <Logo />
            <span className="hidden text-sm text-slate-500 sm:inline">/</span>
            <Link
              prefetch={false}
              href="/docs"
              className="hidden text-sm font-medium text-slate-700 hover:text-slate-900 sm:inline"
            >
              API reference
            </Link>
          </div>
          <ButtonLink href="/keys" variant="secondary" size="sm">
            Portal
          </ButtonLink>
        </div>
      </header>
      <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:grid lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-10 lg:py-10">
        <aside className="mb-6 space-y-4 lg:mb-0">
          <div className="space-y-5 lg:sticky lg:top-6 lg:max-h-[calc(100vh-3rem)] lg:overflow-y-auto lg:pr-2 lg:pb-6">
            <DocsSearch />
            <div className="hidden lg:block">
              <DocsNav groups={groups} />
            </div>
            <details className="rounded-lg bg-white p-4 ring-1 ring-slate-200 lg:hidden">
              <summary className="cursor-pointer text-sm font-semibold text-slate-900 select-none">Sections</summary>
              <div className="mt-3">
                <DocsNav groups={groups} />
              </div>
            </details>
          </div>
        </aside>
        <main className="min-w-0">{children}</main>
      </div>
    </div>
  );
}
