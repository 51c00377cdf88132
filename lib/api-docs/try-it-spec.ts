import type { OpenApiDoc, OperationEntry } from "./openapi-types";
import { exampleOf } from "./schema-text";

export type TryItMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** What "try it" needs of an operation (plain data, passed to the browser). */
export interface TryItSpec {
  method: TryItMethod;
  path: string;
  /** The API-key scopes the operation requires (the key picker prefers a key that has them). */
  scopes: string[];
  params: Array<{ name: string; in: "path" | "query"; required: boolean; example: string }>;
  /** The documented request example, pretty-printed. */
  body?: string;
}

/**
 * "Try it" runs the call as one of the signed-in user's keys through the playground's session
 * header, which only operations accepting an API key *or* the portal session honour; others
 * (access-token and visa-key operations) get no "try it".
 */
export function tryItSpec(doc: OpenApiDoc, e: OperationEntry): TryItSpec | undefined {
  const security = e.op.security ?? [];
  const apiKey = security.find((s) => "apiKey" in s);
  if (!apiKey || !security.some((s) => "session" in s)) return undefined;
  const params = (e.op.parameters ?? [])
    .filter((p): p is typeof p & { in: "path" | "query" } => p.in === "path" || p.in === "query")
    .map((p) => ({
      name: p.name,
      in: p.in,
      required: p.in === "path" || !!p.required,
      example: p.example === undefined ? "" : String(p.example),
    }));
  const media = e.op.requestBody?.content?.["application/json"];
  const bodyValue =
    media?.example !== undefined ? media.example : media?.schema ? exampleOf(doc, media.schema) : undefined;
  return {
    method: e.method.toUpperCase() as TryItMethod,
    path: e.path,
    scopes: apiKey.apiKey,
    params,
    ...(bodyValue !== undefined ? { body: JSON.stringify(bodyValue, null, 2) } : {}),
  };
}

/** The request URL for the filled-in parameters: path ids substituted, empty query values left out. */
export function tryItUrl(spec: TryItSpec, values: Record<string, string>): string {
  const path = spec.path.replace(/\{(\w+)\}/g, (whole, name: string) =>
    values[name] ? encodeURIComponent(values[name]) : whole,
  );
  const query = new URLSearchParams();
  for (const p of spec.params) if (p.in === "query" && values[p.name]) query.set(p.name, values[p.name]);
  const qs = query.toString();
  return qs ? `${path}?${qs}` : path;
}
