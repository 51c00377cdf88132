import type { OpenApiDoc, OperationEntry } from "./openapi-types";
import { exampleOf } from "./schema-text";

const SCHEME_LABELS: Record<string, string> = {
  apiKey: "API key",
  accessToken: "Access token",
  session: "Portal session",
  visaKey: "X-Visa-Intel-Key",
};

/** "API key (weather:read) or Portal session". */
export function authText(security: OperationEntry["op"]["security"]): string {
  if (!security || security.length === 0) return "None";
  return security
    .map((req) =>
      Object.entries(req)
        .map(([scheme, scopes]) => `${SCHEME_LABELS[scheme] ?? scheme}${scopes.length ? ` (${scopes.join(", ")})` : ""}`)
        .join(" + "),
    )
    .join(" or ");
}

/** A curl sketch with the right credential header and an example body of the required fields. */
export function curlFor(doc: OpenApiDoc, e: OperationEntry): string {
  const security = e.op.security ?? [];
  const schemes = security.flatMap((s) => Object.keys(s));
  const auth = schemes.includes("apiKey")
    ? ` \\\n  -H "Authorization: Bearer $API_KEY"`
    : schemes.includes("accessToken")
      ? ` \\\n  -H "Authorization: Bearer $ACCESS_TOKEN"`
      : schemes.includes("visaKey")
        ? ` \\\n  -H "X-Visa-Intel-Key: $VISA_KEY"`
        : "";
  const bodySchema = e.op.requestBody?.content?.["application/json"]?.schema;
  const body = bodySchema ? ` \\\n  -H "Content-Type: application/json" \\\n  -d '${JSON.stringify(exampleOf(doc, bodySchema))}'` : "";
  const method = e.method === "get" ? "" : ` -X ${e.method.toUpperCase()}`;
  return `curl${method} "$BASE_URL${e.path}"${auth}${body}`;
}

