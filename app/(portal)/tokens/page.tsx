import type { Metadata } from "next";
import { AccessTokensPanel } from "@/components/developer/access-tokens-panel";

export const metadata: Metadata = { title: "Access tokens" };

export default function TokensPage() {
  return (
    <AccessTokensPanel
      title="Access tokens"
      description={
        <>
          Tokens let an agent or script act as you on the trip endpoints with{" "}
          <code className="font-mono text-[13px]">Authorization: Bearer sat_…</code>, and connect an LLM agent to the
          MCP server. Give an agent the least it needs: only its trips, and read and propose only, so a member accepts
          its changes. Tokens always expire; revoke one as soon as it is no longer needed.
        </>
      }
    />
  );
}
