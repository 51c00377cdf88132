"use client";
import { useState, useSyncExternalStore } from "react";
import { CodeBlock } from "@/components/ui/code-block";
import { AGENT_CLIENTS, agentClientConfig, type AgentClient } from "@/lib/portal/agent-client-configs";

const noSubscription = () => () => {};

/** One configuration per MCP client, ready to copy; the origin is the browser's (what the agent reaches). */
export function AgentClientTabs({ fallbackOrigin }: { fallbackOrigin: string }) {
  const [kind, setKind] = useState<AgentClient>("claude");
  // The browser's origin once hydrated (the server renders its configured one): what an agent reaches.
  const origin = useSyncExternalStore(
    noSubscription,
    () => window.location.origin,
    () => fallbackOrigin,
  );
  const config = agentClientConfig(kind, origin);
  const label = AGENT_CLIENTS.find((c) => c.kind === kind)!.label;
  return (
    <div>
      <div role="tablist" aria-label="MCP client" className="flex flex-wrap gap-1">
        {AGENT_CLIENTS.map((c) => (
          <button
            key={c.kind}
            type="button"
            role="tab"
            aria-selected={kind === c.kind}
            aria-controls="agent-client-config"
            onClick={() => setKind(c.kind)}
            className={`rounded-md px-2.5 py-1 text-sm ${kind === c.kind ? "bg-indigo-50 font-medium text-indigo-700 ring-1 ring-indigo-200" : "text-slate-700 hover:bg-slate-100"}`}
          >
            {c.label}
          </button>
        ))}
      </div>
      <div id="agent-client-config" role="tabpanel" aria-label={`${label} configuration`}>
        <p className="mt-2 text-sm text-slate-700">{config.where}</p>
        <CodeBlock className="mt-1.5" copyValue={config.text} label={`${label} configuration`} wrap>
          {config.text}
        </CodeBlock>
      </div>
    </div>
  );
}
