/**
 * Regenerates the API reference's search index (lib/api-docs/search-index.generated.json) from the
 * OpenAPI document: npm run generate:docs-index (also run before `npm run build`). A test fails when
 * the committed file differs from a fresh build, so a contract change cannot leave search stale.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { loadReference } from "@/lib/registry/load-reference";
import { buildSearchIndex } from "@/lib/api-docs/search-index";

const out = path.resolve(import.meta.dirname, "../lib/api-docs/search-index.generated.json");
writeFileSync(out, `${JSON.stringify(buildSearchIndex(loadReference()))}\n`);
console.log(out);
