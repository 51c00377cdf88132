"use client";
import { Can } from "@/components/team/can";
import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { CredentialDateCells, CredentialDatesList } from "./credential-dates";
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
  const revokeButton = (k: ApiKeyRow) => (
    <Can action="credentials.manage">
      <Button variant="secondary" size="sm" onClick={() => onRevoke(k)} aria-label={`Revoke ${k.name}`}>
        Revoke
      </Button>
    </Can>
  );
  return (
    <>
      <ul className="divide-y divide-slate-100 sm:hidden" aria-label="API keys">
        {rows.map((k) => (
          <li key={k.id} className="space-y-3 px-4 py-4">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="font-medium text-slate-900">
                  <KeyLink k={k} />
                </p>
                <code className="font-mono text-xs text-slate-600">{k.keyPrefix}…</code>
              </div>
              {revokeButton(k)}
            </div>
            <Scopes scopes={k.scopes} />
            <CredentialDatesList dates={k} />
          </li>
        ))}
      </ul>
      <div className="hidden sm:block">
        <Table caption="API keys">
          <THead>
            <Tr>
              <Th>Name</Th>
              <Th>Key</Th>
              <Th>Scopes</Th>
              <Th>Created</Th>
              <Th>Last used</Th>
              <Th>Expires</Th>
              <Th className="text-right">
                <span className="sr-only">Actions</span>
              </Th>
            </Tr>
          </THead>
          <TBody>
            {rows.map((k) => (
              <Tr key={k.id}>
                <Td className="font-medium text-slate-900">
                  <KeyLink k={k} />
                </Td>
                <Td>
                  <code className="font-mono text-xs whitespace-nowrap text-slate-700">{k.keyPrefix}…</code>
                </Td>
                <Td>
                  <Scopes scopes={k.scopes} />
                </Td>
                <CredentialDateCells dates={k} />
                <Td className="text-right">{revokeButton(k)}</Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      </div>
    </>
  );
}
