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
        .map(
          ([scheme, scopes]) => `${SCHEME_LABELS[scheme] ?? scheme}${scopes.length ? ` (${scopes.join(", ")})` : ""}`,
        )
        .join(" + "),
    )
    .join(" or ");
}

const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/**
 * curl for the operation's documented example (path ids, query and body as in the document, the
 * credential header its security names); without an example, a sketch of the required body fields.
 */
export function curlFor(doc: OpenApiDoc, e: OperationEntry): string {
  const security = e.op.security ?? [];
  const schemes = security.flatMap((s) => Object.keys(s));
  const auth = schemes.includes("apiKey")
    ? ` \\\n  -H "Authorization: Bearer $API_KEY"`
    : schemes.includes("accessToken")
      ? ` \\\n  -H "Authorization: Bearer $ACCESS_TOKEN"`
      : schemes.includes("visaKey")
        ? ` \\\n  -H "X-Visa-Intel-Key: $VISA_KEY"`
        : schemes.includes("session")
          ? ` \\\n  -H "Cookie: next-auth.session-token=$SESSION_TOKEN"`
          : "";
  const params = e.op.parameters ?? [];
  const path = e.path.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const ex = params.find((p) => p.in === "path" && p.name === name)?.example;
    return ex === undefined ? whole : encodeURIComponent(String(ex));
  });
  const query = new URLSearchParams();
  for (const p of params) if (p.in === "query" && p.example !== undefined) query.set(p.name, String(p.example));
  const qs = query.toString();
  const media = e.op.requestBody?.content?.["application/json"];
  const bodyValue =
    media?.example !== undefined ? media.example : media?.schema ? exampleOf(doc, media.schema) : undefined;
  const body =
    bodyValue !== undefined
      ? ` \\\n  -H "Content-Type: application/json" \\\n  -d ${shellQuote(JSON.stringify(bodyValue))}`
      : "";
  const method = e.method === "get" ? "" : ` -X ${e.method.toUpperCase()}`;
  return `curl${method} "$BASE_URL${path}${qs ? `?${qs}` : ""}"${auth}${body}`;
}

/** The documented response example of a status, pretty-printed (JSON) or as sent (text). */
export function responseExample(e: OperationEntry, status: string): string | undefined {
  const content = e.op.responses?.[status]?.content ?? {};
  const [type, media] = Object.entries(content).find(([, m]) => m.example !== undefined) ?? [];
  if (!type || !media) return undefined;
  return typeof media.example === "string" && !type.includes("json")
    ? media.example
    : JSON.stringify(media.example, null, 2);
}
