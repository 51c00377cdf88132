import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { cycles, importGraph, ROOT } from "./import-graph";

/**
 * One direction of dependencies (docs/architecture.md): adapters → registry → domains →
 * infrastructure, no import cycle among source files (type imports and import() count), and no
 * two domains importing each other. Today's violations are listed in layering-baseline.json, to
 * be burnt down: a violation not in it fails this test. An entry that no longer occurs is printed
 * so it can be deleted (`UPDATE_LAYERING_BASELINE=1 npx vitest run lib/testing/layering.test.ts`
 * rewrites the file from today's graph: only ever to shrink it).
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

const BASELINE_FILE = path.join(ROOT, "lib/testing/layering-baseline.json");
const today = violationsToday();
if (process.env.UPDATE_LAYERING_BASELINE) fs.writeFileSync(BASELINE_FILE, JSON.stringify(today, null, 2) + "\n");
const baseline = JSON.parse(fs.readFileSync(BASELINE_FILE, "utf8")) as Violations;

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

  for (const kind of ["layers", "cycles", "domainPairs"] as const) {
    it(`no new ${kind} violation (today's are baselined)`, () => {
      const known = new Set(baseline[kind]);
      const gone = baseline[kind].filter((v) => !today[kind].includes(v));
      if (gone.length)
        console.warn(
          `[layering] ${gone.length} baselined ${kind} entries are fixed; delete them from layering-baseline.json:\n  ${gone.join("\n  ")}`,
        );
      expect(
        today[kind].filter((v) => !known.has(v)),
        `new ${kind} violations (see docs/architecture.md)`,
      ).toEqual([]);
    });
  }
});
