import { buildReference, type Reference } from "@/lib/api-docs/reference";
import type { OpenApiDoc } from "@/lib/api-docs/openapi-types";
import { openApiDocument } from "./openapi-document";

let cached: Reference | undefined;

/**
 * The API reference: the same document as GET /v1/openapi.json, grouped by tag, built once per
 * process (about 0.3 s) so warm requests only render. Call at request time only: the build must
 * never evaluate domain modules' run-time config.
 */
export function loadReference(): Reference {
  cached ??= buildReference(openApiDocument() as unknown as OpenApiDoc);
  return cached;
}
