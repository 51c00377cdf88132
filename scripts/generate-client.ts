/** Regenerates lib/client/openapi-types.ts from the OpenAPI document: npm run generate:client */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { generateClientTypes } from "@/lib/client/generate-types";

const out = path.resolve(import.meta.dirname, "../lib/client/openapi-types.ts");
writeFileSync(out, await generateClientTypes());
console.log(out);
