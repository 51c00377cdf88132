"use client";
import Link from "next/link";
import { useCan } from "@/components/team/role-context";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Badge, StatusChip } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/dialog";
import { PageHeader } from "@/components/ui/page-header";
import { Spinner } from "@/components/ui/spinner";
import { apiFetch, errorMessage } from "@/lib/client/api-fetch";
import { formatDateTime, formatRelative } from "@/lib/client/format";
import { AttemptsTable } from "./attempts-table";
import { RecoverCard } from "./recover-card";
import { CloneEndpointButton, EditEndpointCard, SecretCard, TestTypeSelect } from "./endpoint-manage";
import { ErrorText } from "@/components/ui/request-id-note";
import { VerificationRecipe } from "./verification-recipe";
import {
  attemptsQuery,
  webhookQuery,
  WEBHOOKS_QUERY,
  type Envelope,
  type ManualDelivery,
  type WebhookEndpoint,
} from "./types";
import { pollingOptions } from "@/lib/client/polling";

/** Polls while the tab is visible, backing off while nothing changes. */
const POLLING = pollingOptions(5_000);

const REASONS: Record<string, string> = {
  auto_disabled_consecutive_failures: "Auto-disabled after 50 consecutive failed deliveries.",
  auto_disabled_giveup_window: "Auto-disabled after 6 deliveries exhausted their retries within 24 hours.",
};

/** One endpoint: its settings, actions (send test event, disable) and its attempts, refreshing itself. */
export function WebhookDetail({ webhookId }: { webhookId: string }) {
  const canManage = useCan("webhooks.manage");
  const canReveal = useCan("secrets.reveal");
  const qc = useQueryClient();
  const [confirmDisable, setConfirmDisable] = useState(false);
  const [testType, setTestType] = useState("");
  const endpoint = useQuery({
    queryKey: webhookQuery(webhookId),
    queryFn: async () => (await apiFetch<Envelope<WebhookEndpoint>>(`/v1/webhooks/${webhookId}`)).data,
    ...POLLING,
  });
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: webhookQuery(webhookId) });
    void qc.invalidateQueries({ queryKey: WEBHOOKS_QUERY });
  };
  const test = useMutation({
    mutationFn: async () =>
      (
        await apiFetch<Envelope<ManualDelivery>>(`/v1/webhooks/${webhookId}/test`, {
          method: "POST",
          body: testType ? { event_type: testType } : {},
        })
      ).data,
    onSettled: refresh,
  });
  const disable = useMutation({
    mutationFn: () => apiFetch(`/v1/webhooks/${webhookId}`, { method: "DELETE" }),
    onSuccess: () => {
      setConfirmDisable(false);
      refresh();
    },
  });

  if (endpoint.isPending) {
    return (
      <p className="flex items-center gap-2 py-10 text-sm text-slate-500" role="status">
        <Spinner /> Loading endpoint…
      </p>
    );
  }
  if (endpoint.isError) {
    return (
      <Alert tone="danger" title="Could not load this endpoint">
        <ErrorText error={endpoint.error} />{" "}
        <Link href="/webhooks" className="font-medium underline">
          Back to webhooks
        </Link>
      </Alert>
    );
  }
  const w = endpoint.data;
  const active = w.status === "active";
  const testResult = test.data?.attempt;

  return (
    <>
      <PageHeader
        title="Webhook endpoint"
        description={<span className="font-mono break-all">{w.url}</span>}
        actions={
          active &&
          canManage && (
            <>
              <TestTypeSelect endpoint={w} value={testType} onChange={setTestType} />
              <Button variant="secondary" onClick={() => test.mutate()} loading={test.isPending}>
                {test.isPending ? "Sending…" : "Send test event"}
              </Button>
              <Button variant="danger" onClick={() => setConfirmDisable(true)}>
                Disable
              </Button>
            </>
          )
        }
      />
      {!active && (
        <Alert tone="warning" title="This endpoint is disabled" className="mb-6">
          {(w.disabled_reason && REASONS[w.disabled_reason]) ?? "Disabled by a user."} Disabled{" "}
          {formatDateTime(w.disabled_at)}. Nothing further is sent to it; clone it into a new endpoint to resume
          deliveries, or delete it.
        </Alert>
      )}
      {!active && canManage && <CloneEndpointButton endpoint={w} />}
      {test.isError && (
        <Alert tone="danger" className="mb-6">
          <ErrorText error={test.error} />
        </Alert>
      )}
      {testResult && (
        <Alert tone={testResult.status === "delivered" ? "success" : "danger"} title="Test event sent" className="mb-6">
          {testResult.status === "delivered"
            ? `Your endpoint answered ${testResult.response_status} in ${testResult.response_time_ms} ms.`
            : `Delivery failed: ${testResult.error_message ?? `HTTP ${testResult.response_status}`}.`}{" "}
          <Link href={`/events/${test.data!.event_id}`} className="font-medium underline">
            Open the event
          </Link>
        </Alert>
      )}

      <Card className="mb-6">
        <CardHeader title="Settings" />
        <CardBody>
          <dl className="grid gap-x-8 gap-y-4 text-sm sm:grid-cols-2">
            <Item label="Status">
              <StatusChip status={w.status} />
            </Item>
            <Item label="Consecutive failures">
              <span className={w.failure_count ? "font-medium text-red-700" : undefined}>{w.failure_count}</span>
            </Item>
            <Item label="Secret">
              <code className="font-mono">{w.secret_prefix}…</code>
            </Item>
            <Item label="Description">{w.description || "—"}</Item>
            <Item label="Last success">{formatRelative(w.last_success_at)}</Item>
            <Item label="Last failure">{formatRelative(w.last_failure_at)}</Item>
            <Item label="Created">{formatDateTime(w.created_at)}</Item>
            <Item label="Events">
              <div className="flex flex-wrap gap-1">
                {w.events.map((e) => (
                  <Badge key={e}>{e}</Badge>
                ))}
              </div>
            </Item>
          </dl>
        </CardBody>
      </Card>

      {active && canManage && <EditEndpointCard endpoint={w} />}
      {canReveal && <SecretCard endpoint={w} />}
      {active && <RecoverCard webhookId={webhookId} />}

      <AttemptsTable
        webhookId={webhookId}
        canRedeliver={active}
        onRedelivered={() => void qc.invalidateQueries({ queryKey: attemptsQuery(webhookId) })}
      />

      <Card className="mt-6">
        <CardHeader
          title="Verify signatures"
          description="Reject a delivery whose signature does not match or whose timestamp is more than 5 minutes off."
        />
        <CardBody>
          <VerificationRecipe />
        </CardBody>
      </Card>

      <ConfirmDialog
        open={confirmDisable}
        title="Disable this endpoint?"
        description="Deliveries stop at once, including retries in progress. A disabled endpoint cannot be re-enabled; its history stays visible here."
        confirmLabel="Disable endpoint"
        pendingLabel="Disabling…"
        destructive
        pending={disable.isPending}
        error={disable.isError ? errorMessage(disable.error) : null}
        onConfirm={() => disable.mutate()}
        onCancel={() => setConfirmDisable(false)}
      />
    </>
  );
}

function Item({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-1 text-slate-800">{children}</dd>
    </div>
  );
}
