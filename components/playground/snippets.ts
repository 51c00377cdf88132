/** Copy-as-curl and TypeScript fetch for the exact request (the key as an environment variable). */
export interface SnippetInput {
  origin: string;
  method: string;
  url: string;
  body?: string;
  keyName: string;
  keyPrefix: string;
}

const shellQuote = (s: string) => `'${s.replaceAll("'", `'\\''`)}'`;

export function curlSnippet(r: SnippetInput): string {
  const lines = [
    `# key "${r.keyName}" (${r.keyPrefix}…): export SKYCAST_API_KEY=svc_…`,
    `curl -sS ${r.method === "GET" ? "" : `-X ${r.method} `}${shellQuote(r.origin + r.url)} \\`,
    `  -H "Authorization: Bearer $SKYCAST_API_KEY"${r.body !== undefined ? " \\" : ""}`,
  ];
  if (r.body !== undefined) {
    lines.push(`  -H 'Content-Type: application/json' \\`);
    lines.push(`  --data ${shellQuote(pretty(r.body))}`);
  }
  return lines.join("\n");
}

export function fetchSnippet(r: SnippetInput): string {
  const init = [
    `  method: "${r.method}",`,
    `  headers: {`,
    "    Authorization: `Bearer ${process.env.SKYCAST_API_KEY}`,",
  ];
  if (r.body !== undefined) init.push(`    "Content-Type": "application/json",`);
  init.push("  },");
  if (r.body !== undefined) init.push(`  body: JSON.stringify(${indent(pretty(r.body), 2)}),`);
  return [
    `// key "${r.keyName}" (${r.keyPrefix}…) in SKYCAST_API_KEY`,
    `const res = await fetch(${JSON.stringify(r.origin + r.url)}, {`,
    ...init,
    `});`,
    `const json = await res.json();`,
    `if (!res.ok) throw new Error(\`\${json.error.code}: \${json.error.message}\`);`,
  ].join("\n");
}

function pretty(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}
const indent = (s: string, n: number) => s.split("\n").join("\n" + " ".repeat(n));
