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

/**
 * The API reference's model: an OpenAPI document grouped by tag. The document comes from the
 * composition root (lib/registry/load-reference.ts), so this module knows no contract.
 */
export function buildReference(doc: OpenApiDoc): Reference {
  const descriptions = new Map((doc.tags ?? []).map((t) => [t.name, t.description]));
  const groups = groupByTag(doc).map((g) => ({ ...g, description: descriptions.get(g.tag) }));
  const byOperationId = new Map<string, { entry: OperationEntry; group: TagGroup }>();
  for (const group of groups)
    for (const entry of group.operations) byOperationId.set(operationIdOf(entry), { entry, group });
  return { doc, groups, byOperationId };
}

/** The document's operationId (every generated operation has one), else the anchor id. */
export const operationIdOf = (e: OperationEntry): string => e.op.operationId ?? e.id;

/** Where an operation lives in the reference: its tag's page, anchored at the operation. */
export const operationHref = (groupSlug: string, e: OperationEntry): string => `/docs/${groupSlug}#${e.id}`;
