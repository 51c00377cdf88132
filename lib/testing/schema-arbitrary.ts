import fc from "fast-check";

/**
 * fast-check arbitraries from the OpenAPI document's JSON Schemas (the schemas the server validates
 * with, via zod): `valid(schema)` generates values the document says are acceptable; `invalidOf`
 * mutates one into something it says is not. Strings are printable ASCII; date-times fall in the
 * next few days and ordered pairs (start/end) are ordered, so cross-field rules the prose documents
 * (an end after its start, a window in the future) hold.
 */
export type Schema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  prefixItems?: Schema[];
  minItems?: number;
  uniqueItems?: boolean;
  minProperties?: number;
  maxItems?: number;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  not?: Schema & { required?: string[] };
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  [k: string]: unknown;
};

export type Components = Record<string, Schema>;

export function resolve(s: Schema, components: Components): Schema {
  let cur = s;
  for (let i = 0; cur.$ref && i < 10; i++) {
    // Keywords next to a $ref (a description, minProperties…) apply too.
    const { $ref, ...siblings } = cur;
    cur = { ...components[$ref.split("/").pop()!], ...siblings };
  }
  return cur;
}

const HOUR = 3_600_000;
const pad = (n: number) => String(n).padStart(2, "0");
const isoLocal = (ms: number, offsetMin: number) => {
  const d = new Date(ms + offsetMin * 60_000);
  const sign = offsetMin < 0 ? "-" : "+";
  const o = Math.abs(offsetMin);
  return `${d.toISOString().slice(0, 19)}${sign}${pad(Math.floor(o / 60))}:${pad(o % 60)}`;
};

function dateTime(): fc.Arbitrary<string> {
  return fc
    .record({ hours: fc.integer({ min: 2, max: 96 }), offset: fc.constantFrom(0, 60, 120, -300, 330) })
    .map(({ hours, offset }) =>
      offset === 0 ? new Date(Date.now() + hours * HOUR).toISOString() : isoLocal(Date.now() + hours * HOUR, offset),
    );
}

const WORDS = ["lisbon", "paris", "alfama", "louvre", "tram", "harbour", "museum", "sunset"];

function stringOf(s: Schema): fc.Arbitrary<string> {
  switch (s.format) {
    case "date-time":
      return dateTime();
    case "date":
      return fc
        .integer({ min: 1, max: 20 })
        .map((d) => new Date(Date.now() + d * 24 * HOUR).toISOString().slice(0, 10));
    case "uuid":
      return fc.uuid({ version: 4 });
    case "email":
      return fc
        .tuple(fc.constantFrom(...WORDS), fc.integer({ min: 1, max: 9999 }))
        .map(([w, n]) => `${w}.${n}@example.com`);
    case "uri":
      return fc.constantFrom(...WORDS).map((w) => `https://hooks.example.com/${w}`);
    default:
      break; // no format, or one without its own generator: a plain string, below
  }
  const min = s.minLength ?? 0;
  const max = Math.min(s.maxLength ?? 24, Math.max(min, 24));
  if (s.pattern) {
    // One repeated character class (`^[A-Za-z0-9_-]+$`) with a minimum length: draw the length first.
    // Filtering stringMatching's mostly short strings for >= 16 characters can spin for minutes.
    const oneClass = /^\^(\[[^\]]+\])[+*]\$$/.exec(s.pattern);
    if (oneClass) {
      const member = new RegExp(`^${oneClass[1]}$`);
      const chars = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).filter((ch) => member.test(ch));
      return fc.string({ unit: fc.constantFrom(...chars), minLength: Math.max(min, 1), maxLength: Math.max(max, 1) });
    }
    return fc
      .stringMatching(new RegExp(s.pattern))
      .filter((x) => x.length >= min && x.length <= (s.maxLength ?? Infinity));
  }
  // Visible text: a string made only of spaces is a different question (asked by the invalid side).
  return fc
    .string({ minLength: Math.max(min, 1), maxLength: Math.max(max, 1) })
    .map((x) => (x.trim() === "" ? "x".repeat(Math.max(min, 1)) : x.trim().padEnd(min, "x")));
}

function numberOf(s: Schema, integer: boolean): fc.Arbitrary<number> {
  const lo = Math.max(
    s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + (integer ? 1 : 1e-6) : -1000),
    -1e6,
  );
  const hi = Math.min(
    s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - (integer ? 1 : 1e-6) : 1000),
    1e6,
  );
  if (integer) return fc.integer({ min: Math.ceil(lo), max: Math.floor(hi) });
  return fc
    .double({ min: lo, max: hi, noNaN: true, noDefaultInfinity: true })
    .map((x) => (Object.is(x, -0) ? 0 : Math.round(x * 1e4) / 1e4))
    .filter((x) => x >= lo && x <= hi);
}

/** Start/end pairs ordered, and no two date-times of one object more than a day apart from the first. */
const PAIRS: Array<[string, string]> = [
  ["starts_at", "ends_at"],
  ["start", "end"],
  ["startDateTime", "endDateTime"],
  ["start_date", "end_date"],
];
function orderPairs(o: Record<string, unknown>): Record<string, unknown> {
  for (const [a, b] of PAIRS) {
    const x = o[a];
    const y = o[b];
    if (typeof x === "string" && typeof y === "string" && Date.parse(x) > Date.parse(y)) {
      o[a] = y;
      o[b] = x;
    }
    if (typeof x === "string" && typeof y === "string" && Date.parse(x) === Date.parse(y)) {
      // A date-time end may be required (watches): an hour later keeps the request valid; a date-only one is dropped.
      if (y.includes("T")) o[b] = new Date(Date.parse(y) + 3600_000).toISOString();
      else delete o[b];
    }
  }
  return o;
}

/** lat/lng of one object come together: both absent, both null or both numbers (dependentRequired + descriptions). */
function pairCoordinates(o: Record<string, unknown>): Record<string, unknown> {
  if (!("lat" in o) && !("lng" in o)) return o;
  if ((o.lat === undefined) !== (o.lng === undefined)) {
    delete o.lat;
    delete o.lng;
  } else if ((o.lat === null) !== (o.lng === null)) {
    o.lat = null;
    o.lng = null;
  }
  return o;
}

export function valid(schema: Schema, components: Components, depth = 0): fc.Arbitrary<unknown> {
  const s = resolve(schema, components);
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  // Rules across an object's fields are documented as allOf: [{ anyOf: [...] }] next to its properties.
  // Several such rules (allOf: [{ anyOf }, { anyOf }]): one branch of each, merged in turn.
  if (s.allOf && s.allOf.length > 1 && s.properties) {
    const [first, ...others] = s.allOf;
    const { allOf: _all, ...restOfBase } = s;
    return fc
      .constantFrom(...(resolve(first, components).anyOf ?? [{}]))
      .chain((branch) =>
        valid({ ...mergeBranch(restOfBase, resolve(branch, components)), allOf: others }, components, depth),
      );
  }
  const alts =
    s.anyOf ?? s.oneOf ?? (s.allOf?.length === 1 && s.properties ? resolve(s.allOf[0], components).anyOf : undefined);
  if (alts && s.properties) {
    // An object with rules across fields (e.g. target_ref per target_type): one branch, merged into the object.
    return fc
      .constantFrom(...alts)
      .chain((branch) => valid(mergeBranch(s, resolve(branch, components)), components, depth));
  }
  if (alts) return fc.oneof(...alts.map((a) => valid(a, components, depth + 1)));
  if (Array.isArray(s.type)) return fc.oneof(...s.type.map((t) => valid({ ...s, type: t }, components, depth)));
  switch (s.type) {
    case "null":
      return fc.constant(null);
    case "boolean":
      return fc.boolean();
    case "integer":
      return numberOf(s, true);
    case "number":
      return numberOf(s, false);
    case "string":
      return stringOf(s);
    case "array": {
      if (s.prefixItems) return fc.tuple(...s.prefixItems.map((p) => valid(p, components, depth + 1)));
      const minLength = s.minItems ?? 0;
      const maxLength = Math.min(s.maxItems ?? 3, Math.max(minLength, depth > 2 ? minLength : 3));
      const item = valid(s.items ?? {}, components, depth + 1);
      return s.uniqueItems
        ? fc.uniqueArray(item, { minLength, maxLength, selector: (v) => JSON.stringify(v) })
        : fc.array(item, { minLength, maxLength });
    }
    default:
      break; // "object" or no type: decided by the schema's other keywords, below
  }
  if (s.type === "object" || s.properties) {
    const required = new Set(s.required ?? []);
    const props = Object.entries(s.properties ?? {}).filter(([, p]) => !resolve(p, components).not);
    const parts = Object.fromEntries(props.map(([k, p]) => [k, valid(p, components, depth + 1)]));
    const requiredKeys = props.map(([k]) => k).filter((k) => required.has(k));
    const record = fc
      .record(parts, { requiredKeys })
      .map((o) => pairCoordinates(orderPairs(o as Record<string, unknown>)));
    return s.minProperties ? record.filter((o) => Object.keys(o).length >= (s.minProperties as number)) : record;
  }
  if (s.not) return fc.constant(undefined);
  return fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.boolean());
}

function mergeBranch(base: Schema, branch: Schema): Schema {
  const { anyOf: _a, oneOf: _o, allOf: _all, ...rest } = base;
  const properties = { ...rest.properties, ...branch.properties };
  for (const gone of branch.not?.required ?? []) delete properties[gone as string];
  return {
    ...rest,
    properties,
    required: [...new Set([...(rest.required ?? []), ...(branch.required ?? [])])].filter((r) => r in properties),
  };
}

export type Mutation = { kind: string; field?: string; value: unknown };

/** One way to make a valid object invalid per the schema, chosen by `pick` (deterministic given the seed). */
export function invalidObject(
  value: Record<string, unknown>,
  schema: Schema,
  components: Components,
  pick: number,
): Mutation | undefined {
  const s = resolve(schema, components);
  const props = s.properties ?? {};
  const options: Mutation[] = [];
  for (const r of s.required ?? []) {
    const { [r]: _gone, ...rest } = value;
    options.push({ kind: "missing required", field: r, value: rest });
  }
  for (const [k, p0] of Object.entries(props)) {
    const p = resolve(p0, components);
    if (p.not) {
      options.push({ kind: "forbidden field", field: k, value: { ...value, [k]: 1 } });
      continue;
    }
    const types = new Set([p.type, ...(p.anyOf ?? []).map((a) => resolve(a, components).type)].flat().filter(Boolean));
    if (types.size === 0 && !p.enum && p.const === undefined) continue;
    if (!types.has("string") && !p.enum)
      options.push({ kind: "wrong type", field: k, value: { ...value, [k]: "not-a-value" } });
    else if (!types.has("number") && !types.has("integer") && !types.has("object"))
      options.push({ kind: "wrong type", field: k, value: { ...value, [k]: 12345 } });
    if (p.enum) options.push({ kind: "not in enum", field: k, value: { ...value, [k]: "bogus_value" } });
    if (types.has("string") && !p.enum && p.const === undefined)
      options.push({ kind: "lone surrogate", field: k, value: { ...value, [k]: "x\ud800y" } });
    if (p.maximum !== undefined)
      options.push({ kind: "above maximum", field: k, value: { ...value, [k]: p.maximum + 1 } });
    if (p.minimum !== undefined && p.minimum > -1e9)
      options.push({ kind: "below minimum", field: k, value: { ...value, [k]: p.minimum - 1 } });
  }
  if (s.additionalProperties === false)
    options.push({ kind: "unknown field", field: "unexpected_field", value: { ...value, unexpected_field: true } });
  if (options.length === 0) return undefined;
  return options[pick % options.length];
}
