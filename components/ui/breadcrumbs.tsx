import Link from "next/link";

/** "Watches / this watch" trail above a detail page; the last crumb is the current page. */
export function Breadcrumbs({ items }: { items: Array<{ href?: string; label: string }> }) {
  return (
    <nav aria-label="Breadcrumb" className="mb-3 text-sm">
      <ol className="flex flex-wrap items-center gap-1 text-slate-700">
        {items.map((it, i) => (
          <li key={`${it.label}-${i}`} className="flex items-center gap-1">
            {i > 0 && (
              <span aria-hidden="true" className="text-slate-500">
                /
              </span>
            )}
            {it.href ? (
              <Link href={it.href} className="underline-offset-2 hover:underline">
                {it.label}
              </Link>
            ) : (
              <span aria-current="page" className="font-medium text-slate-900">
                {it.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
