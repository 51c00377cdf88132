import { describe, expect, it } from "vitest";
import { closure, importGraph } from "@/lib/testing/import-graph";

/**
 * Issue 44: the planner and the weather core are pure rules. What they load at run time (value
 * imports; type imports erase) must not reach the database, HTTP, a provider or a drizzle table
 * module, so they can be run, tested and reasoned about without any of them. The planner's two
 * I/O files (raising a proposal stores it; a replan reads the trip) are the only exceptions.
 */
const graph = importGraph({ valueOnly: true });
const PLANNER_IO = new Set(["lib/planner/raise-planner-proposal.ts", "lib/planner/replan-proposal.ts"]);
const FORBIDDEN = /^(lib\/db\/|drizzle\/|lib\/http\/|lib\/weather\/io\/|lib\/weather\/(evaluate-weather|index)\.ts$)/;

const roots = [...graph.keys()].filter(
  (f) => (f.startsWith("lib/planner/") && !PLANNER_IO.has(f)) || f.startsWith("lib/weather/core/"),
);

describe("pure closures: planner and weather core", () => {
  it("finds the roots (plan-event.ts and the weather core)", () => {
    expect(roots).toContain("lib/planner/plan-event.ts");
    expect(roots.filter((f) => f.startsWith("lib/weather/core/")).length).toBeGreaterThan(20);
  });

  it("the check would see a forbidden module (the planner's I/O reaches the database)", () => {
    const reached = [...closure(graph, ["lib/planner/raise-planner-proposal.ts"])];
    expect(reached.filter((f) => FORBIDDEN.test(f))).toContain("lib/db/client.ts");
  });

  it("type-only imports are not edges of the value graph", () => {
    // core/types.ts names a drizzle enum type only; the full graph has the edge, the value graph not.
    expect(importGraph().get("lib/weather/core/types.ts")).toContain("drizzle/schema/index.ts");
    expect(graph.get("lib/weather/core/types.ts")).not.toContain("drizzle/schema/index.ts");
  });

  it.each(roots)("%s loads no database, HTTP, provider or drizzle table module", (root) => {
    expect([...closure(graph, [root])].filter((f) => FORBIDDEN.test(f))).toEqual([]);
  });
});
