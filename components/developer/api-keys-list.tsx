"use client";
import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { CredentialList } from "./credential-list";
import type { ApiKeyRow } from "./types";

function Scopes({ scopes }: { scopes: string[] }) {
  return (
    <div className="flex max-w-xs flex-wrap gap-1">
      {scopes.map((s) => (
        <Badge key={s} tone="info">
          {s}
        </Badge>
      ))}
    </div>
  );
}

/** The key's page: usage by day, rename, roll. */
function KeyLink({ k }: { k: ApiKeyRow }) {
  return (
    <Link href={`/keys/${k.id}`} className="text-indigo-700 underline-offset-2 hover:underline">
      {k.name}
    </Link>
  );
}

/** Keys as a table from the sm breakpoint and as stacked cards on phones. */
export function ApiKeysList({ rows, onRevoke }: { rows: ApiKeyRow[]; onRevoke: (row: ApiKeyRow) => void }) {
  return (
    <CredentialList
      rows={rows}
      onRevoke={onRevoke}
      caption="API keys"
      name={(k) => <KeyLink k={k} />}
      prefixHeader="Key"
      prefix={(k) => k.keyPrefix}
      limitsHeader="Scopes"
      limits={(k) => <Scopes scopes={k.scopes} />}
      limitsOnCard="below"
    />
  );
}
