"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/dialog";
import { CopyButton } from "@/components/ui/copy-button";
import { apiFetch, errorMessage } from "@/lib/client/api-fetch";
import { formatDateTime } from "@/lib/client/format";

interface SigningSecret {
  secret: string;
  secret_prefix: string;
  created_at: string;
  rotated_at: string | null;
}
const QUERY = ["watch-signing-secret"] as const;

/** The per-account secret that signs deliveries to watches' webhook_url: hidden until revealed; rotatable. */
export function WatchSigningSecretCard() {
  const qc = useQueryClient();
  const [revealed, setRevealed] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const secret = useQuery({
    queryKey: QUERY,
    queryFn: () => apiFetch<SigningSecret>("/api/developer/watch-signing-secret"),
    enabled: revealed,
  });
  const rotate = useMutation({
    mutationFn: () => apiFetch<SigningSecret>("/api/developer/watch-signing-secret/rotate", { method: "POST" }),
    onSuccess: (s) => {
      qc.setQueryData(QUERY, s);
      setRevealed(true);
      setConfirming(false);
    },
  });

  return (
    <Card className="mt-8">
      <CardHeader
        title="Watch signing secret"
        description="Deliveries sent straight to a watch's webhook_url are signed with this account-wide secret (same headers and recipe as endpoints)."
        actions={
          <Button variant="secondary" size="sm" onClick={() => setConfirming(true)}>
            Rotate
          </Button>
        }
      />
      <CardBody>
        {!revealed ? (
          <Button variant="secondary" onClick={() => setRevealed(true)}>
            Reveal secret
          </Button>
        ) : secret.isPending ? (
          <p className="text-sm text-slate-500">Loading…</p>
        ) : secret.isError ? (
          <Alert tone="danger">{errorMessage(secret.error)}</Alert>
        ) : (
          <div className="space-y-2">
            <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
              <code
                data-secret
                className="block min-w-0 flex-1 rounded-md bg-slate-100 px-3 py-2 font-mono text-sm break-all ring-1 ring-slate-200"
              >
                {secret.data.secret}
              </code>
              <CopyButton value={secret.data.secret} />
            </div>
            <p className="text-xs text-slate-500">
              Created {formatDateTime(secret.data.created_at)}
              {secret.data.rotated_at ? ` · last rotated ${formatDateTime(secret.data.rotated_at)}` : ""}
            </p>
          </div>
        )}
      </CardBody>
      <ConfirmDialog
        open={confirming}
        title="Rotate the watch signing secret?"
        description="The new secret takes effect at once: every later delivery to a watch's webhook_url, retries included, is signed with it. Update your receivers first or accept both secrets during the switch."
        confirmLabel="Rotate secret"
        pendingLabel="Rotating…"
        destructive
        pending={rotate.isPending}
        error={rotate.isError ? errorMessage(rotate.error) : null}
        onConfirm={() => rotate.mutate()}
        onCancel={() => setConfirming(false)}
      />
    </Card>
  );
}
