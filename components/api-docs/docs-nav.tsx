import Link from "next/link";
import type { TagGroup } from "@/lib/api-docs/reference";

/** The reference's sections: one page per tag, with its number of operations. */
export function DocsNav({ groups }: { groups: TagGroup[] }) {
  return (
    <nav aria-label="API sections" className="text-sm">
      <ul className="space-y-0.5">
        <li>
          <Link
            prefetch={false}
            href="/docs"
            className="block rounded px-2 py-1 font-medium text-slate-900 hover:bg-slate-100"
          >
            Overview
          </Link>
        </li>
        {groups.map((g) => (
          <li key={g.slug}>
            <Link
              prefetch={false}
              href={`/docs/${g.slug}`}
              className="flex items-baseline justify-between gap-2 rounded px-2 py-1 text-slate-700 hover:bg-slate-100 hover:text-slate-900"
            >
              <span>{g.tag}</span>
              <span className="text-xs text-slate-600">{g.operations.length}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
