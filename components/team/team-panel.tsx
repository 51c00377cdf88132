"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field, Input, Select } from "@/components/ui/field";
import { PageHeader } from "@/components/ui/page-header";
import { Spinner } from "@/components/ui/spinner";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { ACCOUNT_ROLES, type AccountRole } from "@/lib/accounts/permission-table";
import { apiFetch, errorMessage } from "@/lib/client/api-fetch";
import { formatDate } from "@/lib/client/format";
import { useCan, useMembership } from "./role-context";

interface Member {
  user_id: string;
  email: string;
  name: string | null;
  role: AccountRole;
  joined_at: string;
}
interface Invitation {
  invitation_id: string;
  email: string;
  role: AccountRole;
  expires_at: string;
  status: "pending" | "expired";
}

const MEMBERS = ["team", "members"];
const INVITATIONS = ["team", "invitations"];

/** The Team page: members and their roles, invitations, leaving. Controls follow the permission table. */
export function TeamPanel() {
  const me = useMembership();
  const manage = useCan("members.manage");
  const transfer = useCan("members.transfer_ownership");
  const qc = useQueryClient();
  const members = useQuery({
    queryKey: MEMBERS,
    queryFn: async () => (await apiFetch<{ data: Member[] }>("/api/account/members")).data,
  });
  const invitations = useQuery({
    queryKey: INVITATIONS,
    enabled: manage,
    queryFn: async () => (await apiFetch<{ data: Invitation[] }>("/api/account/invitations")).data,
  });
  const [error, setError] = useState<string | null>(null);
  const refresh = () => {
    setError(null);
    void qc.invalidateQueries({ queryKey: ["team"] });
  };
  const change = useMutation({
    mutationFn: (v: { userId: string; role: AccountRole }) =>
      apiFetch(`/api/account/members/${v.userId}`, { method: "PATCH", body: { role: v.role } }),
    onSuccess: refresh,
    onError: (e) => setError(errorMessage(e)),
  });
  const remove = useMutation({
    mutationFn: (userId: string) => apiFetch(`/api/account/members/${userId}`, { method: "DELETE" }),
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination -- a full load on purpose: the session changed, no cached query may survive
    onSuccess: (_v, userId) => (userId === me?.userId ? window.location.assign("/keys") : refresh()),
    onError: (e) => setError(errorMessage(e)),
  });
  const revoke = useMutation({
    mutationFn: (id: string) => apiFetch(`/api/account/invitations/${id}`, { method: "DELETE" }),
    onSuccess: refresh,
    onError: (e) => setError(errorMessage(e)),
  });

  const roleChoices = (current: AccountRole) =>
    ACCOUNT_ROLES.filter((r) => transfer || (r !== "owner" && current !== "owner"));

  return (
    <>
      <PageHeader
        title="Team"
        description="Who can use this account, and what each person may do. API keys are the account's and keep working whoever leaves."
      />
      {error && (
        <Alert tone="danger" className="mb-4">
          {error}
        </Alert>
      )}
      <Card>
        {members.isPending ? (
          <p className="flex items-center gap-2 px-6 py-10 text-sm text-slate-500" role="status">
            <Spinner /> Loading members…
          </p>
        ) : members.isError ? (
          <div className="p-4">
            <Alert tone="danger">{errorMessage(members.error)}</Alert>
          </div>
        ) : (
          <Table caption="Members" stacked>
            <THead>
              <Tr>
                <Th>Member</Th>
                <Th>Role</Th>
                <Th>Joined</Th>
                <Th className="text-right">
                  <span className="sr-only">Actions</span>
                </Th>
              </Tr>
            </THead>
            <TBody>
              {members.data.map((m) => {
                const self = m.user_id === me?.userId;
                const editable = manage && (transfer || m.role !== "owner");
                return (
                  <Tr key={m.user_id} data-member-email={m.email}>
                    <Td label="Member" className="font-medium text-slate-900">
                      {m.name ? `${m.name} · ` : ""}
                      {m.email}
                      {self && <span className="ml-1 text-xs text-slate-500">(you)</span>}
                    </Td>
                    <Td label="Role">
                      {editable ? (
                        <Select
                          aria-label={`Role of ${m.email}`}
                          value={m.role}
                          disabled={change.isPending}
                          onChange={(e) => change.mutate({ userId: m.user_id, role: e.target.value as AccountRole })}
                        >
                          {roleChoices(m.role).map((r) => (
                            <option key={r} value={r}>
                              {r}
                            </option>
                          ))}
                        </Select>
                      ) : (
                        <span className="text-sm text-slate-700">{m.role}</span>
                      )}
                    </Td>
                    <Td label="Joined">{formatDate(m.joined_at)}</Td>
                    <Td className="sm:text-right">
                      {self ? (
                        <Button
                          variant="secondary"
                          size="sm"
                          onClick={() =>
                            window.confirm("Leave this account? You lose access at once.") && remove.mutate(m.user_id)
                          }
                        >
                          Leave
                        </Button>
                      ) : editable ? (
                        <Button
                          variant="secondary"
                          size="sm"
                          aria-label={`Remove ${m.email}`}
                          onClick={() =>
                            window.confirm(`Remove ${m.email}? Their sessions in this account end at once.`) &&
                            remove.mutate(m.user_id)
                          }
                        >
                          Remove
                        </Button>
                      ) : null}
                    </Td>
                  </Tr>
                );
              })}
            </TBody>
          </Table>
        )}
      </Card>

      {manage && (
        <>
          <h2 className="mt-8 mb-3 text-base font-semibold text-slate-900">Invitations</h2>
          <InviteForm canInviteOwner={transfer} onSent={refresh} />
          <Card>
            {invitations.data && invitations.data.length > 0 ? (
              <Table caption="Pending invitations" stacked>
                <THead>
                  <Tr>
                    <Th>Email</Th>
                    <Th>Role</Th>
                    <Th>Expires</Th>
                    <Th className="text-right">
                      <span className="sr-only">Actions</span>
                    </Th>
                  </Tr>
                </THead>
                <TBody>
                  {invitations.data.map((i) => (
                    <Tr key={i.invitation_id} data-invitation-email={i.email}>
                      <Td label="Email">{i.email}</Td>
                      <Td label="Role">{i.role}</Td>
                      <Td label="Expires">{i.status === "expired" ? "expired" : formatDate(i.expires_at)}</Td>
                      <Td className="sm:text-right">
                        <Button
                          variant="secondary"
                          size="sm"
                          aria-label={`Revoke the invitation of ${i.email}`}
                          onClick={() => revoke.mutate(i.invitation_id)}
                        >
                          Revoke
                        </Button>
                      </Td>
                    </Tr>
                  ))}
                </TBody>
              </Table>
            ) : (
              <p className="px-6 py-6 text-sm text-slate-500">No pending invitations.</p>
            )}
          </Card>
        </>
      )}
    </>
  );
}

function InviteForm({ canInviteOwner, onSent }: { canInviteOwner: boolean; onSent: () => void }) {
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<AccountRole>("developer");
  const [sent, setSent] = useState<string | null>(null);
  const invite = useMutation({
    mutationFn: () =>
      apiFetch<{ email: string }>("/api/account/invitations", { method: "POST", body: { email, role } }),
    onSuccess: (r) => {
      setSent(r.email);
      setEmail("");
      onSent();
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSent(null);
    invite.mutate();
  };
  return (
    <form onSubmit={submit} className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end" aria-label="Invite someone">
      <Field label="Email" className="flex-1" required>
        {(p) => (
          <Input
            {...p}
            type="email"
            name="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            autoComplete="off"
          />
        )}
      </Field>
      <Field label="Role">
        {(p) => (
          <Select {...p} name="role" value={role} onChange={(e) => setRole(e.target.value as AccountRole)}>
            {ACCOUNT_ROLES.filter((r) => canInviteOwner || r !== "owner").map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Button type="submit" loading={invite.isPending}>
        Send invitation
      </Button>
      <div className="sr-only" role="status">
        {sent ? `Invitation sent to ${sent}` : ""}
      </div>
      {sent && <p className="text-sm text-emerald-700">Invitation sent to {sent}.</p>}
      {invite.isError && <p className="text-sm text-red-700">{errorMessage(invite.error)}</p>}
    </form>
  );
}
