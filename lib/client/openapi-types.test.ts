import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { generateClientTypes } from "./generate-types";

it("the committed client types match the OpenAPI document (run `npm run generate:client` after changing a contract)", async () => {
  const committed = readFileSync(path.join(import.meta.dirname, "openapi-types.ts"), "utf8");
  const fresh = await generateClientTypes();
  // Compare line by line so a drift names the first differing line rather than dumping 9k lines.
  const a = committed.split("\n");
  const b = fresh.split("\n");
  const first = b.findIndex((line, i) => line !== a[i]);
  expect(first === -1 && a.length === b.length ? "in sync" : `differs at line ${first + 1}: ${JSON.stringify(b[first] ?? a[b.length])}`).toBe("in sync");
});
