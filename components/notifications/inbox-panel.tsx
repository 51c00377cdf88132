"use client";
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { Spinner } from "@/components/ui/spinner";
import { apiFetch, errorMessage } from "@/lib/client/api-fetch";
import { notificationKeys, type PortalNotification } from "./types";

const LINK_NOTES: Record<string, string> = {
  invalid: "That link is not valid (it may have been cut short). Your notifications are listed below.",
  expired: "That link has expired. Your notifications are listed below.",
  "other-member":
    "That link was sent to another member. Sign in as them to open it, or pick from your own notifications.",
};

const KIND_LABEL: Record<PortalNotification["kind"], string> = {
  proposal_awaits_review: "Proposal to review",
  event_risk_reached: "Weather risk",
};

const MAIL_LABEL: Record<PortalNotification["mail"], string> = {
  sent: "Mailed",
  scheduled: "Mail scheduled",
  none: "Inbox only",
};

/** The member's inbox: proposals waiting for review and events that reached a trip's threshold. */
export function InboxPanel() {
  const qc = useQueryClient();
  const linkNote = LINK_NOTES[useSearchParams().get("link") ?? ""];
  const inbox = useQuery({
    queryKey: notificationKeys.inbox,
    queryFn: () => apiFetch<{ notifications: PortalNotification[]; unread_count: number }>("/v1/me/notifications"),
    refetchInterval: 30_000,
  });
  const markRead = useMutation({
    mutationFn: (id: string) => apiFetch(`/v1/me/notifications/${id}/read`, { method: "POST" }),
    onSettled: () => qc.invalidateQueries({ queryKey: notificationKeys.inbox }),
  });
  const markAll = useMutation({
    mutationFn: () => apiFetch("/v1/me/notifications/read-all", { method: "POST" }),
    onSettled: () => qc.invalidateQueries({ queryKey: notificationKeys.inbox }),
  });
  const unread = inbox.data?.unread_count ?? 0;
  return (
    <>
      <PageHeader
        title="Inbox"
        description="Proposals waiting for your review and trip events whose weather risk reached the trip's threshold."
        actions={
          unread > 0 ? (
            <Button variant="secondary" loading={markAll.isPending} onClick={() => markAll.mutate()}>
              Mark all read
            </Button>
          ) : undefined
        }
      />
      {linkNote && (
        <Alert tone="warning" title="Link not opened" className="mb-4">
          {linkNote}
        </Alert>
      )}
      {(markRead.isError || markAll.isError) && (
        <Alert tone="danger" title="Could not mark as read" className="mb-4">
          {errorMessage(markRead.error ?? markAll.error)}
        </Alert>
      )}
      <Card>
        {inbox.isPending ? (
          <p className="flex items-center gap-2 px-6 py-10 text-sm text-slate-600" role="status">
            <Spinner /> Loading notifications…
          </p>
        ) : inbox.isError ? (
          <div className="p-4 sm:p-6">
            <Alert tone="danger" title="Could not load your notifications">
              {errorMessage(inbox.error)}
            </Alert>
          </div>
        ) : inbox.data.notifications.length === 0 ? (
          <EmptyState
            title="Nothing yet"
            description="You are told here (and by mail, as your notification settings say) when a proposal awaits review or an event's weather risk reaches its trip's threshold."
          />
        ) : (
          <ul className="divide-y divide-slate-200" aria-label={`Notifications, ${unread} unread`}>
            {inbox.data.notifications.map((n) => (
              <li key={n.notification_id} className="flex flex-col gap-2 px-4 py-4 sm:flex-row sm:items-start sm:px-6">
                <div className="min-w-0 flex-1 space-y-1">
                  <div className="flex flex-wrap items-center gap-2">
                    {!n.read_at && <Badge tone="info">Unread</Badge>}
                    <Badge tone={n.kind === "event_risk_reached" ? "warning" : "neutral"}>{KIND_LABEL[n.kind]}</Badge>
                    <span className="text-xs text-slate-600">
                      {n.trip_name} · <time dateTime={n.created_at}>{new Date(n.created_at).toLocaleString()}</time> ·{" "}
                      {MAIL_LABEL[n.mail]}
                    </span>
                  </div>
                  <h2 className={n.read_at ? "text-sm text-slate-800" : "text-sm font-semibold text-slate-900"}>
                    <Link
                      href={n.href}
                      className="hover:underline focus-visible:underline"
                      onClick={() => !n.read_at && markRead.mutate(n.notification_id)}
                    >
                      {n.title}
                    </Link>
                  </h2>
                  <p className="text-sm break-words text-slate-700">{n.body}</p>
                </div>
                {!n.read_at && (
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => markRead.mutate(n.notification_id)}
                    aria-label={`Mark read: ${n.title}`}
                  >
                    Mark read
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </Card>
      <p className="mt-4 text-sm text-slate-600">
        Choose how and when you are told in{" "}
        <Link href="/settings/notifications" className="text-indigo-700 underline">
          notification settings
        </Link>
        .
      </p>
    </>
  );
}
