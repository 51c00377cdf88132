"use client";
import { Alert } from "@/components/ui/alert";
import { CopyButton } from "@/components/ui/copy-button";
import { VerificationRecipe } from "./verification-recipe";

/** The new endpoint's signing secret, shown once, with the verification recipe. */
export function WebhookSecretReveal({ secret }: { secret: string }) {
  return (
    <div className="space-y-4">
      <Alert tone="warning" title="Copy the signing secret now">
        Store it in your receiver&apos;s configuration now. You can reveal it again or rotate it later from the
        endpoint&apos;s page (Signing secret).
      </Alert>
      <div>
        <p className="text-sm font-medium text-slate-800" id="webhook-secret-label">
          Signing secret
        </p>
        <div className="mt-1.5 flex flex-col gap-2 sm:flex-row sm:items-center">
          <code
            aria-labelledby="webhook-secret-label"
            data-secret
            className="block min-w-0 flex-1 rounded-md bg-slate-100 px-3 py-2 font-mono text-sm break-all text-slate-900 ring-1 ring-slate-200 select-all"
          >
            {secret}
          </code>
          <CopyButton value={secret} />
        </div>
      </div>
      <p className="text-sm text-slate-600">
        Every delivery carries <code className="font-mono text-[13px]">X-Service-Signature</code> (hex HMAC-SHA256 of{" "}
        <code className="font-mono text-[13px]">timestamp + &quot;.&quot; + raw body</code>, keyed by the whole secret),{" "}
        <code className="font-mono text-[13px]">X-Service-Timestamp</code> and{" "}
        <code className="font-mono text-[13px]">X-Service-Event-Id</code>.
      </p>
      <VerificationRecipe />
    </div>
  );
}
