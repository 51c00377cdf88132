"use client";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Input, Label, Select } from "@/components/ui/field";
import { PageHeader } from "@/components/ui/page-header";
import { QueryStates } from "@/components/ui/query-states";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { apiFetch } from "@/lib/client/api-fetch";
import { formatDateTime } from "@/lib/client/format";
import { useCan } from "@/components/team/role-context";
import { Alert } from "@/components/ui/alert";

export interface AuditEvent {
  audit_event_id: string;
  at: string;
  action: string;
  actor: string;
  actor_label: string | null;
  credential: string;
  ip: string | null;
  target: string;
  request_id: string;
  summary: Record<string, unknown>;
}
interface Page {
  data: { audit_events: AuditEvent[]; has_more: boolean; next_cursor: string | null };
}

/** The resources whose actions the log records (the action filter's choices: every action of one resource). */
const RESOURCES: Array<[string, string]> = [
  ["api_key.", "API keys"],
  ["access_token.", "Access tokens"],
  ["visa_key.", "Visa keys"],
  ["webhook_endpoint.", "Webhook endpoints"],
  ["webhook_secret.", "Webhook secrets"],
  ["watch_signing_secret.", "Watch signing secret"],
  ["watch.", "Watches"],
  ["simulation.", "Simulations"],
  ["trip.", "Trips"],
  ["trip_member.", "Trip members"],
  ["member.", "Members"],
  ["invitation.", "Invitations"],
  ["user.", "Users (password resets)"],
  ["account.", "Account"],
  ["plan.", "Plan"],
];

/** "user:1a2b…" -> "user 1a2b3c4d"; the full value stays in the title. */
const short = (ref: string) => {
  const [kind, id = ""] = ref.split(/:(.*)/s);
  return id.length > 12 ? `${kind} ${id.slice(0, 8)}…` : ref.replace(":", " ");
};

/** The audit log: who changed what, with which credential and request; filter by actor, resource, target, since. */
export function AuditPanel() {
  const [filters, setFilters] = useState({ action: "", actor: "", target: "", since: "" });
  const [cursor, setCursor] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const qs = new URLSearchParams(Object.entries({ ...filters, ...(cursor ? { cursor } : {}) }).filter(([, v]) => v));
  const mayRead = useCan("audit.read");
  const q = useQuery({
    queryKey: ["audit-events", qs.toString()],
    queryFn: () => apiFetch<Page>(`/v1/audit-events?${qs}`),
    enabled: mayRead,
  });

  function apply(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const day = String(f.get("since") ?? "");
    setCursor(null);
    setFilters({
      action: String(f.get("action") ?? ""),
      actor: String(f.get("actor") ?? "").trim(),
      target: String(f.get("target") ?? "").trim(),
      since: day ? `${day}T00:00:00Z` : "",
    });
  }

  if (!mayRead) {
    return (
      <>
        <PageHeader title="Audit log" />
        <Alert tone="info">
          The audit log is for the account&apos;s owners and admins. Ask one of them if you need to know who changed
          what.
        </Alert>
      </>
    );
  }
  return (
    <>
      <PageHeader
        title="Audit log"
        description="Every change to this account — keys, tokens, webhook endpoints and their secrets, watches, simulations, trip members, plan — and every secret reveal: who, with which credential, from where, in which request. Kept a year; nothing in it can be edited. Secrets are never recorded."
      />
      <Card>
        <form
          onSubmit={apply}
          className="grid gap-3 border-b border-slate-200 p-4 sm:grid-cols-5 sm:items-end sm:p-6"
          aria-label="Filter the audit log"
        >
          <div className="space-y-1.5">
            <Label htmlFor="au-action">What</Label>
            <Select id="au-action" name="action" defaultValue={filters.action}>
              <option value="">Everything</option>
              {RESOURCES.map(([v, label]) => (
                <option key={v} value={v}>
                  {label}
                </option>
              ))}
            </Select>
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="au-actor">Actor</Label>
            <Input id="au-actor" name="actor" placeholder="user:… or api_key:…" defaultValue={filters.actor} />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="au-target">Target</Label>
            <Input id="au-target" name="target" placeholder="webhook_endpoint:…" defaultValue={filters.target} />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="au-since">Since</Label>
            <Input id="au-since" name="since" type="date" defaultValue={filters.since.slice(0, 10)} />
          </div>
          <Button type="submit" variant="secondary">
            Apply filters
          </Button>
        </form>
        <CardHeader title="Changes" description="Newest first." />
        <QueryStates
          query={q}
          what="audit records"
          isEmpty={(d) => d.data.audit_events.length === 0}
          empty={
            <EmptyState
              title="Nothing recorded yet"
              description="Changes to keys, webhooks, watches and the account appear here as they happen."
            />
          }
        >
          {(d) => (
            <>
              <Table caption="Audit records" stacked>
                <THead>
                  <Tr>
                    <Th>Time</Th>
                    <Th>Action</Th>
                    <Th>Actor</Th>
                    <Th>Target</Th>
                    <Th>Request</Th>
                    <Th>Details</Th>
                  </Tr>
                </THead>
                <TBody>
                  {d.data.audit_events.map((e) => (
                    <AuditRow
                      key={e.audit_event_id}
                      e={e}
                      open={open === e.audit_event_id}
                      onToggle={() => setOpen(open === e.audit_event_id ? null : e.audit_event_id)}
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

function AuditRow({ e, open, onToggle }: { e: AuditEvent; open: boolean; onToggle: () => void }) {
  const fromRequest = !e.request_id.startsWith("cli-");
  return (
    <>
      <Tr>
        <Td label="Time" className="whitespace-nowrap">
          {formatDateTime(e.at)}
        </Td>
        <Td label="Action" className="font-mono text-xs break-all">
          {e.action}
        </Td>
        <Td label="Actor" className={e.actor_label ? "text-xs break-all" : "font-mono text-xs"}>
          <span title={`${e.actor} (${e.credential})`}>{e.actor_label ?? short(e.actor)}</span>
        </Td>
        <Td label="Target" className="font-mono text-xs">
          <span title={e.target}>{short(e.target)}</span>
        </Td>
        <Td label="Request" className="font-mono text-xs">
          {fromRequest ? (
            <Link className="text-sky-700 underline" href={`/requests?request_id=${e.request_id}`} title={e.request_id}>
              {e.request_id.slice(0, 8)}…
            </Link>
          ) : (
            "admin CLI"
          )}
        </Td>
        <Td label="Details">
          <Button variant="ghost" size="sm" aria-expanded={open} onClick={onToggle}>
            {open ? "Hide" : "Details"}
          </Button>
        </Td>
      </Tr>
      {open && (
        <Tr>
          <Td colSpan={6} className="min-w-0 bg-slate-50 max-sm:block">
            <dl className="grid gap-x-6 gap-y-1 text-xs sm:grid-cols-2" aria-label={`Audit record ${e.audit_event_id}`}>
              <div>
                <dt className="inline font-semibold">Actor: </dt>
                <dd className="inline break-all">
                  {e.actor_label && <>{e.actor_label} · </>}
                  <span className="font-mono">{e.actor}</span>
                </dd>
              </div>
              <div>
                <dt className="inline font-semibold">Credential: </dt>
                <dd className="inline font-mono break-all">{e.credential}</dd>
              </div>
              <div>
                <dt className="inline font-semibold">Target: </dt>
                <dd className="inline font-mono break-all">{e.target}</dd>
              </div>
              <div>
                <dt className="inline font-semibold">IP: </dt>
                <dd className="inline font-mono">{e.ip ?? "not reported"}</dd>
              </div>
              <div>
                <dt className="inline font-semibold">Request id: </dt>
                <dd className="inline font-mono break-all">{e.request_id}</dd>
              </div>
              <div>
                <dt className="inline font-semibold">Time: </dt>
                <dd className="inline">{e.at}</dd>
              </div>
              <div className="sm:col-span-2">
                <dt className="font-semibold">Change: </dt>
                <dd>
                  <pre className="font-mono whitespace-pre-wrap break-all">{JSON.stringify(e.summary, null, 2)}</pre>
                </dd>
              </div>
            </dl>
          </Td>
        </Tr>
      )}
    </>
  );
}
