import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { generateClientTypes } from "./generate-types";
import type { operations } from "./openapi-types";

it("the committed client types match the OpenAPI document (run `npm run generate:client` after changing a contract)", async () => {
  const committed = readFileSync(path.join(import.meta.dirname, "openapi-types.ts"), "utf8");
  const fresh = await generateClientTypes();
  // Compare line by line so a drift names the first differing line rather than dumping 9k lines.
  const a = committed.split("\n");
  const b = fresh.split("\n");
  const first = b.findIndex((line, i) => line !== a[i]);
  expect(
    first === -1 && a.length === b.length
      ? "in sync"
      : `differs at line ${first + 1}: ${JSON.stringify(b[first] ?? a[b.length])}`,
  ).toBe("in sync");
});

/**
 * Issue 43, item 4: openapi-typescript (defaultNonNullable) made every request-body field with a
 * `default` required, so the docs' `{url, events}` webhook example failed `tsc --strict`. These
 * bodies are checked by the project's strict typecheck; the document keeps no `default` in request
 * bodies (lib/http/openapi-generator-rules.ts).
 */
type JsonBody<Op extends keyof operations> = operations[Op] extends {
  requestBody?: { content: { "application/json": infer B } };
}
  ? B
  : never;
export const docsWebhookExample: JsonBody<"webhooks.create"> = {
  url: "https://hooks.example.com/skycast",
  events: ["weather.change_detected"],
};
export const docsTripExample: JsonBody<"trips.create"> = {
  name: "Lisbon long weekend",
  start_date: "2027-05-04",
  end_date: "2027-05-07",
};
// @ts-expect-error a path parameter is required (item 2)
export const noTripId: operations["trips.getItinerary"]["parameters"]["path"] = {};

it("the docs' request examples type-check against the generated types (checked by tsc --strict)", () => {
  expect(docsWebhookExample.url).toMatch(/^https:/);
  expect(docsTripExample.name).toBeTruthy();
  expect(noTripId).toEqual({});
});
