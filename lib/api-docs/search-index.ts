import { operationSchemas, parameterFields, type FieldNode } from "./field-tree";
import { operationHref, operationIdOf, type Reference } from "./reference";

/**
 * The reference's search index, generated at build time (scripts/generate-docs-index.ts) and
 * loaded by the search box on first use. Tuples keep it small:
 * - ops: [operationId, method, path, summary, href, description (its first 240 characters: words a person
 *   searches for, e.g. "idempotency" or "rebase", are often only there)]
 * - fields: [dotted path inside the schema (its last segment is the field's name), index into ops, part ("body", "200", "params")]
 */
export interface SearchIndex {
  ops: Array<[string, string, string, string, string, string]>;
  fields: Array<[string, number, string]>;
}

export function buildSearchIndex(ref: Reference): SearchIndex {
  const ops: SearchIndex["ops"] = [];
  const fields: SearchIndex["fields"] = [];
  for (const group of ref.groups) {
    for (const e of group.operations) {
      const description = (e.op.description ?? "").replace(/\s+/g, " ").trim().slice(0, 240);
      const i =
        ops.push([
          operationIdOf(e),
          e.method.toUpperCase(),
          e.path,
          e.op.summary ?? "",
          operationHref(group.slug, e),
          description,
        ]) - 1;
      const seen = new Set<string>();
      const add = (nodes: FieldNode[], part: string, prefix = "") => {
        for (const n of nodes) {
          const path = prefix ? `${prefix}.${n.name}` : n.name;
          // A field shared by two parts of one operation (body and response) is listed once per part.
          if (!seen.has(`${part} ${path}`)) {
            seen.add(`${part} ${path}`);
            fields.push([path, i, part]);
          }
          if (n.children) add(n.children, part, path);
        }
      };
      add(parameterFields(ref.doc, e), "params");
      for (const p of operationSchemas(ref.doc, e).parts) add(p.fields, p.id);
    }
  }
  return { ops, fields };
}
