"use client";
import { useQuery } from "@tanstack/react-query";
import { Fragment, useState, type FormEvent } from "react";
import { StatusChip } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Checkbox } from "@/components/ui/checkbox";
import { Input, Label, Select } from "@/components/ui/field";
import { PageHeader } from "@/components/ui/page-header";
import { QueryStates } from "@/components/ui/query-states";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { apiFetch } from "@/lib/client/api-fetch";
import { formatDateTime } from "@/lib/client/format";
import { pollingOptions } from "@/lib/client/polling";
import { KEYS_QUERY, TOKENS_QUERY } from "@/components/developer/types";

/** Rows land about a second after a call: poll gently while the tab is visible. */
const POLLING = pollingOptions(3_000, 30_000);

export interface LoggedRequest {
  request_id: string;
  at: string;
  method: string;
  path: string;
  status: number;
  latency_ms: number;
  credential: { type: string; id: number | null; prefix: string | null };
  billing_units: number;
  error_code: string | null;
  error_message: string | null;
  source: "api" | "portal" | "playground";
}
interface Page {
  data: { requests: LoggedRequest[]; has_more: boolean; next_cursor: string | null };
}

const tone = (s: number) => (s >= 500 ? "danger" : s >= 400 ? "warning" : "success");
const SOURCE_LABEL = { api: "API", portal: "Portal", playground: "Playground" } as const;

/** "key:12" / "token:7" in the credential select -> the key_id / token_id query parameter. */
function credentialParam(v: string): Record<string, string> {
  const [kind, id] = v.split(":");
  return kind === "key" ? { key_id: id } : kind === "token" ? { token_id: id } : {};
}

export interface RequestFilters {
  status: string;
  path: string;
  request_id: string;
  /** "", "key:<id>" or "token:<id>". */
  credential: string;
  portal_reads: boolean;
}

/** The request log: filter by status, path, request id, credential; a row opens its details. The portal's own reads are hidden unless asked for. */
export function RequestsPanel({ initial }: { initial: Partial<RequestFilters> }) {
  const [filters, setFilters] = useState<RequestFilters>({
    status: "",
    path: "",
    request_id: "",
    credential: "",
    portal_reads: false,
    ...initial,
  });
  const [cursor, setCursor] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(initial.request_id || null);
  const credentials = useCredentialOptions();
  const params = {
    status: filters.status,
    path: filters.path,
    request_id: filters.request_id,
    ...credentialParam(filters.credential),
    ...(filters.portal_reads ? { portal_reads: "true" } : {}),
    ...(cursor ? { cursor } : {}),
  };
  const qs = new URLSearchParams(Object.entries(params).filter(([, v]) => v));
  const q = useQuery({
    queryKey: ["requests", qs.toString()],
    queryFn: () => apiFetch<Page>(`/v1/requests?${qs}`),
    ...POLLING,
  });

  function apply(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    setCursor(null);
    setFilters({
      status: String(f.get("status") ?? ""),
      path: String(f.get("path") ?? "").trim(),
      request_id: String(f.get("request_id") ?? "").trim(),
      credential: String(f.get("credential") ?? ""),
      portal_reads: f.get("portal_reads") === "on",
    });
  }

  return (
    <>
      <PageHeader
        title="Request log"
        description="Every API call made for your account, with any key, token or this portal, kept 7 days. Bodies and headers are never stored."
      />
      <Card>
        <form
          onSubmit={apply}
          className="grid gap-3 border-b border-slate-200 p-4 sm:grid-cols-2 sm:items-end sm:p-6 lg:grid-cols-4"
          aria-label="Filter requests"
        >
          <div className="space-y-1.5">
            <Label htmlFor="rq-status">Status</Label>
            <Select id="rq-status" name="status" defaultValue={filters.status}>
              <option value="">Any</option>
              <option value="2xx">2xx</option>
              <option value="4xx">4xx</option>
              <option value="5xx">5xx</option>
            </Select>
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="rq-path">Path starts with</Label>
            <Input id="rq-path" name="path" placeholder="/v1/weather" defaultValue={filters.path} />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="rq-id">Request id</Label>
            <Input id="rq-id" name="request_id" placeholder="X-Request-Id" defaultValue={filters.request_id} />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="rq-credential">Key or token</Label>
            {/* Keyed by the options so the initial choice (from ?key_id=) shows once they have loaded. */}
            <Select key={credentials.length} id="rq-credential" name="credential" defaultValue={filters.credential}>
              <option value="">Any</option>
              {credentials.map((c) => (
                <option key={c.value} value={c.value}>
                  {c.label}
                </option>
              ))}
            </Select>
          </div>
          <Checkbox
            className="sm:col-span-2 lg:col-span-3"
            name="portal_reads"
            defaultChecked={filters.portal_reads}
            label="Show the portal's own reads"
            description="Pages of this portal read the API as you browse; they are hidden unless you tick this."
          />
          <Button type="submit" variant="secondary">
            Apply filters
          </Button>
        </form>
        <CardHeader title="Requests" description="Newest first; rows appear within a second or two of the call." />
        <QueryStates
          query={q}
          what="requests"
          isEmpty={(d) => d.data.requests.length === 0}
          empty={
            <EmptyState
              title="No requests match"
              description="Change the filters, or make a call with one of your keys."
            />
          }
        >
          {(d) => (
            <>
              <Table caption="Logged requests" stacked>
                <THead>
                  <Tr>
                    <Th>Status</Th>
                    <Th>Request</Th>
                    <Th>Time</Th>
                    <Th>Latency</Th>
                    <Th>Source</Th>
                    <Th>Credential</Th>
                    <Th>Details</Th>
                  </Tr>
                </THead>
                <TBody>
                  {d.data.requests.map((r) => (
                    <RequestRow
                      key={r.request_id}
                      r={r}
                      open={open === r.request_id}
                      onToggle={() => setOpen(open === r.request_id ? null : r.request_id)}
                    />
                  ))}
                </TBody>
              </Table>
              {(cursor || d.data.has_more) && (
                <div className="flex gap-2 p-4">
                  {cursor && (
                    <Button variant="secondary" size="sm" onClick={() => setCursor(null)}>
                      First page
                    </Button>
                  )}
                  {d.data.has_more && (
                    <Button variant="secondary" size="sm" onClick={() => setCursor(d.data.next_cursor)}>
                      Older
                    </Button>
                  )}
                </div>
              )}
            </>
          )}
        </QueryStates>
      </Card>
    </>
  );
}

function RequestRow({ r, open, onToggle }: { r: LoggedRequest; open: boolean; onToggle: () => void }) {
  return (
    <>
      <Tr>
        <Td label="Status">
          <StatusChip status={String(r.status)} tone={tone(r.status)} />
        </Td>
        <Td label="Request" className="min-w-0">
          {/* One block: on phones the stacked cell is a flex row, and the path and the error beside it squeezed the path into mid-word breaks. */}
          <div className="min-w-0">
            <span className="font-mono text-xs break-words" title={`${r.method} ${r.path}`}>
              {r.method} <PathWithBreaks path={r.path} />
            </span>
            {r.error_code && (
              <span className="mt-1 block text-xs text-slate-700">
                <code className="font-mono font-semibold text-red-800">{r.error_code}</code>
                {r.error_message ? <span className="break-words">: {r.error_message}</span> : null}
              </span>
            )}
          </div>
        </Td>
        <Td label="Time" className="whitespace-nowrap">
          {formatDateTime(r.at)}
        </Td>
        <Td label="Latency" className="whitespace-nowrap">
          {r.latency_ms} ms
        </Td>
        <Td label="Source">{SOURCE_LABEL[r.source]}</Td>
        <Td label="Credential">
          <span className="font-mono text-xs">
            {r.credential.prefix ? `${r.credential.prefix}…` : r.credential.type}
          </span>
        </Td>
        <Td label="Details">
          <Button variant="ghost" size="sm" aria-expanded={open} onClick={onToggle}>
            {open ? "Hide" : "Details"}
          </Button>
        </Td>
      </Tr>
      {open && (
        <Tr>
          <Td colSpan={7} className="min-w-0 bg-slate-50 max-sm:block">
            <dl className="grid gap-x-6 gap-y-1 text-xs sm:grid-cols-2" aria-label={`Request ${r.request_id}`}>
              <div>
                <dt className="inline font-semibold">Request id: </dt>
                <dd className="inline font-mono break-all">{r.request_id}</dd>
              </div>
              <div>
                <dt className="inline font-semibold">Status: </dt>
                <dd className="inline">
                  {r.status}
                  {r.error_code ? ` (${r.error_code})` : ""}
                </dd>
              </div>
              {r.error_message && (
                <div className="sm:col-span-2">
                  <dt className="inline font-semibold">Error: </dt>
                  <dd className="inline break-words">{r.error_message}</dd>
                </div>
              )}
              <div>
                <dt className="inline font-semibold">Source: </dt>
                <dd className="inline">{SOURCE_LABEL[r.source]}</dd>
              </div>
              <div>
                <dt className="inline font-semibold">Latency: </dt>
                <dd className="inline">{r.latency_ms} ms</dd>
              </div>
              <div>
                <dt className="inline font-semibold">Credential: </dt>
                <dd className="inline">
                  {r.credential.type}
                  {r.credential.prefix ? ` ${r.credential.prefix}…` : ""}
                </dd>
              </div>
              <div>
                <dt className="inline font-semibold">Billing units: </dt>
                <dd className="inline">{r.billing_units}</dd>
              </div>
              <div>
                <dt className="inline font-semibold">Time: </dt>
                <dd className="inline">{r.at}</dd>
              </div>
            </dl>
          </Td>
        </Tr>
      )}
    </>
  );
}

/** A path that wraps after a slash, never inside a segment ("/v1/we bhook s"); a single segment longer than the line still wraps (break-words). */
function PathWithBreaks({ path }: { path: string }) {
  const parts = path.split("/");
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {part}
          {i < parts.length - 1 && (
            <>
              /<wbr />
            </>
          )}
        </Fragment>
      ))}
    </>
  );
}

interface Named {
  id: number;
  name: string;
}

/** The user's keys and tokens as options of the credential filter (names, never secrets). */
function useCredentialOptions(): Array<{ value: string; label: string }> {
  const keys = useQuery({
    queryKey: KEYS_QUERY,
    queryFn: () => apiFetch<Array<Named & { keyPrefix: string }>>("/api/developer/keys"),
  });
  const tokens = useQuery({
    queryKey: TOKENS_QUERY,
    queryFn: () => apiFetch<Array<Named & { tokenPrefix: string }>>("/api/developer/tokens"),
  });
  return [
    ...(keys.data ?? []).map((k) => ({ value: `key:${k.id}`, label: `Key ${k.name} (${k.keyPrefix}…)` })),
    ...(tokens.data ?? []).map((t) => ({ value: `token:${t.id}`, label: `Token ${t.name} (${t.tokenPrefix}…)` })),
  ];
}
