import { resolveRef, type JsonSchema, type OpenApiDoc, type OperationEntry } from "./openapi-types";
import { constraints, enumValues, expandable, typeLabel } from "./schema-text";
import { responseExample } from "./curl";

/** One field of a schema as the reference shows it (plain data: it travels to the browser on demand). */
export interface FieldNode {
  name: string;
  type: string;
  required?: true;
  notes?: string[];
  values?: string[];
  description?: string;
  children?: FieldNode[];
}

/** A schema of an operation: the request body or one success response. */
export interface SchemaPart {
  /** "body" or the status code; with the operation's anchor it makes the section's id. */
  id: string;
  title: string;
  /** Type label of the whole schema ("WeatherCurrentResponse", "array of Watch"). */
  type: string;
  description?: string;
  fields: FieldNode[];
}

export interface OperationSchemas {
  parts: SchemaPart[];
  example?: { status: string; body: string };
}

const MAX_DEPTH = 5;

/** A schema's fields, nested objects included down to MAX_DEPTH; stops at self-reference. */
export function fieldTree(doc: OpenApiDoc, schema: JsonSchema, depth = 0, seen: string[] = []): FieldNode[] {
  const { schema: resolved, name } = resolveRef(doc, schema);
  const obj = expandable(doc, resolved);
  if (!obj) return [];
  const required = new Set(obj.required ?? []);
  const nextSeen = name ? [...seen, name] : seen;
  return Object.entries(obj.properties ?? {}).map(([field, fs]) => {
    const { schema: r, name: refName } = resolveRef(doc, fs);
    const values = enumValues(r);
    const notes = constraints(r);
    const description = fs.description ?? r.description;
    const canNest = expandable(doc, r) && depth < MAX_DEPTH && !(refName && nextSeen.includes(refName));
    const children = canNest ? fieldTree(doc, fs, depth + 1, nextSeen) : [];
    const node: FieldNode = { name: field, type: typeLabel(doc, fs) };
    if (required.has(field)) node.required = true;
    if (notes.length) node.notes = notes;
    if (values) node.values = values.map((v) => JSON.stringify(v));
    if (description) node.description = description;
    if (children.length) node.children = children;
    return node;
  });
}

/** Parameters (path, query, header) as fields; short, so the page renders them inline. */
export function parameterFields(doc: OpenApiDoc, e: OperationEntry): FieldNode[] {
  return (e.op.parameters ?? []).map((p) => {
    const s = p.schema ?? {};
    const values = enumValues(s);
    const notes = constraints(s);
    const where = p.in === "path" ? "Path." : p.in === "query" ? "Query." : `${p.in[0].toUpperCase()}${p.in.slice(1)}.`;
    const node: FieldNode = {
      name: p.name,
      type: typeLabel(doc, s),
      description: [where, p.description ?? s.description].filter(Boolean).join(" "),
    };
    if (p.required) node.required = true;
    if (notes.length) node.notes = notes;
    if (values) node.values = values.map((v) => JSON.stringify(v));
    return node;
  });
}

/** The success statuses (2xx, 3xx) of an operation, in document order. */
export const successStatuses = (e: OperationEntry): string[] =>
  Object.keys(e.op.responses ?? {}).filter((s) => /^[23]/.test(s));

/** The long part of an operation, sent when a reader opens it: body and success schemas, and the example response. */
export function operationSchemas(doc: OpenApiDoc, e: OperationEntry): OperationSchemas {
  const parts: SchemaPart[] = [];
  const body = e.op.requestBody?.content?.["application/json"]?.schema;
  if (body) parts.push(part(doc, "body", "Request body", body));
  for (const status of successStatuses(e)) {
    const r = e.op.responses![status];
    const schema = r.content?.["application/json"]?.schema;
    if (schema) parts.push(part(doc, status, `${status} ${r.description ?? ""}`.trim(), schema));
  }
  const status = successStatuses(e).find((s) => responseExample(e, s) !== undefined);
  return status ? { parts, example: { status, body: responseExample(e, status)! } } : { parts };
}

function part(doc: OpenApiDoc, id: string, title: string, schema: JsonSchema): SchemaPart {
  const { schema: resolved } = resolveRef(doc, schema);
  const out: SchemaPart = { id, title, type: typeLabel(doc, schema), fields: fieldTree(doc, schema) };
  if (resolved.description) out.description = resolved.description;
  return out;
}

/** Number of fields at the top of a schema (the collapsed section's label says it). */
export function topFieldCount(doc: OpenApiDoc, schema: JsonSchema): number {
  return Object.keys(expandable(doc, schema)?.properties ?? {}).length;
}
