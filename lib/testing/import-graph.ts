import fs from "node:fs";
import path from "node:path";

/**
 * The import graph of the production source (tests and testing/ helpers left out): every static
 * import and re-export, `import type` and dynamic `import()` included, resolved to repository
 * files. Used by layering.test.ts; written with no parser dependency (imports here are one
 * string literal each, which a regular expression reads reliably).
 */
export const ROOT = path.resolve(import.meta.dirname, "../..");
const SOURCE_DIRS = ["app", "components", "lib", "inngest", "scripts", "drizzle"];
const ROOT_FILES = ["instrumentation.ts", "instrumentation-node.ts"];
const EXTENSIONS = [".ts", ".tsx", "/index.ts", "/index.tsx"];

export function isProductionSource(rel: string): boolean {
  return (
    /\.(ts|tsx)$/.test(rel) &&
    !/\.test\.tsx?$/.test(rel) &&
    !rel.split("/").includes("testing") &&
    !rel.endsWith(".d.ts")
  );
}

function walk(dir: string, out: string[]) {
  for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      if (entry.name !== "node_modules" && !entry.name.startsWith(".")) walk(rel, out);
    } else if (isProductionSource(rel)) {
      out.push(rel);
    }
  }
}

const SPECIFIER =
  /(?:import|export)\s[^;]*?from\s*["']([^"']+)["']|import\s*\(\s*["']([^"']+)["']\s*\)|import\s+["']([^"']+)["']/g;

function resolve(from: string, spec: string): string | undefined {
  let base: string;
  if (spec.startsWith("@/")) base = spec.slice(2);
  else if (spec.startsWith(".")) base = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
  else return undefined; // a package
  if (fs.existsSync(path.join(ROOT, base)) && fs.statSync(path.join(ROOT, base)).isFile()) return base;
  for (const ext of EXTENSIONS) if (fs.existsSync(path.join(ROOT, base + ext))) return base + ext;
  return undefined;
}

/** True when a matched import or re-export brings no value at run time (`import type`, or every name `type X`). */
function typeOnly(statement: string): boolean {
  if (/^(?:import|export)\s+type\s/.test(statement)) return true;
  const names = /^(?:import|export)\s*\{([^}]*)\}\s*from/.exec(statement)?.[1];
  if (names === undefined) return false;
  const list = names
    .split(",")
    .map((n) => n.trim())
    .filter(Boolean);
  return list.length > 0 && list.every((n) => n.startsWith("type "));
}

/**
 * file → the repository files it imports (production files only). `valueOnly`: only the imports
 * that load a module at run time (type imports left out; import() kept), for import closures.
 */
export function importGraph(opts: { valueOnly?: boolean } = {}): Map<string, Set<string>> {
  const files: string[] = [];
  for (const dir of SOURCE_DIRS) walk(dir, files);
  for (const f of ROOT_FILES) if (fs.existsSync(path.join(ROOT, f))) files.push(f);
  const graph = new Map<string, Set<string>>();
  for (const file of files) {
    const text = fs.readFileSync(path.join(ROOT, file), "utf8").replace(/\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm, "");
    const deps = new Set<string>();
    for (const m of text.matchAll(SPECIFIER)) {
      if (opts.valueOnly && m[1] !== undefined && typeOnly(m[0])) continue;
      const target = resolve(file, m[1] ?? m[2] ?? m[3]);
      if (target && isProductionSource(target)) deps.add(target);
    }
    graph.set(file, deps);
  }
  return graph;
}

/** Every file `roots` reach through the graph (the roots included). */
export function closure(graph: Map<string, Set<string>>, roots: string[]): Set<string> {
  const seen = new Set<string>();
  const todo = [...roots];
  while (todo.length) {
    const f = todo.pop()!;
    if (seen.has(f)) continue;
    seen.add(f);
    for (const d of graph.get(f) ?? []) todo.push(d);
  }
  return seen;
}

/** Strongly connected components with more than one file (or a file importing itself): the cycles. */
export function cycles(graph: Map<string, Set<string>>): string[][] {
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, idx.get(w)!));
      }
    }
    if (low.get(v) === idx.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1 || graph.get(v)?.has(v)) out.push(scc.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!idx.has(v)) visit(v);
  return out;
}
