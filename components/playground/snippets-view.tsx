"use client";
import { useState } from "react";
import { CodeBlock } from "@/components/ui/code-block";
import { cx } from "@/components/ui/cx";
import { curlSnippet, fetchSnippet, type SnippetInput } from "./snippets";

/** The exact request as curl or TypeScript fetch, with a copy button. */
export function SnippetsView({ input }: { input: SnippetInput }) {
  const [tab, setTab] = useState<"curl" | "ts">("curl");
  const code = tab === "curl" ? curlSnippet(input) : fetchSnippet(input);
  return (
    <section aria-label="Code for this request" className="space-y-2">
      <div role="tablist" aria-label="Snippet language" className="flex gap-1">
        {(
          [
            ["curl", "curl"],
            ["ts", "TypeScript fetch"],
          ] as const
        ).map(([id, label]) => (
          <button
            key={id}
            type="button"
            role="tab"
            aria-selected={tab === id}
            onClick={() => setTab(id)}
            className={cx(
              "rounded px-2.5 py-1 text-xs font-medium",
              tab === id ? "bg-slate-900 text-white" : "text-slate-700 hover:bg-slate-100",
            )}
          >
            {label}
          </button>
        ))}
      </div>
      <CodeBlock label={tab === "curl" ? "Copy as curl" : "Copy as TypeScript"} copyValue={code}>
        {code}
      </CodeBlock>
    </section>
  );
}
