"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ApiRequestError, apiFetch } from "@/lib/client/api-fetch";
import { tripKeys } from "./types";

export interface OpInput {
  type: "add_event" | "update_event" | "move_event" | "remove_event" | "reorder";
  payload: Record<string, unknown>;
}

interface OpResult {
  new_revision: number;
  result: { affected_event_ids: number[] };
}

/**
 * Applies ops against the revision the page shows. On STALE_REVISION it keeps a
 * clear message, drops the edit and reloads the itinerary, so the user re-applies
 * their change on what is really there now.
 */
export function useTripOps(tripId: number) {
  const qc = useQueryClient();
  const [stale, setStale] = useState<{ base: number; current: number } | null>(null);
  const run = useMutation({
    mutationFn: async ({ base, ops }: { base: number; ops: OpInput[] }) => {
      let rev = base;
      for (const op of ops) rev = (await apiFetch<OpResult>(`/v1/trips/${tripId}/ops`, { method: "POST", body: { base_revision: rev, ...op } })).new_revision;
      return rev;
    },
    onSuccess: () => setStale(null),
    onError: (err) => {
      if (err instanceof ApiRequestError && err.code === "STALE_REVISION") {
        const d = err.details as { current_revision?: number; base_revision?: number } | null;
        setStale({ base: d?.base_revision ?? 0, current: d?.current_revision ?? 0 });
      }
    },
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: tripKeys.itinerary(tripId) });
      void qc.invalidateQueries({ queryKey: tripKeys.trip(tripId), exact: true });
    },
  });
  return { run, stale, dismissStale: () => setStale(null) };
}
