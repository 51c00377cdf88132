"use client";
import { Can } from "@/components/team/can";
import { Button } from "@/components/ui/button";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { CredentialDateCells, CredentialDatesList } from "./credential-dates";
import type { AccessTokenRow } from "./types";

/** A token's limits in a few words: scopes beyond the default and the trips it is limited to. */
function limitsText(t: AccessTokenRow): string {
  const scopes = t.scopes.length === 3 ? "read, propose, change" : t.scopes.map((s) => s.replace("trips:", "")).join(", ");
  const trips = t.trip_ids ? `${t.trip_ids.length} trip${t.trip_ids.length === 1 ? "" : "s"}` : "all trips";
  return `${scopes} · ${trips}`;
}

/** Tokens as a table from the sm breakpoint and as stacked cards on phones. */
export function AccessTokensList({ rows, onRevoke }: { rows: AccessTokenRow[]; onRevoke: (row: AccessTokenRow) => void }) {
  const revokeButton = (t: AccessTokenRow) => (
    <Can action="credentials.manage">
      <Button variant="secondary" size="sm" onClick={() => onRevoke(t)} aria-label={`Revoke ${t.name}`}>
        Revoke
      </Button>
    </Can>
  );
  return (
    <>
      <ul className="divide-y divide-slate-100 sm:hidden" aria-label="Access tokens">
        {rows.map((t) => (
          <li key={t.id} className="space-y-3 px-4 py-4">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="font-medium text-slate-900">{t.name}</p>
                <code className="font-mono text-xs text-slate-600">{t.tokenPrefix}…</code>
                <p className="text-xs text-slate-600">{limitsText(t)}</p>
              </div>
              {revokeButton(t)}
            </div>
            <CredentialDatesList dates={t} />
          </li>
        ))}
      </ul>
      <div className="hidden sm:block">
        <Table caption="Access tokens">
          <THead>
            <Tr>
              <Th>Name</Th>
              <Th>Token</Th>
              <Th>May</Th>
              <Th>Created</Th>
              <Th>Last used</Th>
              <Th>Expires</Th>
              <Th className="text-right">
                <span className="sr-only">Actions</span>
              </Th>
            </Tr>
          </THead>
          <TBody>
            {rows.map((t) => (
              <Tr key={t.id}>
                <Td className="font-medium text-slate-900">{t.name}</Td>
                <Td>
                  <code className="font-mono text-xs whitespace-nowrap text-slate-700">{t.tokenPrefix}…</code>
                </Td>
                <Td className="text-xs text-slate-700">{limitsText(t)}</Td>
                <CredentialDateCells dates={t} />
                <Td className="text-right">{revokeButton(t)}</Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      </div>
    </>
  );
}
