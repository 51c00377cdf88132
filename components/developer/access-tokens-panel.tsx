"use client";
import type { ReactNode } from "react";
import { formatDate } from "@/lib/client/format";
import { AccessTokensList } from "./access-tokens-list";
import { CreateTokenForm } from "./create-token-form";
import { CredentialsPanel } from "./credentials-panel";
import { McpClientConfig } from "./mcp-client-config";
import { SecretReveal } from "./secret-reveal";
import { TOKENS_QUERY, type AccessTokenRow, type CreatedAccessToken } from "./types";

/** The first call for a new token: its one trip when it is limited to one, else the list of trips it may read. */
export function tokenCurl(c: { token: string; trip_ids?: number[] | null }, origin: string): string {
  const path = c.trip_ids?.length === 1 ? `/v1/trips/${c.trip_ids[0]}/itinerary` : "/v1/trips";
  return `curl -H "Authorization: Bearer ${c.token}" \\\n  ${origin}${path}`;
}

/** Access tokens page body, over /api/developer/tokens with the session cookie. */
export function AccessTokensPanel({ title, description }: { title: string; description: ReactNode }) {
  return (
    <CredentialsPanel<AccessTokenRow, CreatedAccessToken>
      title={title}
      description={description}
      endpoint="/api/developer/tokens"
      queryKey={TOKENS_QUERY}
      noun="token"
      empty={{
        title: "No access tokens yet",
        description: "Create a token for a planning agent or script that works on your trips.",
      }}
      list={(rows, onRevoke) => <AccessTokensList rows={rows} onRevoke={onRevoke} />}
      form={(onCreated, onCancel) => <CreateTokenForm onCreated={onCreated} onCancel={onCancel} />}
      createTitle="Create an access token"
      created={{
        title: "Your new access token",
        description: (c) => `“${c.name}” expires ${formatDate(c.expiresAt)}.`,
        reveal: (c, origin) => (
          <div className="space-y-4">
            <SecretReveal label="Access token" value={c.token} example={tokenCurl(c, origin)} />
            <McpClientConfig origin={origin} token={c.token} />
          </div>
        ),
      }}
      revokeDescription={() =>
        "Requests with this token are refused with 401 from the very next call. This cannot be undone."
      }
    />
  );
}
