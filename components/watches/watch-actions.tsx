"use client";
import { useCan } from "@/components/team/role-context";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/dialog";
import { Alert } from "@/components/ui/alert";
import { apiFetch, errorMessage } from "@/lib/client/api-fetch";
import { WATCHES_QUERY, type WatchStatus } from "./types";

/** Pause / resume / cancel (with confirmation) for one watch. */
export function WatchActions({ watchId, status }: { watchId: string; status: WatchStatus }) {
  const qc = useQueryClient();
  const manage = useCan("watches.manage");
  const [confirmCancel, setConfirmCancel] = useState(false);
  const act = useMutation({
    mutationFn: (action: "pause" | "resume" | "cancel") =>
      action === "cancel"
        ? apiFetch(`/v1/weather/watch/${watchId}`, { method: "DELETE" })
        : apiFetch(`/v1/weather/watch/${watchId}/${action}`, { method: "POST" }),
    onSuccess: async () => {
      setConfirmCancel(false);
      await qc.invalidateQueries({ queryKey: WATCHES_QUERY });
    },
  });
  const live = status === "active" || status === "paused";
  // Viewers see the state, not the switches (the API refuses them too).
  if (!manage) return null;
  return (
    <div className="flex flex-col items-end gap-2">
      <div className="flex gap-2">
        {status === "active" && (
          <Button
            variant="secondary"
            loading={act.isPending && act.variables === "pause"}
            onClick={() => act.mutate("pause")}
          >
            Pause
          </Button>
        )}
        {status === "paused" && (
          <Button
            variant="secondary"
            loading={act.isPending && act.variables === "resume"}
            onClick={() => act.mutate("resume")}
          >
            Resume
          </Button>
        )}
        {live && (
          <Button variant="danger" onClick={() => setConfirmCancel(true)}>
            Cancel watch
          </Button>
        )}
      </div>
      {act.isError && !confirmCancel && (
        <Alert tone="danger" className="max-w-sm">
          {errorMessage(act.error)}
        </Alert>
      )}
      <ConfirmDialog
        open={confirmCancel}
        title="Cancel this watch?"
        description="Refreshes and billing stop at once and no further events are sent. A cancelled watch cannot be reactivated; create a new one instead."
        confirmLabel="Cancel watch"
        pendingLabel="Cancelling…"
        destructive
        pending={act.isPending}
        error={act.isError ? errorMessage(act.error) : null}
        onConfirm={() => act.mutate("cancel")}
        onCancel={() => setConfirmCancel(false)}
      />
    </div>
  );
}
