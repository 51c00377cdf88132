/**
 * Writes the OpenAPI document the app serves at /v1/openapi.json to a file
 * (default node_modules/.cache/skycast/openapi.json), for linting and client generation.
 *   npx tsx scripts/write-openapi.ts [out.json]
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { openApiDocument } from "@/lib/registry/openapi-document";

const out = path.resolve(process.argv[2] ?? "node_modules/.cache/skycast/openapi.json");
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(out, JSON.stringify(openApiDocument(), null, 2) + "\n");
console.log(out);
