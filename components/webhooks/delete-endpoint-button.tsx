"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/dialog";
import { apiFetch, errorMessage } from "@/lib/client/api-fetch";
import { WEBHOOKS_QUERY, type WebhookEndpoint } from "./types";

/** A disabled endpoint can be deleted for good (with its delivery history), after a confirmation. */
export function DeleteEndpointButton({ endpoint }: { endpoint: WebhookEndpoint }) {
  const qc = useQueryClient();
  const router = useRouter();
  const [asking, setAsking] = useState(false);
  const del = useMutation({
    mutationFn: () => apiFetch(`/v1/webhooks/${endpoint.webhook_id}/purge`, { method: "POST" }),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: WEBHOOKS_QUERY });
      router.push("/webhooks");
    },
  });
  return (
    <>
      <Button
        variant="secondary"
        onClick={() => {
          del.reset();
          setAsking(true);
        }}
      >
        Delete endpoint
      </Button>
      <ConfirmDialog
        open={asking}
        title="Delete this endpoint?"
        description={
          <>
            The endpoint <span className="break-all">{endpoint.url}</span> and its delivery history are deleted for
            good. This cannot be undone.
          </>
        }
        confirmLabel="Delete endpoint"
        pendingLabel="Deleting…"
        destructive
        pending={del.isPending}
        error={del.error ? errorMessage(del.error) : null}
        onConfirm={() => del.mutate()}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}
