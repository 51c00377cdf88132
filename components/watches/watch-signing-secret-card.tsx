"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { ConfirmDialog } from "@/components/ui/dialog";
import { apiFetch, errorMessage } from "@/lib/client/api-fetch";
import { formatDateTime } from "@/lib/client/format";

interface SigningSecret {
  secret: string;
  secret_prefix: string;
  created_at: string;
  rotated_at: string | null;
}

const KEY = ["watch-signing-secret"] as const;

/**
 * The account's watch signing secret (signs deliveries to every watch's
 * webhook_url): hidden until revealed, copyable, rotatable with confirmation.
 */
export function WatchSigningSecretCard() {
  const [revealed, setRevealed] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const qc = useQueryClient();
  const q = useQuery({ queryKey: KEY, queryFn: () => apiFetch<SigningSecret>("/api/developer/watch-signing-secret") });
  const rotate = useMutation({
    mutationFn: () => apiFetch<SigningSecret>("/api/developer/watch-signing-secret/rotate", { method: "POST" }),
    onSuccess: (s) => {
      qc.setQueryData(KEY, s);
      setConfirm(false);
      setRevealed(true);
    },
  });
  return (
    <Card className="mt-6">
      <CardHeader
        title="Watch signing secret"
        description="Deliveries to a watch's webhook URL carry X-Service-Signature: HMAC-SHA256 of `<timestamp>.<raw body>` with this secret."
        actions={
          <Button variant="secondary" onClick={() => setConfirm(true)} disabled={!q.data}>
            Rotate
          </Button>
        }
      />
      <CardBody>
        {q.isPending ? (
          <p className="text-sm text-slate-500">Loading…</p>
        ) : q.isError ? (
          <Alert tone="danger" title="Could not load the secret">
            {errorMessage(q.error)}
          </Alert>
        ) : (
          <div className="space-y-2">
            <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
              <code data-secret className="block min-w-0 flex-1 rounded-md bg-slate-100 px-3 py-2 font-mono text-sm break-all ring-1 ring-slate-200">
                {revealed ? q.data.secret : `${q.data.secret_prefix}${"•".repeat(24)}`}
              </code>
              <Button variant="secondary" size="sm" onClick={() => setRevealed((r) => !r)}>
                {revealed ? "Hide" : "Reveal"}
              </Button>
              <CopyButton value={q.data.secret} />
            </div>
            <p className="text-xs text-slate-500">
              Created {formatDateTime(q.data.created_at)}
              {q.data.rotated_at ? ` · rotated ${formatDateTime(q.data.rotated_at)}` : ""}
            </p>
          </div>
        )}
      </CardBody>
      <ConfirmDialog
        open={confirm}
        title="Rotate the watch signing secret?"
        description="The old secret stops working at once: every later delivery, including retries of earlier events, is signed with the new one. Update your receivers right after rotating."
        confirmLabel="Rotate secret"
        pendingLabel="Rotating…"
        destructive
        pending={rotate.isPending}
        error={rotate.isError ? errorMessage(rotate.error) : null}
        onConfirm={() => rotate.mutate()}
        onCancel={() => setConfirm(false)}
      />
    </Card>
  );
}
