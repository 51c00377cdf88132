import path from "node:path";
import { describe, expect, it } from "vitest";
import { allContracts } from "@/lib/registry/all-contracts";
import { openApiDocument } from "@/lib/registry/openapi-document";
import { METHODS, routeFolders, urlPathOf } from "@/lib/testing/route-registry";
import type { RouteFunction } from "./contract";

/** Route files that are not API operations of ours, each with its reason. */
const NOT_CONTRACTS: Record<string, string> = {
  "/api/auth/[...nextauth]": "next-auth's own handler (sign-in flow, not part of the API)",
  "/api/inngest": "Inngest's serve endpoint (signed by Inngest, not a public API)",
  "/api/floor": "the benchmark's framework floor (a constant, no database; not part of the API)",
  "/api/floor/{segment}": "the same floor behind a dynamic segment (what Next adds for an id in the path)",
  "/metrics": "Prometheus text for operators (METRICS_TOKEN), not part of the public API",
  "/v1/openapi.json": "serves the document itself",
  "/docs/schemas/{operationId}":
    "a part of the API reference page loaded when a reader opens an operation (like /v1/openapi.json, the document's own text)",
  "/api/mcp":
    "the MCP server (JSON-RPC over Streamable HTTP); each tool runs its REST operation's route (docs/agents.md)",
  "/.well-known/oauth-protected-resource": "RFC 9728 metadata of the MCP server, not an API operation",
  "/.well-known/oauth-protected-resource/api/mcp": "the same document at its path-inserted URL (RFC 9728 §3.1)",
  "/.well-known/oauth-authorization-server": "RFC 8414 metadata of the OAuth server for agents (docs/agents.md)",
  "/oauth/authorize": "OAuth authorization endpoint and consent page (HTML, RFC 6749 errors), not an API operation",
  "/oauth/token": "OAuth token endpoint (RFC 6749 bodies and errors), not an API operation",
  "/oauth/revoke": "OAuth revocation (RFC 7009), not an API operation",
  "/notifications/open": "a mailed notification link: checks its signature and redirects (303), not an API operation",
  "/oauth/register": "OAuth dynamic client registration (RFC 7591 bodies and errors), not an API operation",
};

describe("every route folder is tied to its contract, and every contract to a route", () => {
  it("route handlers are defineRoute functions whose contract has this path and method", async () => {
    const mounted = new Set<string>();
    const problems: string[] = [];
    for (const folder of routeFolders()) {
      const url = urlPathOf(folder);
      if (url in NOT_CONTRACTS) continue;
      const mod = (await import(path.join(folder, "route.ts"))) as Record<string, unknown>;
      const handlers = METHODS.filter((m) => typeof mod[m] === "function");
      if (handlers.length === 0) problems.push(`${url}: no HTTP method exported`);
      for (const m of handlers) {
        const c = (mod[m] as Partial<RouteFunction>).contract;
        if (!c) problems.push(`${m} ${url}: not built with defineRoute (no contract)`);
        else if (c.method !== m || c.path !== url)
          problems.push(`${m} ${url}: mounted with the contract of ${c.method} ${c.path}`);
        else mounted.add(`${m} ${url}`);
      }
    }
    const documented = allContracts()
      .filter((c) => !c.internal)
      .map((c) => `${c.method} ${c.path}`);
    for (const op of documented) if (!mounted.has(op)) problems.push(`${op}: a contract with no route`);
    for (const op of mounted)
      if (!documented.includes(op)) problems.push(`${op}: a route whose contract is not in allContracts()`);
    expect(new Set(documented).size).toBe(documented.length);
    expect(problems).toEqual([]);
    expect(mounted.size).toBeGreaterThan(50);
  });
});

describe("the document's operations", () => {
  const doc = openApiDocument() as unknown as {
    paths: Record<
      string,
      Record<
        string,
        { operationId?: string; responses: Record<string, { content?: Record<string, { schema: unknown }> }> }
      >
    >;
    components: { schemas: Record<string, unknown> };
  };
  const ops = Object.entries(doc.paths).flatMap(([p, byMethod]) =>
    Object.entries(byMethod).map(([m, op]) => ({ key: `${m.toUpperCase()} ${p}`, op })),
  );

  it("every operation has a unique operationId", () => {
    const ids = ops.map((o) => o.op.operationId);
    expect(ids.every((id) => typeof id === "string" && /^[a-z][A-Za-z0-9]*\.[a-z][A-Za-z0-9]*$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("a success body that carries a secret (key, token, secret) comes from a contract marked secret (Cache-Control: no-store)", () => {
    const byKey = new Map(allContracts().map((c) => [`${c.method} ${c.path}`, c]));
    const resolve = (s: any): any => (s?.$ref ? doc.components.schemas[s.$ref.split("/").pop()] : s);
    const carriesSecret = (schema: unknown): boolean => {
      const s = resolve(schema);
      const props = s?.properties ?? {};
      return ["secret", "key", "token"].some((k) => k in props) || (props.data ? carriesSecret(props.data) : false);
    };
    const missing = ops
      .filter(({ op }) =>
        Object.entries(op.responses).some(
          ([status, r]) => status.startsWith("2") && carriesSecret(r.content?.["application/json"]?.schema),
        ),
      )
      .filter(({ key }) => !byKey.get(key)?.secret)
      .map(({ key }) => key);
    expect(missing).toEqual([]);
    // The rule above is not vacuous: the known secret-bearing operations are found by it.
    const found = ops.filter(({ op }) =>
      Object.entries(op.responses).some(
        ([s, r]) => s.startsWith("2") && carriesSecret(r.content?.["application/json"]?.schema),
      ),
    );
    expect(found.map((f) => f.key)).toEqual(
      expect.arrayContaining([
        "POST /api/developer/keys",
        "POST /v1/webhooks",
        "GET /api/developer/watch-signing-secret",
      ]),
    );
  });
});
