"use client";
import { useId, useState } from "react";
import { cx } from "@/components/ui/cx";
import type { SearchIndex } from "@/lib/api-docs/search-index";
import { searchReference } from "@/lib/api-docs/search";

let indexPromise: Promise<SearchIndex> | undefined;

// The index (generated at build time) is its own chunk, fetched the first time the box is used.
const loadIndex = () =>
  (indexPromise ??= import("@/lib/api-docs/search-index.generated.json").then(
    (m) => m.default as unknown as SearchIndex,
  ));

const METHOD_TEXT: Record<string, string> = {
  GET: "text-sky-800",
  POST: "text-emerald-800",
  PUT: "text-amber-800",
  PATCH: "text-amber-800",
  DELETE: "text-red-800",
};

/** Search over operation ids, paths, summaries and schema fields; hits link to the operation (and open the field's section). */
export function DocsSearch() {
  const id = useId();
  const [query, setQuery] = useState("");
  const [index, setIndex] = useState<SearchIndex>();
  const prepare = () => {
    if (!index) void loadIndex().then(setIndex);
  };
  const hits = index ? searchReference(index, query) : [];
  const searching = query.trim() !== "";
  return (
    <div role="search" className="relative">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        Search the API
      </label>
      <input
        id={id}
        type="search"
        value={query}
        placeholder="Operation, path or field"
        autoComplete="off"
        spellCheck={false}
        onFocus={prepare}
        onChange={(e) => {
          prepare();
          setQuery(e.target.value);
        }}
        aria-controls={`${id}-results`}
        className="mt-1.5 block h-10 w-full rounded-md border-0 bg-white px-3 text-sm text-slate-900 shadow-xs ring-1 ring-slate-300 ring-inset placeholder:text-slate-500 focus-visible:ring-2 focus-visible:ring-indigo-600 focus-visible:outline-hidden"
      />
      <div id={`${id}-results`} aria-live="polite">
        {searching && !index && <p className="mt-2 text-sm text-slate-600">Loading the index…</p>}
        {searching && index && hits.length === 0 && (
          <p className="mt-2 text-sm text-slate-600">Nothing matches “{query.trim()}”.</p>
        )}
        {hits.length > 0 && (
          <ul
            aria-label="Search results"
            className="mt-2 max-h-[60vh] divide-y divide-slate-100 overflow-y-auto rounded-md bg-white ring-1 ring-slate-200"
          >
            {hits.map((h) => (
              <li key={`${h.kind} ${h.href} ${h.label}`}>
                {/* A plain link: a hash change on the same page must reach the sections listening for it. */}
                <a
                  href={h.href}
                  className="block px-3 py-2 text-sm hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-hidden"
                >
                  <span className="block font-mono text-[13px] font-semibold break-all text-slate-900">{h.label}</span>
                  <span className="block text-xs text-slate-600">
                    {h.kind === "field" && (
                      <span>
                        Field in{" "}
                        {h.part === "params" ? "parameters" : h.part === "body" ? "request body" : `response ${h.part}`}{" "}
                        of{" "}
                      </span>
                    )}
                    <span className={cx("font-mono font-semibold", METHOD_TEXT[h.method])}>{h.method}</span>{" "}
                    <span className="font-mono break-all">{h.path}</span>
                    {h.kind === "operation" && h.summary && <span> · {h.summary}</span>}
                  </span>
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
