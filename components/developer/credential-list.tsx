"use client";
import type { ReactNode } from "react";
import { Can } from "@/components/team/can";
import { Button } from "@/components/ui/button";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { CredentialDateCells, CredentialDatesList, type CredentialDates } from "./credential-dates";

/** What the list needs of a credential (an API key or an access token). */
interface CredentialRow extends CredentialDates {
  id: string | number;
  name: string;
}

/**
 * A list of credentials: a table from the sm breakpoint and stacked cards on phones, with the
 * dates and a Revoke button on each. The API keys and the access tokens lists differ only in the
 * columns described here.
 */
export function CredentialList<R extends CredentialRow>(props: {
  rows: R[];
  onRevoke: (row: R) => void;
  /** "API keys" / "Access tokens": the table's caption and the cards' label. */
  caption: string;
  /** Header of the prefix column ("Key", "Token"). */
  prefixHeader: string;
  prefix: (row: R) => string;
  /** Header of the limits column ("Scopes", "May"). */
  limitsHeader: string;
  limits: (row: R) => ReactNode;
  /** On a card, whether the limits sit under the prefix (short text) or below the card's header (badges). */
  limitsOnCard: "inline" | "below";
  /** The name as shown (e.g. a link to the credential's page). */
  name?: (row: R) => ReactNode;
}) {
  const { rows, onRevoke, caption, prefix, limits } = props;
  const name = props.name ?? ((r: R) => r.name);
  const revokeButton = (r: R) => (
    // Hidden from roles that cannot revoke (the server refuses them too).
    <Can action="credentials.manage">
      <Button variant="secondary" size="sm" onClick={() => onRevoke(r)} aria-label={`Revoke ${r.name}`}>
        Revoke
      </Button>
    </Can>
  );
  return (
    <>
      <ul className="divide-y divide-slate-100 sm:hidden" aria-label={caption}>
        {rows.map((r) => (
          <li key={r.id} className="space-y-3 px-4 py-4">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="font-medium text-slate-900">{name(r)}</p>
                <code className="font-mono text-xs text-slate-600">{prefix(r)}…</code>
                {props.limitsOnCard === "inline" && <p className="text-xs text-slate-600">{limits(r)}</p>}
              </div>
              {revokeButton(r)}
            </div>
            {props.limitsOnCard === "below" && limits(r)}
            <CredentialDatesList dates={r} />
          </li>
        ))}
      </ul>
      <div className="hidden sm:block">
        <Table caption={caption}>
          <THead>
            <Tr>
              <Th>Name</Th>
              <Th>{props.prefixHeader}</Th>
              <Th>{props.limitsHeader}</Th>
              <Th>Created</Th>
              <Th>Last used</Th>
              <Th>Expires</Th>
              <Th className="text-right">
                <span className="sr-only">Actions</span>
              </Th>
            </Tr>
          </THead>
          <TBody>
            {rows.map((r) => (
              <Tr key={r.id}>
                <Td className="font-medium text-slate-900">{name(r)}</Td>
                <Td>
                  <code className="font-mono text-xs whitespace-nowrap text-slate-700">{prefix(r)}…</code>
                </Td>
                <Td className={props.limitsOnCard === "inline" ? "text-xs text-slate-700" : undefined}>{limits(r)}</Td>
                <CredentialDateCells dates={r} />
                <Td className="text-right">{revokeButton(r)}</Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      </div>
    </>
  );
}
