"use client";
import { Badge, StatusChip } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { formatDate, formatDateTime, formatRelative, isPast } from "@/lib/client/format";
import type { ApiKeyRow } from "./types";

function Expiry({ at }: { at: string | null }) {
  if (!at) return <span className="text-slate-500">Never</span>;
  if (isPast(at)) return <StatusChip status="expired" />;
  return <span title={formatDateTime(at)}>{formatDate(at)}</span>;
}

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

/** Keys as a table from the sm breakpoint and as stacked cards on phones. */
export function ApiKeysList({ rows, onRevoke }: { rows: ApiKeyRow[]; onRevoke: (row: ApiKeyRow) => void }) {
  const revokeButton = (k: ApiKeyRow) => (
    <Button variant="secondary" size="sm" onClick={() => onRevoke(k)} aria-label={`Revoke ${k.name}`}>
      Revoke
    </Button>
  );
  return (
    <>
      <ul className="divide-y divide-slate-100 sm:hidden" aria-label="API keys">
        {rows.map((k) => (
          <li key={k.id} className="space-y-3 px-4 py-4">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="font-medium text-slate-900">{k.name}</p>
                <code className="font-mono text-xs text-slate-600">{k.keyPrefix}…</code>
              </div>
              {revokeButton(k)}
            </div>
            <Scopes scopes={k.scopes} />
            <dl className="grid grid-cols-3 gap-2 text-xs">
              <div>
                <dt className="text-slate-500">Created</dt>
                <dd className="text-slate-800">{formatDate(k.createdAt)}</dd>
              </div>
              <div>
                <dt className="text-slate-500">Last used</dt>
                <dd className="text-slate-800">{formatRelative(k.lastUsedAt)}</dd>
              </div>
              <div>
                <dt className="text-slate-500">Expires</dt>
                <dd className="text-slate-800">
                  <Expiry at={k.expiresAt} />
                </dd>
              </div>
            </dl>
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
                <Td className="font-medium text-slate-900">{k.name}</Td>
                <Td>
                  <code className="font-mono text-xs whitespace-nowrap text-slate-700">{k.keyPrefix}…</code>
                </Td>
                <Td>
                  <Scopes scopes={k.scopes} />
                </Td>
                <Td className="whitespace-nowrap" title={formatDateTime(k.createdAt)}>
                  {formatDate(k.createdAt)}
                </Td>
                <Td className="whitespace-nowrap" title={formatDateTime(k.lastUsedAt)}>
                  {formatRelative(k.lastUsedAt)}
                </Td>
                <Td className="whitespace-nowrap">
                  <Expiry at={k.expiresAt} />
                </Td>
                <Td className="text-right">{revokeButton(k)}</Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      </div>
    </>
  );
}
