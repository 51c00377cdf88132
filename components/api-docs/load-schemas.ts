import type { OperationSchemas } from "@/lib/api-docs/field-tree";

const cache = new Map<string, Promise<OperationSchemas>>();

/** An operation's schemas and example from /docs/schemas/{operationId}, fetched once per page. */
export function loadSchemas(operationId: string): Promise<OperationSchemas> {
  let p = cache.get(operationId);
  if (!p) {
    p = fetch(`/docs/schemas/${encodeURIComponent(operationId)}`).then(async (res) => {
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      return (await res.json()) as OperationSchemas;
    });
    // A failed load may be retried by closing and opening the section again.
    p.catch(() => cache.delete(operationId));
    cache.set(operationId, p);
  }
  return p;
}
