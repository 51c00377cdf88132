import { allContracts } from "@/lib/registry/all-contracts";
import type { Family } from "@/lib/http/types";

/** A routed path and the methods its route file answers. */
export interface RouteEntry {
  /** OpenAPI-style template (/v1/trips/{tripId}); `{...name}` matches the rest of the path. */
  template: string;
  methods: string[];
  family: Family;
  pattern: RegExp;
}

/**
 * Route files that have no contract (framework or operator endpoints). A test
 * (edge.test.ts) checks this table plus the contracts against every route.ts under app/,
 * so a new route file cannot be missing here.
 */
export const UNCONTRACTED_ROUTES: Array<{ template: string; methods: string[] }> = [
  { template: "/.well-known/oauth-protected-resource", methods: ["GET"] },
  { template: "/.well-known/oauth-protected-resource/api/mcp", methods: ["GET"] },
  { template: "/.well-known/oauth-authorization-server", methods: ["GET"] },
  { template: "/oauth/authorize", methods: ["GET", "POST"] },
  { template: "/oauth/token", methods: ["POST"] },
  { template: "/oauth/revoke", methods: ["POST"] },
  { template: "/oauth/register", methods: ["POST"] },
  { template: "/api/auth/{...nextauth}", methods: ["GET", "POST"] },
  { template: "/api/mcp", methods: ["GET", "POST", "DELETE"] },
  { template: "/api/floor", methods: ["GET"] },
  { template: "/api/floor/{segment}", methods: ["GET"] },
  { template: "/api/inngest", methods: ["GET", "POST", "PUT"] },
  { template: "/metrics", methods: ["GET"] },
  { template: "/v1/openapi.json", methods: ["GET"] },
  { template: "/docs/schemas/{operationId}", methods: ["GET"] },
  // The mailed notification link: a signed redirect to the proposal (or through sign-in), not an API operation.
  { template: "/notifications/open", methods: ["GET"] },
];

function patternOf(template: string): RegExp {
  const source = template
    .split("/")
    .map((s) =>
      /^\{\.\.\.\w+\}$/.test(s) ? ".+" : /^\{\w+\}$/.test(s) ? "[^/]+" : s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"),
    )
    .join("/");
  return new RegExp(`^${source}/?$`);
}

let table: RouteEntry[] | undefined;

/** Every API route: the contracts' paths and methods, then the uncontracted routes. */
export function routeTable(): RouteEntry[] {
  if (table) return table;
  const byPath = new Map<string, RouteEntry>();
  for (const c of allContracts()) {
    const e = byPath.get(c.path) ?? { template: c.path, methods: [], family: c.family, pattern: patternOf(c.path) };
    if (!e.methods.includes(c.method)) e.methods.push(c.method);
    byPath.set(c.path, e);
  }
  for (const r of UNCONTRACTED_ROUTES) byPath.set(r.template, { ...r, family: "api", pattern: patternOf(r.template) });
  // Static segments win over dynamic ones (/v1/weather/simulations/fire-watches before {simulation_id}).
  table = [...byPath.values()].sort((a, b) => dynamicCount(a.template) - dynamicCount(b.template));
  return table;
}

const dynamicCount = (t: string) => (t.match(/\{/g) ?? []).length;

/** The route a raw (still percent-encoded) path addresses, if any. */
export function matchRoute(rawPath: string): RouteEntry | undefined {
  return routeTable().find((e) => e.pattern.test(rawPath));
}
