"use client";
import { useState } from "react";
import { CodeBlock } from "@/components/ui/code-block";
import { cx } from "@/components/ui/cx";
import { RECIPES } from "./verification-recipes";

/** Tabs with the verification snippets: the Standard Webhooks libraries first, then our X-Service-* recipe in TypeScript, Python and Go. */
export function VerificationRecipe() {
  const [lang, setLang] = useState<(typeof RECIPES)[number]["id"]>(RECIPES[0].id);
  const recipe = RECIPES.find((r) => r.id === lang) ?? RECIPES[0];
  return (
    <div>
      <div role="tablist" aria-label="Verification recipe language" className="mb-2 flex flex-wrap gap-1">
        {RECIPES.map((r) => (
          <button
            key={r.id}
            type="button"
            role="tab"
            aria-selected={r.id === lang}
            onClick={() => setLang(r.id)}
            className={cx(
              "rounded-md px-2.5 py-1 text-xs font-medium",
              r.id === lang ? "bg-slate-900 text-white" : "text-slate-600 hover:bg-slate-100",
            )}
          >
            {r.label}
          </button>
        ))}
      </div>
      <CodeBlock label={`Verify a delivery (${recipe.label})`} copyValue={recipe.code}>
        {recipe.code}
      </CodeBlock>
    </div>
  );
}
