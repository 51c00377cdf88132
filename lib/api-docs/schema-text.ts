import { resolveRef, type JsonSchema, type OpenApiDoc } from "./openapi-types";

/** Short type label: "string (date-time)", "array of Watch", "integer | null". */
export function typeLabel(doc: OpenApiDoc, s: JsonSchema): string {
  if (s.$ref) return resolveRef(doc, s).name ?? "object";
  // anyOf next to properties states rules across the object's fields (e.g. vessel for ferries only): still an object.
  const variants = s.properties ? undefined : (s.anyOf ?? s.oneOf);
  if (variants) return [...new Set(variants.map((v) => typeLabel(doc, v)))].join(" | ");
  if (s.allOf && !s.properties) return s.allOf.map((v) => typeLabel(doc, v)).join(" & ");
  if (s.const !== undefined) return JSON.stringify(s.const);
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  if (types.length === 0) return s.properties ? "object" : "any";
  return types
    .map((t) => {
      if (t === "array") return `array of ${s.items ? typeLabel(doc, s.items) : "any"}`;
      if (t === "string" && s.format) return `string (${s.format})`;
      return t;
    })
    .join(" | ");
}

/** Human constraints: "0 ≤ x ≤ 90", "1–64 chars", "default: place". */
export function constraints(s: JsonSchema): string[] {
  const out: string[] = [];
  // zod's int() emits ±MAX_SAFE_INTEGER bounds, which say nothing to a reader.
  const bound = (v: number | undefined) => (v === undefined || Math.abs(v) >= Number.MAX_SAFE_INTEGER ? undefined : v);
  const lo = bound(s.minimum ?? s.exclusiveMinimum);
  const hi = bound(s.maximum ?? s.exclusiveMaximum);
  if (lo !== undefined || hi !== undefined) {
    const l = lo === undefined ? "" : `${lo} ${s.exclusiveMinimum !== undefined ? "<" : "≤"} `;
    const h = hi === undefined ? "" : ` ${s.exclusiveMaximum !== undefined ? "<" : "≤"} ${hi}`;
    out.push(`${l}x${h}`);
  }
  if (s.minLength !== undefined || s.maxLength !== undefined) {
    out.push(
      s.minLength !== undefined && s.maxLength !== undefined
        ? `${s.minLength}–${s.maxLength} chars`
        : s.maxLength !== undefined
          ? `≤ ${s.maxLength} chars`
          : `≥ ${s.minLength} chars`,
    );
  }
  if (s.minItems !== undefined) out.push(`≥ ${s.minItems} items`);
  if (s.maxItems !== undefined) out.push(`≤ ${s.maxItems} items`);
  // Generated date-time patterns are noise next to their format.
  if (s.pattern && !s.format && s.pattern.length <= 60) out.push(`pattern ${s.pattern}`);
  if (s.default !== undefined) out.push(`default: ${JSON.stringify(s.default)}`);
  return out;
}

/** Enum values of the schema or of its non-null variants. */
export function enumValues(s: JsonSchema): unknown[] | undefined {
  if (s.enum) return s.enum;
  const variants = s.anyOf ?? s.oneOf;
  const withEnum = variants?.flatMap((v) => v.enum ?? []);
  return withEnum && withEnum.length ? withEnum : undefined;
}

/** The object-like schema whose properties should be listed under a field, if any. */
export function expandable(doc: OpenApiDoc, s: JsonSchema, depth = 0): JsonSchema | undefined {
  if (depth > 4) return undefined;
  const { schema } = resolveRef(doc, s);
  if (schema.properties && Object.keys(schema.properties).length) return schema;
  if (schema.items) return expandable(doc, schema.items, depth + 1);
  const variants = schema.anyOf ?? schema.oneOf;
  const objects = variants?.map((v) => expandable(doc, v, depth + 1)).filter(Boolean);
  if (objects && objects.length === 1) return objects[0];
  if (schema.allOf) {
    const merged: JsonSchema = { properties: {}, required: [] };
    for (const part of schema.allOf) {
      const p = expandable(doc, part, depth + 1);
      Object.assign(merged.properties!, p?.properties);
      merged.required!.push(...(p?.required ?? []));
    }
    return Object.keys(merged.properties!).length ? merged : undefined;
  }
  return undefined;
}

/** A plausible example value for curl snippets, from example/default/enum/type. */
export function exampleOf(doc: OpenApiDoc, s: JsonSchema, depth = 0): unknown {
  if (depth > 5) return null;
  const { schema } = resolveRef(doc, s);
  if (schema.example !== undefined) return schema.example;
  if (schema.examples?.length) return schema.examples[0];
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const variants = schema.properties ? undefined : (schema.anyOf ?? schema.oneOf);
  if (variants) return exampleOf(doc, variants.find((v) => v.type !== "null") ?? variants[0], depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  if (schema.properties || type === "object") {
    const out: Record<string, unknown> = {};
    const req = new Set(schema.required ?? []);
    for (const [k, v] of Object.entries(schema.properties ?? {})) if (req.has(k)) out[k] = exampleOf(doc, v, depth + 1);
    return out;
  }
  switch (type) {
    case "array":
      return schema.items ? [exampleOf(doc, schema.items, depth + 1)] : [];
    case "integer":
    case "number":
      return schema.minimum !== undefined && schema.minimum > 0 ? schema.minimum : type === "integer" ? 1 : 0;
    case "boolean":
      return true;
    case "string":
      if (schema.format === "date-time") return "2030-01-31T09:00:00Z";
      if (schema.format === "date") return "2030-01-31";
      if (schema.format === "uuid") return "00000000-0000-4000-8000-000000000000";
      if (schema.format === "email") return "you@example.com";
      if (schema.format === "uri") return "https://example.com/hook";
      return "string";
    default:
      return null;
  }
}
