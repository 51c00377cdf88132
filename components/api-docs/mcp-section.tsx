import Link from "next/link";
import { mcpTools } from "@/app/api/mcp/tools";

/** The reference's MCP section (issue 42 item 6): the endpoint, how an agent authenticates, and every tool with what it needs. */
export function McpSection() {
  return (
    <section id="mcp" aria-labelledby="mcp-title" className="mb-10 max-w-3xl">
      <h2 id="mcp-title" className="text-lg font-semibold tracking-tight text-slate-900">
        MCP (agents)
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        LLM agents reach the same operations over the Model Context Protocol at{" "}
        <code className="font-mono text-[13px]">/api/mcp</code> (Streamable HTTP). An agent authenticates with an access
        token (<code className="font-mono text-[13px]">Authorization: Bearer sat_…</code>) and, for the weather tools,
        an API key as <code className="font-mono text-[13px]">X-Api-Key</code>; tools/list shows only the tools its
        credentials allow, and each call bills and logs like the REST operation it adapts. Client configurations for
        Claude, ChatGPT, VS Code and Cursor are on the{" "}
        <Link href="/agents" className="font-medium text-indigo-700 hover:text-indigo-600">
          Agents page
        </Link>
        .
      </p>
      <ul className="mt-3 divide-y divide-slate-100 rounded-lg bg-white text-sm ring-1 ring-slate-200">
        {mcpTools.map((t) => (
          <li key={t.name} className="flex min-w-0 flex-wrap items-baseline gap-x-3 gap-y-1 px-4 py-2.5">
            <code className="font-mono text-[13px] text-slate-900">{t.name}</code>
            <span className="text-slate-600">
              {t.need.credential === "api_key" ? `API key ${t.need.scopes.join(", ")}` : `access token ${t.need.scope}`}
            </span>
            <span className="w-full text-slate-600">{t.description}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
