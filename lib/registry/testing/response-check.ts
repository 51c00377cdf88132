/**
 * Strict check of a response against the generated OpenAPI document (test-time):
 * the status must be documented for the operation, and a JSON body must match the
 * documented schema (objects are closed: an unknown field fails). Route tests call
 * handlers through lib/http/testing/call-route.ts, which runs this on every response, so every
 * route test is also a contract test.
 */
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { openApiDocument } from "@/lib/registry/openapi-document";
import type { RouteContract } from "@/lib/http/contract";

type AnyContract = RouteContract<any, any, any, any, any>;
type Operation = { responses: Record<string, { content?: Record<string, { schema: unknown }> }> };
type Doc = { paths: Record<string, Record<string, Operation>> };

// ajv-formats ships CJS with a default export; under ESM interop it may arrive wrapped.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (
  a: Ajv2020,
) => void;

let state: { doc: Doc; ajv: Ajv2020; cache: Map<string, ValidateFunction> } | undefined;

export function openApiValidator() {
  if (!state) {
    const doc = openApiDocument() as unknown as Doc;
    // strict: false because OpenAPI documents carry keywords JSON Schema does not know (example, xml…).
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema(doc as object, "openapi");
    state = { doc, ajv, cache: new Map() };
  }
  return state;
}

const pointer = (...parts: string[]) =>
  parts.map((p) => encodeURIComponent(p.replace(/~/g, "~0").replace(/\//g, "~1"))).join("/");

/** The documented operation of a contract, or undefined when it is not in the public document. */
export function documentedOperation(c: AnyContract): Operation | undefined {
  return openApiValidator().doc.paths[c.path]?.[c.method.toLowerCase()];
}

/** Problems with this response as the document describes it ([] when it conforms). */
export function checkResponse(c: AnyContract, status: number, headers: Headers, text: string): string[] {
  const op = documentedOperation(c);
  if (!op) return [];
  const where = `${c.method} ${c.path} -> ${status}`;
  const doc = op.responses[String(status)];
  if (!doc)
    return [`${where}: status ${status} is not documented (documented: ${Object.keys(op.responses).join(", ")})`];
  const json = doc.content?.["application/json"];
  const type = headers.get("content-type") ?? "";
  const other = Object.keys(doc.content ?? {}).find((t) => t !== "application/json");
  if (!json && other && !type.toLowerCase().startsWith(other))
    return [`${where}: documented as ${other}, sent Content-Type ${type || "(none)"}`];
  if (!json) return [];
  if (!/json/i.test(type)) return [`${where}: documented as application/json, sent Content-Type ${type || "(none)"}`];
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return [`${where}: body is not JSON`];
  }
  const { ajv, cache } = openApiValidator();
  const ref = `openapi#/${pointer("paths", c.path, c.method.toLowerCase(), "responses", String(status), "content", "application/json", "schema")}`;
  let validate = cache.get(ref);
  if (!validate) {
    validate = ajv.compile({ $ref: ref });
    cache.set(ref, validate);
  }
  if (validate(body)) return [];
  return (validate.errors ?? []).map(
    (e) =>
      `${where}: ${e.instancePath || "(body)"} ${e.message}${e.params && "additionalProperty" in e.params ? ` '${String(e.params.additionalProperty)}'` : ""}`,
  );
}
