import { describe, expect, it } from "vitest";
import { CreateApiKeyInput } from "@/lib/auth/api-keys";
import { openApiDocument } from "@/lib/registry/openapi-document";
import { authText, curlFor, responseExample } from "./curl";
import { groupByTag, HTTP_METHODS, resolveRef, type OpenApiDoc } from "./openapi-types";
import { constraints, enumValues, exampleOf, expandable, typeLabel } from "./schema-text";

// The renderer is exercised on the real generated document, so new contracts are covered too.
const doc = openApiDocument() as unknown as OpenApiDoc;

describe("API reference over the real OpenAPI document", () => {
  it("lists every operation exactly once, under its tag, with unique anchors", () => {
    const groups = groupByTag(doc);
    const ids = groups.flatMap((g) => g.operations.map((o) => o.id));
    const count = Object.values(doc.paths).reduce((n, item) => n + HTTP_METHODS.filter((m) => item[m]).length, 0);
    expect(ids).toHaveLength(count);
    expect(new Set(ids).size).toBe(ids.length);
    expect(groups.find((g) => g.tag === "Developer keys")?.operations.map((o) => `${o.method} ${o.path}`)).toEqual([
      "get /api/developer/keys",
      "post /api/developer/keys",
      "patch /api/developer/keys/{keyId}",
      "delete /api/developer/keys/{keyId}",
      "post /api/developer/keys/{keyId}/roll",
      "get /api/developer/keys/{keyId}/usage",
    ]);
  });

  it("gives every request body an example with all required fields", () => {
    for (const g of groupByTag(doc)) {
      for (const o of g.operations) {
        const body = o.op.requestBody?.content?.["application/json"]?.schema;
        if (!body) continue;
        const example = exampleOf(doc, body) as Record<string, unknown>;
        const obj = expandable(doc, body);
        for (const field of obj?.required ?? []) expect(example, `${o.id}.${field}`).toHaveProperty(field);
        expect(() => JSON.stringify(example)).not.toThrow();
      }
    }
  });

  it("builds a create-key example the real validator accepts, and a curl with the key header", () => {
    const op = doc.paths["/api/developer/keys"].post!;
    const example = exampleOf(doc, op.requestBody!.content!["application/json"].schema!);
    expect(CreateApiKeyInput.safeParse(example).success).toBe(true);
    const curl = curlFor(doc, { id: "x", method: "post", path: "/api/developer/keys", op });
    expect(curl).toContain('-X POST "$BASE_URL/api/developer/keys"');
    expect(curl).toContain("Authorization: Bearer $API_KEY");
    expect(authText(op.security)).toBe("API key or Portal session");
  });

  it("curl runs the documented example: path ids, query and body from the document, not a schema sketch", () => {
    const at = (path: string, method: "get" | "post") => ({ id: "x", method, path, op: doc.paths[path][method]! });
    const timeline = curlFor(doc, at("/v1/weather/timeline", "post"));
    expect(timeline).toContain("48.8606");
    expect(timeline).not.toContain('"string"');
    expect(curlFor(doc, at("/v1/weather/current", "get"))).toContain("/v1/weather/current?lat=48.8566&lng=2.3522");
    expect(curlFor(doc, at("/v1/trips/{tripId}/proposals", "post"))).toContain('"$BASE_URL/v1/trips/1042/proposals"');
    expect(responseExample(at("/v1/weather/current", "get"), "200")).toContain('"geohash": "u09tv"');
    expect(responseExample(at("/v1/trips/{tripId}/itinerary.ics", "get"), "200")).toMatch(/^BEGIN:VCALENDAR/);
  });

  it("labels types through references, arrays and nullable unions", () => {
    const list = doc.paths["/api/developer/keys"].get!.responses!["200"].content!["application/json"].schema!;
    expect(typeLabel(doc, list)).toBe("array of DeveloperApiKey");
    const key = resolveRef(doc, { $ref: "#/components/schemas/DeveloperApiKey" }).schema;
    expect(enumValues(key.properties!.scopes.items!)).toContain("weather:read");
    expect(typeLabel(doc, { anyOf: [{ type: "string", format: "date-time" }, { type: "null" }] })).toBe(
      "string (date-time) | null",
    );
  });

  it("describes constraints without leaking generated date-time patterns", () => {
    expect(constraints({ type: "number", minimum: -90, maximum: 90 })).toEqual(["-90 ≤ x ≤ 90"]);
    expect(constraints({ type: "integer", exclusiveMinimum: 0 })).toEqual(["0 < x"]);
    expect(
      constraints({ type: "integer", minimum: -Number.MAX_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER }),
    ).toEqual([]);
    expect(constraints({ type: "string", format: "date-time", pattern: "^(?:very long)$" })).toEqual([]);
    expect(constraints({ type: "string", minLength: 1, maxLength: 64, default: "point" })).toEqual([
      "1–64 chars",
      'default: "point"',
    ]);
  });
});
