import { allContracts } from "@/lib/registry/all-contracts";
import { buildOpenApiDocument } from "@/lib/http/openapi";
import { groupByTag, type OpenApiDoc, type OperationEntry } from "./openapi-types";

export interface TagGroup {
  tag: string;
  slug: string;
  description?: string;
  operations: OperationEntry[];
}

export interface Reference {
  doc: OpenApiDoc;
  groups: TagGroup[];
  /** operationId → its entry and tag, for the on-demand schema route. */
  byOperationId: Map<string, { entry: OperationEntry; group: TagGroup }>;
}

let cached: Reference | undefined;

/**
 * The API reference's model: the same document as GET /v1/openapi.json, grouped by tag, built
 * once per process (about 0.3 s) so warm requests only render. Call at request time only: the
 * build must never evaluate domain modules' run-time config.
 */
export function loadReference(): Reference {
  if (cached) return cached;
  const doc = buildOpenApiDocument(allContracts()) as unknown as OpenApiDoc;
  const descriptions = new Map((doc.tags ?? []).map((t) => [t.name, t.description]));
  const groups = groupByTag(doc).map((g) => ({ ...g, description: descriptions.get(g.tag) }));
  const byOperationId = new Map<string, { entry: OperationEntry; group: TagGroup }>();
  for (const group of groups)
    for (const entry of group.operations) byOperationId.set(operationIdOf(entry), { entry, group });
  cached = { doc, groups, byOperationId };
  return cached;
}

/** The document's operationId (every generated operation has one), else the anchor id. */
export const operationIdOf = (e: OperationEntry): string => e.op.operationId ?? e.id;

/** Where an operation lives in the reference: its tag's page, anchored at the operation. */
export const operationHref = (groupSlug: string, e: OperationEntry): string => `/docs/${groupSlug}#${e.id}`;
