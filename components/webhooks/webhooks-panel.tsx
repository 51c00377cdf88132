"use client";
import Link from "next/link";
import { Can } from "@/components/team/can";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { StatusChip } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Dialog } from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { QueryStates } from "@/components/ui/query-states";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { apiFetch } from "@/lib/client/api-fetch";
import { formatRelative } from "@/lib/client/format";
import { CreateWebhookForm } from "./create-webhook-form";
import { WatchSigningSecretCard } from "./watch-signing-secret-card";
import { WebhookSecretReveal } from "./webhook-secret-reveal";
import { WEBHOOKS_QUERY, type CreatedWebhookEndpoint, type Envelope, type WebhookEndpoint } from "./types";
import { pollingOptions } from "@/lib/client/polling";

/** Polls while the tab is visible, backing off while nothing changes. */
const POLLING = pollingOptions(15_000);

/** Webhooks page body: endpoints with status and failure count, create (secret shown once), watch signing secret. */
export function WebhooksPanel() {
  const list = useQuery({
    queryKey: WEBHOOKS_QUERY,
    queryFn: async () => (await apiFetch<Envelope<{ webhooks: WebhookEndpoint[] }>>("/v1/webhooks")).data.webhooks,
    ...POLLING,
  });
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedWebhookEndpoint | null>(null);
  const close = () => {
    setCreating(false);
    setCreated(null);
  };

  return (
    <>
      <PageHeader
        title="Webhooks"
        description="Endpoints receive signed POSTs for the events they subscribe to. Failed deliveries are retried for about 32 hours."
        actions={
          <Can action="webhooks.manage">
            <Button onClick={() => setCreating(true)}>Add endpoint</Button>
          </Can>
        }
      />
      <Card>
        <QueryStates
          query={list}
          what="webhook endpoints"
          empty={
            <EmptyState
              title="No webhook endpoints yet"
              description="Add an HTTPS endpoint to receive weather change events from your watches."
              action={
                <Can action="webhooks.manage">
                  <Button onClick={() => setCreating(true)}>Add your first endpoint</Button>
                </Can>
              }
            />
          }
        >
          {(rows) => (
            <Table caption="Webhook endpoints" stacked>
              <THead>
                <Tr>
                  <Th>Endpoint</Th>
                  <Th>Status</Th>
                  <Th>Events</Th>
                  <Th>Failures</Th>
                  <Th>Last delivery</Th>
                </Tr>
              </THead>
              <TBody>
                {rows.map((w) => (
                  <Tr key={w.webhook_id}>
                    <Td label="Endpoint" className="max-w-md min-w-0 sm:min-w-56">
                      <Link
                        href={`/webhooks/${w.webhook_id}`}
                        className="font-medium break-all text-indigo-700 hover:underline"
                      >
                        {w.url}
                      </Link>
                      {w.description && <p className="text-xs text-slate-500">{w.description}</p>}
                    </Td>
                    <Td label="Status">
                      <StatusChip status={w.status} />
                    </Td>
                    <Td label="Events">{w.events.length}</Td>
                    <Td label="Failures" className={w.failure_count > 0 ? "font-medium text-red-700" : undefined}>
                      {w.failure_count}
                    </Td>
                    {/* A delivery is a success: an endpoint whose attempts all failed has none (its failures are counted beside). */}
                    <Td label="Last delivery" className="whitespace-nowrap">
                      {w.last_success_at ? (
                        formatRelative(w.last_success_at)
                      ) : (
                        <span className="text-slate-600">None yet</span>
                      )}
                    </Td>
                  </Tr>
                ))}
              </TBody>
            </Table>
          )}
        </QueryStates>
      </Card>

      <Can action="secrets.reveal">
        <WatchSigningSecretCard />
      </Can>

      <Dialog
        open={creating}
        onClose={close}
        size="lg"
        title={created ? "Endpoint created" : "Add a webhook endpoint"}
        description={created ? `Deliveries to ${created.url} are signed with this secret.` : undefined}
        footer={created ? <Button onClick={close}>I have stored the secret</Button> : undefined}
      >
        {created ? (
          <WebhookSecretReveal secret={created.secret} />
        ) : (
          <CreateWebhookForm onCreated={setCreated} onCancel={close} />
        )}
      </Dialog>
    </>
  );
}
