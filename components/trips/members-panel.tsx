"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/dialog";
import { Field, Input, Select } from "@/components/ui/field";
import { apiFetch, errorMessage } from "@/lib/client/api-fetch";
import { useMembership } from "@/components/team/role-context";
import { TRIP_ROLES, tripKeys, type Member, type TripRole } from "./types";

/** Members and roles; only owners see the controls (the API enforces it too). */
export function MembersPanel({ tripId, isOwner }: { tripId: number; isOwner: boolean }) {
  const qc = useQueryClient();
  const members = useQuery({
    queryKey: tripKeys.members(tripId),
    queryFn: () => apiFetch<{ members: Member[] }>(`/v1/trips/${tripId}/members`),
  });
  const [role, setRole] = useState<TripRole>("editor");
  const [removing, setRemoving] = useState<Member | null>(null);
  const [emailError, setEmailError] = useState<string | null>(null);
  const me = useMembership()?.userId;
  const refresh = () => void qc.invalidateQueries({ queryKey: tripKeys.members(tripId) });
  const invite = useMutation({
    mutationFn: (body: { email: string; role: TripRole }) =>
      apiFetch(`/v1/trips/${tripId}/members`, { method: "POST", body }),
    onSuccess: refresh,
  });
  const change = useMutation({
    mutationFn: ({ userId, role: r }: { userId: string; role: TripRole | null }) =>
      apiFetch(
        `/v1/trips/${tripId}/members/${userId}`,
        r ? { method: "PATCH", body: { role: r } } : { method: "DELETE" },
      ),
    onSettled: refresh,
  });

  function onInvite(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const email = String(new FormData(form).get("email") ?? "").trim();
    // An empty submit says what is missing instead of doing nothing.
    if (!email) return setEmailError("Enter the email address of the person to add.");
    setEmailError(null);
    invite.mutate({ email, role }, { onSuccess: () => form.reset() });
  }

  const error = invite.error ?? change.error;
  return (
    <Card>
      <CardHeader
        title="Members"
        description="Owners manage members; planners and editors change the itinerary; viewers read."
      />
      <div className="space-y-4 p-4 sm:p-6">
        {error && <Alert tone="danger">{errorMessage(error)}</Alert>}
        {members.isError && <Alert tone="danger">{errorMessage(members.error)}</Alert>}
        {/* A list, not a table: the panel sits in a narrow column, so each member wraps onto two lines when needed. */}
        <ul aria-label="Trip members" className="divide-y divide-slate-100 rounded-md ring-1 ring-slate-200">
          {(members.data?.members ?? []).map((m) => (
            <li key={m.user_id} className="flex flex-wrap items-center gap-x-3 gap-y-2 px-3 py-2.5">
              <span className="min-w-40 flex-1 text-sm text-slate-800 [overflow-wrap:anywhere]">
                {m.name ? `${m.name} (${m.email})` : m.email}
                {m.user_id === me && <span className="ml-1 text-slate-600">(you)</span>}
              </span>
              {/* An owner does not remove or demote themself here: the trip must keep an owner, and leaving is a separate choice. */}
              {isOwner && m.user_id !== me ? (
                <span className="flex items-center gap-2">
                  <Select
                    aria-label={`Role of ${m.email}`}
                    value={m.role}
                    onChange={(e) => change.mutate({ userId: m.user_id, role: e.target.value as TripRole })}
                    className="w-32"
                  >
                    {TRIP_ROLES.map((r) => (
                      <option key={r}>{r}</option>
                    ))}
                  </Select>
                  <Button variant="secondary" size="sm" onClick={() => setRemoving(m)} aria-label={`Remove ${m.email}`}>
                    Remove
                  </Button>
                </span>
              ) : (
                <Badge>{m.role}</Badge>
              )}
            </li>
          ))}
        </ul>
        <ConfirmDialog
          open={removing !== null}
          title={`Remove ${removing?.email ?? "this member"} from the trip?`}
          description="They lose access to the itinerary at once; you can invite them again later."
          confirmLabel="Remove member"
          destructive
          pending={change.isPending}
          onCancel={() => setRemoving(null)}
          onConfirm={() =>
            removing && change.mutate({ userId: removing.user_id, role: null }, { onSettled: () => setRemoving(null) })
          }
        />
        {isOwner && (
          <form onSubmit={onInvite} className="flex flex-wrap items-end gap-2" noValidate>
            <Field
              label="Invite by email"
              className="min-w-64 flex-1"
              hint="They need an account on this portal."
              error={emailError ?? undefined}
            >
              {(p) => (
                <Input
                  {...p}
                  name="email"
                  type="email"
                  placeholder="friend@example.com"
                  onChange={() => setEmailError(null)}
                />
              )}
            </Field>
            <Field label="Role">
              {(p) => (
                <Select {...p} value={role} onChange={(e) => setRole(e.target.value as TripRole)} className="w-36">
                  {TRIP_ROLES.map((r) => (
                    <option key={r}>{r}</option>
                  ))}
                </Select>
              )}
            </Field>
            <Button type="submit" loading={invite.isPending}>
              Add member
            </Button>
          </form>
        )}
      </div>
    </Card>
  );
}
