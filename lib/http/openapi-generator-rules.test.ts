import { expect, it } from "vitest";
import { routeModule } from "@/lib/testing/route-registry";

/**
 * The served document keeps the rules client generators rely on (issue 43, items 2-4;
 * lib/http/openapi-generator-rules.ts): path parameters are required, no component is itself
 * nullable, request bodies carry no `default`, and no inline object is named like a component.
 */
type Json = Record<string, any>;
const served = async (): Promise<Json> => {
  const openapi = await routeModule("/v1/openapi.json");
  return (await openapi.GET(new Request("http://localhost/v1/openapi.json"), { params: Promise.resolve({}) })).json();
};
const doc = await served();
const operations = Object.entries(doc.paths as Record<string, Record<string, Json>>).flatMap(([p, ops]) =>
  Object.entries(ops).map(([m, op]) => ({ at: `${m.toUpperCase()} ${p}`, op })),
);

it("every path parameter is required: true", () => {
  const missing = operations.flatMap(({ at, op }) =>
    ((op.parameters ?? []) as Json[])
      .filter((p) => p.in === "path" && p.required !== true)
      .map((p) => `${at} ${p.name}`),
  );
  expect(missing).toEqual([]);
  // The ids the issue named are there, required.
  const itinerary = operations.find((o) => o.op.operationId === "trips.getItinerary")!;
  expect(itinerary.op.parameters.find((p: Json) => p.name === "tripId")).toMatchObject({
    in: "path",
    required: true,
    schema: { type: "integer" },
  });
});

it("no component is itself nullable: the null is where a component is used", () => {
  const nullable = Object.entries(doc.components.schemas as Record<string, Json>)
    .filter(
      ([, s]) =>
        (Array.isArray(s.type) && s.type.includes("null")) ||
        (s.anyOf ?? s.oneOf ?? []).some((x: Json) => x.type === "null") ||
        s.nullable === true,
    )
    .map(([name]) => name);
  expect(nullable).toEqual([]);
  expect(JSON.stringify(doc)).toContain('{"anyOf":[{"$ref":"#/components/schemas/AirQuality"},{"type":"null"}]}');
});

it("request-body schemas carry no default (it is said in the description)", () => {
  const found: string[] = [];
  const seen = new Set<string>();
  const walk = (v: unknown, at: string): void => {
    if (Array.isArray(v)) return v.forEach((x, i) => walk(x, `${at}/${i}`));
    if (!v || typeof v !== "object") return;
    const o = v as Json;
    if (typeof o.$ref === "string" && !seen.has(o.$ref)) {
      seen.add(o.$ref);
      walk(doc.components.schemas[o.$ref.split("/").pop()!], o.$ref);
    }
    if ("default" in o && (o.type !== undefined || o.anyOf || o.enum)) found.push(at);
    for (const [k, x] of Object.entries(o)) walk(x, `${at}/${k}`);
  };
  for (const { at, op } of operations) if (op.requestBody) walk(op.requestBody, at);
  expect(found).toEqual([]);
  expect(doc.components.schemas.CreateWebhookEndpoint.properties.rate_limit_per_second.description).toMatch(
    /unlimited. Default: null\.$/,
  );
});

it("no inline object or enum gets a generated name that is already a component's", () => {
  // openapi-python-client names an inline schema Parent + PascalCase(property) (+ "Item" for array
  // items) and drops the whole parent when that name is taken (WeatherSimulation.params was).
  const pascal = (s: string) => s.replace(/(^|[_\W]+)(\w)/g, (_m, _sep, c: string) => c.toUpperCase());
  const names = new Set(Object.keys(doc.components.schemas));
  const clashes: string[] = [];
  const visit = (parent: string, schema: Json | undefined): void => {
    for (const [prop, raw] of Object.entries((schema?.properties ?? {}) as Record<string, Json>)) {
      const variants: Json[] = [raw, ...((raw.anyOf ?? raw.oneOf ?? []) as Json[])];
      for (const v of variants) {
        const inline = !v.$ref && (v.type === "object" || v.enum) ? v : undefined;
        const item = v.type === "array" && v.items && !v.items.$ref && v.items.type === "object" ? v.items : undefined;
        const generated = inline ? parent + pascal(prop) : item ? `${parent}${pascal(prop)}Item` : undefined;
        if (generated && names.has(generated)) clashes.push(`${parent}.${prop} → ${generated}`);
        if (inline) visit(parent + pascal(prop), inline);
        if (item) visit(`${parent}${pascal(prop)}Item`, item);
      }
    }
  };
  for (const [name, schema] of Object.entries(doc.components.schemas as Record<string, Json>)) visit(name, schema);
  expect(clashes).toEqual([]);
});
