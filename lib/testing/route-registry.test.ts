import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { routeModule } from "./route-registry";

const LIB = path.resolve(import.meta.dirname, "..");
// Built from parts so this file does not match itself.
const APP_IMPORT = ["@", "app/"].join("/");

function* tsFiles(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* tsFiles(full);
    else if (/\.tsx?$/.test(entry.name)) yield full;
  }
}

describe("one test registry", () => {
  it("nothing under lib/ imports app/: tests load routes through lib/testing/route-registry.ts", () => {
    const offenders: string[] = [];
    let scanned = 0;
    for (const file of tsFiles(LIB)) {
      scanned++;
      if (fs.readFileSync(file, "utf8").includes(APP_IMPORT)) offenders.push(path.relative(LIB, file));
    }
    expect(scanned).toBeGreaterThan(100);
    expect(offenders).toEqual([]);
  });

  it("loads a route by its OpenAPI path with its contract, and refuses a method it does not export", async () => {
    const keyById = await routeModule("/api/developer/keys/{keyId}");
    expect(keyById.DELETE.contract).toMatchObject({ method: "DELETE", path: "/api/developer/keys/{keyId}" });
    expect(() => keyById.GET).toThrow("GET /api/developer/keys/{keyId} is not a route of the app.");
    await expect(routeModule("/v1/nowhere")).rejects.toThrow("No app route for /v1/nowhere");
  });
});
