import type { Metadata } from "next";
import { ApiKeysPanel } from "@/components/developer/api-keys-panel";

export const metadata: Metadata = { title: "API keys" };

export default function KeysPage() {
  return (
    <ApiKeysPanel
      title="API keys"
      description={
        <>
          Keys authenticate your servers to the weather and itinerary APIs with{" "}
          <code className="font-mono text-[13px]">Authorization: Bearer svc_…</code>; each key carries only the scopes you grant.
        </>
      }
    />
  );
}
