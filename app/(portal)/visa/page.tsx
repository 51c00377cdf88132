import type { Metadata } from "next";
import { VisaKeysPanel } from "@/components/visa/visa-keys-panel";

export const metadata: Metadata = { title: "Visa API keys" };

export default function VisaKeysPage() {
  return (
    <>
      <VisaKeysPanel
        title="Visa API keys"
        description={
          <>
            Keys for the visa lookup API, sent as <code className="font-mono text-[13px]">X-Visa-Intel-Key: vik_…</code>
            . Each key has its own hourly limit in fixed UTC hours; every request costs one unit.
          </>
        }
      />
    </>
  );
}
