"use client";
import { CredentialList } from "./credential-list";
import type { AccessTokenRow } from "./types";

/** A token's limits in a few words: scopes beyond the default and the trips it is limited to. */
function limitsText(t: AccessTokenRow): string {
  const scopes =
    t.scopes.length === 3 ? "read, propose, change" : t.scopes.map((s) => s.replace("trips:", "")).join(", ");
  const trips = t.trip_ids ? `${t.trip_ids.length} trip${t.trip_ids.length === 1 ? "" : "s"}` : "all trips";
  return `${scopes} · ${trips}`;
}

/** Tokens as a table from the sm breakpoint and as stacked cards on phones. */
export function AccessTokensList({
  rows,
  onRevoke,
}: {
  rows: AccessTokenRow[];
  onRevoke: (row: AccessTokenRow) => void;
}) {
  return (
    <CredentialList
      rows={rows}
      onRevoke={onRevoke}
      caption="Access tokens"
      prefixHeader="Token"
      prefix={(t) => t.tokenPrefix}
      limitsHeader="May"
      limits={limitsText}
      limitsOnCard="inline"
    />
  );
}
