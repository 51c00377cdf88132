import type { SearchIndex } from "./search-index";

export interface SearchHit {
  kind: "operation" | "field";
  /** operationId for an operation, the field's dotted path for a field. */
  label: string;
  method: string;
  path: string;
  summary: string;
  operationId: string;
  /** For a field: where it is ("params", "body", "200"). */
  part?: string;
  href: string;
}

const norm = (s: string) => s.toLowerCase();

/**
 * Client-side search over operation ids, paths, summaries, descriptions and schema fields: every word of the
 * query must occur in the entry. Exact and prefix matches on the name rank first, operations
 * before fields; at most `limit` hits.
 */
export function searchReference(index: SearchIndex, query: string, limit = 20): SearchHit[] {
  const words = norm(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const scored: Array<{ hit: SearchHit; score: number }> = [];
  const rank = (name: string, hay: string): number | undefined => {
    if (!words.every((w) => hay.includes(w))) return undefined;
    const q = words.join(" ");
    return name === q ? 0 : name.startsWith(q) ? 1 : name.includes(q) ? 2 : 3;
  };
  index.ops.forEach(([operationId, method, path, summary, href, description = ""]) => {
    const id = norm(operationId);
    const name = id.slice(id.lastIndexOf(".") + 1);
    // Names, paths and summaries first; an operation found only through its description ranks after every name match.
    const score =
      rank(name, `${id} ${norm(path)} ${norm(summary)} ${norm(method)}`) ??
      (rank(name, `${id} ${norm(path)} ${norm(summary)} ${norm(method)} ${norm(description)}`) !== undefined
        ? 4
        : undefined);
    if (score !== undefined)
      scored.push({ score, hit: { kind: "operation", label: operationId, method, path, summary, operationId, href } });
  });
  for (const [fieldPath, op, part] of index.fields) {
    const name = norm(fieldPath.slice(fieldPath.lastIndexOf(".") + 1));
    // Fields match on their own name (a query "data" should not list every nested field).
    const score = rank(name, name);
    if (score === undefined) continue;
    const [operationId, method, path, summary, href] = index.ops[op];
    // Parameters are inline on the page; a body or response field opens its section at the field.
    const anchor = part === "params" ? href : `${href}-${part}/${fieldPath}`;
    scored.push({
      score: score + 0.5,
      hit: { kind: "field", label: fieldPath, method, path, summary, operationId, part, href: anchor },
    });
  }
  return scored
    .sort((a, b) => a.score - b.score)
    .slice(0, limit)
    .map((s) => s.hit);
}
