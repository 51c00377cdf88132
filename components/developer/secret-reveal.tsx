"use client";
import { Alert } from "@/components/ui/alert";
import { CodeBlock } from "@/components/ui/code-block";
import { CopyButton } from "@/components/ui/copy-button";

/** Shows a freshly created secret once, with a copy button and the "store it now" warning. */
export function SecretReveal({ label, value, example }: { label: string; value: string; example?: string }) {
  return (
    <div className="space-y-4">
      <Alert tone="warning" title="Copy it now">
        This is the only time the full value is shown. We store only a hash, so it cannot be recovered; if you lose it,
        revoke it and create a new one.
      </Alert>
      <div>
        <p className="text-sm font-medium text-slate-800" id="secret-label">
          {label}
        </p>
        <div className="mt-1.5 flex flex-col gap-2 sm:flex-row sm:items-center">
          <code
            aria-labelledby="secret-label"
            data-secret
            className="block min-w-0 flex-1 rounded-md bg-slate-100 px-3 py-2 font-mono text-sm break-all text-slate-900 ring-1 ring-slate-200 select-all"
          >
            {value}
          </code>
          <CopyButton value={value} />
        </div>
      </div>
      {example && (
        <div>
          <p className="text-sm font-medium text-slate-800">Try it</p>
          <CodeBlock className="mt-1.5" label="curl" copyValue={example} wrap>
            {example}
          </CodeBlock>
        </div>
      )}
    </div>
  );
}
