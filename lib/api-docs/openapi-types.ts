/** The subset of OpenAPI 3.1 the reference page reads. */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  format?: string;
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  example?: unknown;
  examples?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  additionalProperties?: boolean | JsonSchema;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  nullable?: boolean;
}

export interface Parameter {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required?: boolean;
  description?: string;
  schema?: JsonSchema;
  /** The operation's documented example value (every operation has one; a test runs it). */
  example?: unknown;
}

export interface MediaContent {
  schema?: JsonSchema;
  example?: unknown;
}

export interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Array<Record<string, string[]>>;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, MediaContent> };
  responses?: Record<string, { description?: string; content?: Record<string, MediaContent> }>;
}

export interface OpenApiDoc {
  openapi: string;
  info: { title: string; version: string; description?: string };
  paths: Record<string, Partial<Record<string, Operation>>>;
  components?: { schemas?: Record<string, JsonSchema>; securitySchemes?: Record<string, { description?: string }> };
  tags?: Array<{ name: string; description?: string }>;
}

export const HTTP_METHODS = ["get", "post", "put", "patch", "delete"] as const;

export interface OperationEntry {
  id: string;
  method: (typeof HTTP_METHODS)[number];
  path: string;
  op: Operation;
}

/** Operations grouped by their first tag, in the order tags first appear. */
export function groupByTag(doc: OpenApiDoc): Array<{ tag: string; slug: string; operations: OperationEntry[] }> {
  const groups = new Map<string, OperationEntry[]>();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of HTTP_METHODS) {
      const op = item[method];
      if (!op) continue;
      const tag = op.tags?.[0] ?? "Other";
      const list = groups.get(tag) ?? [];
      list.push({ id: slug(`${method} ${path}`), method, path, op });
      groups.set(tag, list);
    }
  }
  return [...groups].map(([tag, operations]) => ({ tag, slug: slug(tag), operations }));
}

export function slug(s: string): string {
  return s
    .toLowerCase()
    .replace(/[{}]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/** Follows a local `#/components/schemas/X` reference; returns the schema and its name. */
export function resolveRef(doc: OpenApiDoc, s: JsonSchema): { schema: JsonSchema; name?: string } {
  if (!s.$ref) return { schema: s };
  const name = s.$ref.replace("#/components/schemas/", "");
  return { schema: doc.components?.schemas?.[name] ?? {}, name };
}
