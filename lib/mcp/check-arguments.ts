type JsonSchema = Record<string, unknown>;

/** As deep as a REST body may nest (lib/http/parse.ts): deeper arguments are refused before any work. */
export const MAX_ARGUMENT_DEPTH = 32;

/**
 * Why a tools/call's `arguments` are refused as -32602 Invalid params (issue 43 item 8), or
 * undefined: not an object; nested deeper than MAX_ARGUMENT_DEPTH (walked without recursion, so a
 * hostile depth cannot overflow the stack); or naming an argument the tool does not declare (the
 * REST contract would silently drop it, and an agent would believe it had been used). A value of
 * the wrong type is left to the operation: it comes back as a tool error the model can correct
 * (MCP 2025-11-25, SEP-1303).
 */
export function argumentsProblem(tool: { name: string; inputSchema: JsonSchema }, args: unknown): string | undefined {
  if (args === undefined) return undefined;
  if (typeof args !== "object" || args === null || Array.isArray(args)) {
    return `arguments must be an object of named arguments, not ${Array.isArray(args) ? "an array" : typeof args}`;
  }
  if (deeperThan(args, MAX_ARGUMENT_DEPTH)) return `arguments nest deeper than ${MAX_ARGUMENT_DEPTH} levels`;
  const declared = declaredNames(tool.inputSchema);
  if (!declared) return undefined;
  const unknown = Object.keys(args).filter((k) => !declared.has(k));
  if (unknown.length === 0) return undefined;
  const list = (xs: string[]) =>
    xs
      .slice(0, 10)
      .map((x) => JSON.stringify(x.slice(0, 64)))
      .join(", ");
  return `${tool.name} has no argument ${list(unknown)}; its arguments: ${list([...declared])}`;
}

function deeperThan(root: object, limit: number): boolean {
  const stack: Array<[unknown, number]> = [[root, 1]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (typeof v !== "object" || v === null) continue;
    if (depth > limit) return true;
    for (const child of Object.values(v)) stack.push([child, depth + 1]);
  }
  return false;
}

/** The top-level names the schema declares, through allOf/anyOf/oneOf; undefined if one part is open. */
function declaredNames(schema: JsonSchema): Set<string> | undefined {
  const names = new Set<string>();
  const parts: JsonSchema[] = [schema];
  while (parts.length > 0) {
    const s = parts.pop()! as Record<string, unknown>;
    const subs = ["allOf", "anyOf", "oneOf"].flatMap((k) => (Array.isArray(s[k]) ? (s[k] as JsonSchema[]) : []));
    const props = s.properties as Record<string, unknown> | undefined;
    if (!props && subs.length === 0 && s !== schema) return undefined;
    for (const k of Object.keys(props ?? {})) names.add(k);
    parts.push(...subs);
  }
  return names;
}
