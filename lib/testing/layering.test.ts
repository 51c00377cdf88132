import { describe, expect, it } from "vitest";
import { cycles, importGraph } from "./import-graph";

/**
 * One direction of dependencies (docs/architecture.md): adapters → registry → domains →
 * infrastructure, no import cycle among source files (type imports and import() count), and no
 * two domains importing each other. There are no exceptions: any violation fails this test.
 */
type Layer = "adapter" | "registry" | "domain" | "infrastructure";
const RANK: Record<Layer, number> = { adapter: 3, registry: 2, domain: 1, infrastructure: 0 };

/** Infrastructure and the shared helpers beside it: they know no domain. */
const INFRASTRUCTURE = [
  "lib/http/",
  "lib/db/",
  "lib/jobs/",
  "lib/platform/",
  "lib/log.ts",
  "lib/env.ts",
  "lib/crypto/",
  "lib/time/",
  "lib/i18n/",
  "drizzle/",
];
/** The edge: routes, pages, jobs, scripts and the browser-side UI (components and the API client). */
const ADAPTERS = [
  "app/",
  "inngest/",
  "scripts/",
  "components/",
  "lib/client/",
  "instrumentation.ts",
  "instrumentation-node.ts",
];

export function layerOf(file: string): Layer {
  if (ADAPTERS.some((p) => file.startsWith(p))) return "adapter";
  if (file.startsWith("lib/registry/")) return "registry";
  if (INFRASTRUCTURE.some((p) => file.startsWith(p))) return "infrastructure";
  return "domain";
}

/** A domain's folder (lib/<domain>), or undefined outside the domain layer. */
function domainOf(file: string): string | undefined {
  return layerOf(file) === "domain" ? file.split("/").slice(0, 2).join("/") : undefined;
}

interface Violations {
  /** "from -> to": an import against the layers. */
  layers: string[];
  /** "from -> to": an import inside an import cycle. */
  cycles: string[];
  /** "lib/a <-> lib/b": two domains importing each other. */
  domainPairs: string[];
}

function violationsToday(): Violations {
  const graph = importGraph();
  const layers: string[] = [];
  const folderEdges = new Set<string>();
  for (const [from, deps] of graph) {
    for (const to of deps) {
      if (RANK[layerOf(from)] < RANK[layerOf(to)]) layers.push(`${from} -> ${to}`);
      const a = domainOf(from);
      const b = domainOf(to);
      if (a && b && a !== b) folderEdges.add(`${a} ${b}`);
    }
  }
  const cycleEdges: string[] = [];
  for (const scc of cycles(graph)) {
    const members = new Set(scc);
    for (const from of scc) for (const to of graph.get(from)!) if (members.has(to)) cycleEdges.push(`${from} -> ${to}`);
  }
  const domainPairs = [...folderEdges]
    .map((e) => e.split(" "))
    .filter(([a, b]) => a < b && folderEdges.has(`${b} ${a}`))
    .map(([a, b]) => `${a} <-> ${b}`);
  return { layers: layers.sort(), cycles: cycleEdges.sort(), domainPairs: domainPairs.sort() };
}

const today = violationsToday();

describe("layering: adapters → registry → domains → infrastructure, no cycles", () => {
  it("classifies the layers", () => {
    expect(layerOf("app/v1/trips/route.ts")).toBe("adapter");
    expect(layerOf("components/trips/add-event-form.tsx")).toBe("adapter");
    expect(layerOf("lib/registry/job-table.ts")).toBe("registry");
    expect(layerOf("lib/trips/ops/apply-trip-change.ts")).toBe("domain");
    expect(layerOf("lib/http/route.ts")).toBe("infrastructure");
    expect(layerOf("lib/log.ts")).toBe("infrastructure");
  });

  it("sees the graph: type imports, re-exports and import() are edges", () => {
    const graph = importGraph();
    expect(graph.size).toBeGreaterThan(300);
    // lib/db/client.ts reaches the partition DDL only through import().
    expect(graph.get("lib/db/client.ts")).toContain("lib/db/partition-ddl.ts");
  });

  const HOW: Record<keyof Violations, string> = {
    layers:
      "imports against adapters → registry → domains → infrastructure. Infrastructure that needs a domain declares a hook the registry installs (lib/http/route-hooks.ts, lib/registry/install-hooks.ts); a shared piece moves down to the layer that owns it",
    cycles: "import edges inside an import cycle: move the shared piece into its own module",
    domainPairs:
      "two domains importing each other: move the shared piece to the domain it belongs to (or below both), so dependencies point one way",
  };
  for (const kind of ["layers", "cycles", "domainPairs"] as const) {
    it(`no ${kind} violation`, () => {
      expect(today[kind], `${today[kind].length} ${HOW[kind]} (docs/architecture.md, "Layers")`).toEqual([]);
    });
  }
});
