"use client";
import { useState } from "react";
import { CodeBlock } from "@/components/ui/code-block";
import { mcpClientConfigs, type McpClientKind } from "@/lib/portal/mcp-client-config";

const CLIENTS: Array<{ kind: McpClientKind; label: string }> = [
  { kind: "vscode", label: "VS Code" },
  { kind: "claude", label: "Claude Desktop" },
  { kind: "inspector", label: "MCP Inspector" },
];

/** The MCP client configuration for a new token, ready to copy (docs/agents.md explains each). */
export function McpClientConfig({ origin, token }: { origin: string; token: string }) {
  const [kind, setKind] = useState<McpClientKind>("vscode");
  const config = mcpClientConfigs(origin, token)[kind];
  return (
    <div>
      <p className="text-sm font-medium text-slate-800">Use it from an MCP client</p>
      <p className="mt-0.5 text-sm text-slate-600">
        Connect an agent to <code className="font-mono text-[13px]">{origin}/api/mcp</code>. Add an API key as{" "}
        <code className="font-mono text-[13px]">X-Api-Key</code> for the weather tools.
      </p>
      <div role="tablist" aria-label="MCP client" className="mt-2 flex flex-wrap gap-1">
        {CLIENTS.map((c) => (
          <button
            key={c.kind}
            type="button"
            role="tab"
            aria-selected={kind === c.kind}
            onClick={() => setKind(c.kind)}
            className={`rounded-md px-2.5 py-1 text-sm ${kind === c.kind ? "bg-indigo-50 font-medium text-indigo-700 ring-1 ring-indigo-200" : "text-slate-600 hover:bg-slate-100"}`}
          >
            {c.label}
          </button>
        ))}
      </div>
      <p className="mt-2 text-xs text-slate-600">{config.where}</p>
      <CodeBlock
        className="mt-1.5"
        copyValue={config.text}
        label={`${CLIENTS.find((c) => c.kind === kind)!.label} configuration`}
        wrap
      >
        {config.text}
      </CodeBlock>
    </div>
  );
}
