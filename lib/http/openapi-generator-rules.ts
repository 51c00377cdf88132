/**
 * Rules the served document keeps so that every common client generator gets every operation right
 * (issue 43, items 2-4; enforced by lib/http/openapi-generator-rules.test.ts):
 *
 * 1. Every `in: path` parameter is `required: true` (OpenAPI requires it; zod-openapi leaves it off
 *    for coerced integer ids, and openapi-python-client then drops the operation).
 * 2. No component is itself nullable (`anyOf: [X, null]`): the component is X, and the `null` goes
 *    where it is used (`anyOf: [{$ref}, {type: null}]`). openapi-python-client cannot import modules
 *    generated from a nullable component.
 * 3. Request-body schemas carry no `default`: openapi-typescript (defaultNonNullable) makes such a
 *    field required for callers. The default is said in the description instead ("Default: …").
 *    Response schemas keep theirs (there the field is always present).
 */
type Json = Record<string, unknown>;

const isObj = (v: unknown): v is Json => !!v && typeof v === "object" && !Array.isArray(v);

export function applyGeneratorRules(doc: Json): void {
  const paths = (doc.paths ?? {}) as Record<string, Record<string, Json>>;
  const schemas = ((doc.components as Json | undefined)?.schemas ?? {}) as Record<string, Json>;
  requirePathParams(paths);
  denullComponents(doc, schemas);
  stripRequestDefaults(paths, schemas);
}

function requirePathParams(paths: Record<string, Record<string, Json>>): void {
  for (const ops of Object.values(paths)) {
    for (const op of Object.values(ops)) {
      for (const p of (op.parameters ?? []) as Json[]) if (p.in === "path") p.required = true;
    }
  }
}

const isNull = (s: unknown) => isObj(s) && s.type === "null" && Object.keys(s).length === 1;

function denullComponents(doc: Json, schemas: Record<string, Json>): void {
  const nullable = new Set<string>();
  for (const [name, s] of Object.entries(schemas)) {
    const any = s.anyOf as unknown[] | undefined;
    if (!Array.isArray(any) || any.length !== 2 || !any.some(isNull)) continue;
    const { anyOf: _anyOf, ...rest } = s;
    const inner = any.find((x) => !isNull(x)) as Json;
    const examples = Array.isArray(rest.examples) ? rest.examples.filter((e) => e !== null) : undefined;
    schemas[name] = { ...inner, ...rest, ...(examples ? { examples } : {}) };
    if (examples?.length === 0) delete schemas[name].examples;
    nullable.add(`#/components/schemas/${name}`);
  }
  if (nullable.size === 0) return;
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (!isObj(v)) return v;
    if (typeof v.$ref === "string" && nullable.has(v.$ref)) {
      const { $ref, ...siblings } = v;
      return { ...siblings, anyOf: [{ $ref }, { type: "null" }] };
    }
    for (const [k, x] of Object.entries(v)) v[k] = walk(x);
    return v;
  };
  walk(doc);
}

/** Removes `default` from every schema a request body reaches (through $refs), saying it in the description. */
function stripRequestDefaults(paths: Record<string, Record<string, Json>>, schemas: Record<string, Json>): void {
  const seen = new Set<string>();
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) return v.forEach(walk);
    if (!isObj(v)) return;
    if (typeof v.$ref === "string" && v.$ref.startsWith("#/components/schemas/")) {
      const name = v.$ref.slice("#/components/schemas/".length);
      if (!seen.has(name)) {
        seen.add(name);
        walk(schemas[name]);
      }
    }
    if ("default" in v && (typeof v.type === "string" || Array.isArray(v.type) || v.anyOf || v.enum || v.$ref)) {
      const said = `Default: ${JSON.stringify(v.default)}.`;
      const d = typeof v.description === "string" ? v.description : "";
      if (!d.includes(said)) v.description = d ? `${/[.!?]$/.test(d) ? d : `${d}.`} ${said}` : said;
      delete v.default;
    }
    for (const x of Object.values(v)) walk(x);
  };
  for (const ops of Object.values(paths)) for (const op of Object.values(ops)) walk(op.requestBody);
}
