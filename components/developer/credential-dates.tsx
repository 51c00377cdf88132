import { StatusChip } from "@/components/ui/badge";
import { Td } from "@/components/ui/table";
import { formatDate, formatDateTime, formatRelative, isPast } from "@/lib/client/format";

/** When a credential (API key, access token) was made, last used and expires. */
export interface CredentialDates {
  createdAt: string;
  lastUsedAt: string | null;
  expiresAt: string | null;
}

function Expiry({ at }: { at: string | null }) {
  if (!at) return <span className="text-slate-500">Never</span>;
  if (isPast(at)) return <StatusChip status="expired" />;
  return <span title={formatDateTime(at)}>{formatDate(at)}</span>;
}

/** The three dates on a phone-width card. */
export function CredentialDatesList({ dates }: { dates: CredentialDates }) {
  return (
    <dl className="grid grid-cols-3 gap-2 text-xs">
      <div>
        <dt className="text-slate-500">Created</dt>
        <dd className="text-slate-800">{formatDate(dates.createdAt)}</dd>
      </div>
      <div>
        <dt className="text-slate-500">Last used</dt>
        <dd className="text-slate-800">{formatRelative(dates.lastUsedAt)}</dd>
      </div>
      <div>
        <dt className="text-slate-500">Expires</dt>
        <dd className="text-slate-800">
          <Expiry at={dates.expiresAt} />
        </dd>
      </div>
    </dl>
  );
}

/** The three dates as table cells (Created, Last used, Expires). */
export function CredentialDateCells({ dates }: { dates: CredentialDates }) {
  return (
    <>
      <Td className="whitespace-nowrap" title={formatDateTime(dates.createdAt)}>
        {formatDate(dates.createdAt)}
      </Td>
      <Td className="whitespace-nowrap" title={formatDateTime(dates.lastUsedAt)}>
        {formatRelative(dates.lastUsedAt)}
      </Td>
      <Td className="whitespace-nowrap">
        <Expiry at={dates.expiresAt} />
      </Td>
    </>
  );
}
