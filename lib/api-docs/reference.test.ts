import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { routeModule } from "@/lib/testing/route-registry";
import { operationSchemas, type FieldNode } from "./field-tree";
import { loadReference } from "@/lib/registry/load-reference";
import { searchReference } from "./search";
import { buildSearchIndex, type SearchIndex } from "./search-index";

const schemasRoute = (await routeModule("/docs/schemas/{operationId}")).GET;
import { tryItSpec, tryItUrl } from "./try-it-spec";

// Everything runs over the real generated document, so new contracts are covered too.
const ref = loadReference();
const committed = JSON.parse(
  readFileSync(path.join(import.meta.dirname, "search-index.generated.json"), "utf8"),
) as SearchIndex;
const find = (operationId: string) => ref.byOperationId.get(operationId)!;
const flatten = (nodes: FieldNode[], prefix = ""): string[] =>
  nodes.flatMap((n) => [prefix + n.name, ...flatten(n.children ?? [], `${prefix}${n.name}.`)]);

describe("API reference model", () => {
  it("finds every operation by its operationId, each once", () => {
    const count = ref.groups.reduce((n, g) => n + g.operations.length, 0);
    expect(ref.byOperationId.size).toBe(count);
    expect(find("weather.getCurrent").entry.path).toBe("/v1/weather/current");
    expect(find("weather.getCurrent").group.slug).toBe("weather");
  });

  it("sends a success response's fields and the example response on demand", () => {
    const s = operationSchemas(ref.doc, find("weather.getCurrent").entry);
    const ok = s.parts.find((p) => p.id === "200")!;
    expect(flatten(ok.fields)).toContain("data.location.geohash");
    expect(ok.fields.find((f) => f.name === "data")?.required).toBe(true);
    expect(s.example?.status).toBe("200");
    expect(s.example?.body).toContain('"geohash": "u09tv"');
    const timeline = operationSchemas(ref.doc, find(searchOp("/v1/weather/timeline", "POST")).entry);
    expect(timeline.parts.map((p) => p.id)).toEqual(["body", "200"]);
  });

  it("gives try it to operations that accept a key or the session, with the documented example", () => {
    const current = tryItSpec(ref.doc, find("weather.getCurrent").entry)!;
    expect(current.method).toBe("GET");
    expect(current.scopes).toEqual(["weather:read"]);
    expect(tryItUrl(current, Object.fromEntries(current.params.map((p) => [p.name, p.example])))).toMatch(
      /^\/v1\/weather\/current\?lat=48\.8566&lng=2\.3522(&|$)/,
    );
    const proposals = find(searchOp("/v1/trips/{tripId}/proposals", "POST")).entry;
    expect(tryItSpec(ref.doc, proposals), "access-token operations cannot run as an API key").toBeUndefined();
    const timeline = tryItSpec(ref.doc, find(searchOp("/v1/weather/timeline", "POST")).entry)!;
    expect(JSON.parse(timeline.body!)).toBeTypeOf("object");
    expect(
      tryItUrl(
        { ...timeline, path: "/v1/things/{id}", params: [{ name: "id", in: "path", required: true, example: "" }] },
        { id: "a/b" },
      ),
    ).toBe("/v1/things/a%2Fb");
  });
});

function searchOp(p: string, method: string): string {
  const hit = committed.ops.find(([, m, path]) => m === method && path === p);
  if (!hit) throw new Error(`no ${method} ${p}`);
  return hit[0];
}

describe("API reference search", () => {
  it("the committed index is the index of the current document (npm run generate:docs-index)", () => {
    expect(committed).toEqual(buildSearchIndex(ref));
  });

  it("stays small", () => {
    expect(JSON.stringify(committed).length).toBeLessThan(150_000);
  });

  it("finds weather.getCurrent by 'current'", () => {
    const hits = searchReference(committed, "current");
    expect(hits.find((h) => h.kind === "operation" && h.label === "weather.getCurrent")?.href).toBe(
      "/docs/weather#get-v1-weather-current",
    );
  });

  it("finds the precipitation_probability field by name and links to its section at the field", () => {
    const hits = searchReference(committed, "precipitation_probability");
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.every((h) => h.kind === "field")).toBe(true);
    // Exact names first, then longer names that start with it (precipitation_probability_pct).
    const exact = hits.map(
      (h) => h.label === "precipitation_probability" || h.label.endsWith(".precipitation_probability"),
    );
    expect(exact[0]).toBe(true);
    expect(exact.indexOf(false) === -1 || exact.slice(exact.indexOf(false)).every((e) => !e)).toBe(true);
    const inResponse = hits.find((h) => h.part === "200")!;
    expect(inResponse.href).toMatch(/^\/docs\/[a-z-]+#[a-z0-9-]+-200\/[\w.]+precipitation_probability$/);
  });

  it("finds an operation by a word only its description has (issue 42 item 8), after name matches", () => {
    const hits = searchReference(committed, "scheduler");
    expect(hits.some((h) => h.kind === "operation" && h.operationId === "weather.fireWatches")).toBe(true);
    const ops = committed.ops.filter(([, , , , , d]) => d.length > 0);
    expect(ops.length).toBeGreaterThan(20);
  });

  it("matches every word, in paths and summaries too, and ranks exact names first", () => {
    expect(
      searchReference(committed, "POST timeline").some((h) => h.path === "/v1/weather/timeline" && h.method === "POST"),
    ).toBe(true);
    expect(searchReference(committed, "zzzz-not-there")).toEqual([]);
    expect(searchReference(committed, "   ")).toEqual([]);
    expect(searchReference(committed, "geohash")[0].label.endsWith("geohash")).toBe(true);
    expect(searchReference(committed, "e", 5)).toHaveLength(5);
  });
});

describe("GET /docs/schemas/{operationId}", () => {
  const call = (operationId: string) =>
    schemasRoute(new Request(`http://x/docs/schemas/${operationId}`), { params: Promise.resolve({ operationId }) });

  it("returns the operation's schemas", async () => {
    const res = await call("weather.getCurrent");
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual(JSON.parse(JSON.stringify(operationSchemas(ref.doc, find("weather.getCurrent").entry))));
  });

  it("answers an unknown operation with the 404 envelope", async () => {
    const res = await call("no.such<op>");
    expect(res.status).toBe(404);
    expect((await res.json()).error).toMatchObject({ code: "not_found", message: "Operation not found." });
  });
});
