import type { Metadata } from "next";
import { Suspense } from "react";
import { ApiKeysPanel } from "@/components/developer/api-keys-panel";
import { VerifyEmailBanner } from "@/components/portal/verify-email-banner";

export const metadata: Metadata = { title: "API keys" };

export default function KeysPage() {
  return (
    <>
      <Suspense fallback={null}>
        <VerifyEmailBanner />
      </Suspense>
      <ApiKeysPanel
        title="API keys"
        description={
          <>
            Keys authenticate your servers to the weather and itinerary APIs with{" "}
            <code className="font-mono text-[13px]">Authorization: Bearer svc_…</code>; each key carries only the scopes
            you grant.
          </>
        }
      />
    </>
  );
}
