import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { MethodTag, OperationView } from "@/components/api-docs/operation-view";
import { loadReference } from "@/lib/registry/load-reference";

type Props = { params: Promise<{ tag: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await connection();
  const { tag } = await params;
  const group = loadReference().groups.find((g) => g.slug === tag);
  return { title: group ? `${group.tag} · API reference` : "API reference" };
}

/** One tag of the reference: its operations, server-rendered, their long schemas loading on demand. */
export default async function DocsTagPage({ params }: Props) {
  await connection();
  const { tag } = await params;
  const { doc, groups } = loadReference();
  const group = groups.find((g) => g.slug === tag);
  if (!group) notFound();
  return (
    <>
      <div className="mb-8 max-w-3xl">
        <p className="text-sm text-slate-600">
          <Link prefetch={false} href="/docs" className="hover:text-slate-900">
            API reference
          </Link>
        </p>
        <h1 className="mt-1 text-3xl font-semibold tracking-tight text-slate-900">{group.tag}</h1>
        {group.description && group.description !== group.tag && (
          <p className="mt-3 text-slate-600">{group.description}</p>
        )}
        <nav aria-label={`${group.tag} operations`} className="mt-4">
          <ul className="space-y-1 text-sm">
            {group.operations.map((o) => (
              <li key={o.id}>
                <a
                  href={`#${o.id}`}
                  className="flex items-start gap-2 rounded px-1 py-0.5 text-slate-700 hover:bg-slate-100 hover:text-slate-900"
                >
                  <MethodTag method={o.method} />
                  <span className="min-w-0 leading-5 break-words">{o.op.summary ?? o.path}</span>
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="space-y-6">
        {group.operations.map((o) => (
          <OperationView key={o.id} doc={doc} entry={o} />
        ))}
      </div>
    </>
  );
}
