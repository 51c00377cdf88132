"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";
import { ApiRequestError, apiFetch, errorMessage } from "@/lib/client/api-fetch";
import { planRebase, type RebaseOutcome, type TripDiff } from "./rebase";
import { tripKeys, type OpInput } from "./types";

export type { OpInput };

interface OpResult {
  new_revision: number;
  result: { affected_event_ids: number[] };
}

/** Thrown when the user's edit touches an event someone else changed: both versions go to the UI. */
export class RebaseConflict extends Error {
  constructor(readonly outcome: Extract<RebaseOutcome, { kind: "conflict" }>) {
    super("Someone else changed this event while you were editing.");
  }
}

/**
 * Applies ops against the revision the page showed. On STALE_REVISION it keeps
 * the user's edit, fetches the diff since their revision and, when no event
 * they edit was touched, replays the ops on the current revision (once) and
 * says what else changed; otherwise it throws a RebaseConflict with the other
 * version, and the editor stays open with what the user typed.
 */
/** An op batch, optionally undoable: the success toast then offers "Undo", which applies `undo.ops` on the new revision. */
export interface OpRun {
  base: number;
  ops: OpInput[];
  undo?: { message: string; ops: OpInput[] };
}

export function useTripOps(tripId: number) {
  const qc = useQueryClient();
  const [rebased, setRebased] = useState<{ onto: number; changed: string[] } | null>(null);
  const apply = async (base: number, ops: OpInput[]) => {
    let rev = base;
    for (const op of ops)
      rev = (
        await apiFetch<OpResult>(`/v1/trips/${tripId}/ops`, { method: "POST", body: { base_revision: rev, ...op } })
      ).new_revision;
    return rev;
  };
  const run = useMutation({
    mutationFn: async ({ base, ops }: OpRun) => {
      try {
        return await apply(base, ops);
      } catch (err) {
        if (!(err instanceof ApiRequestError && err.code === "STALE_REVISION")) throw err;
        const diff = await apiFetch<TripDiff>(`/v1/trips/${tripId}/ops?since_revision=${base}`);
        const plan = planRebase(ops, diff);
        if (plan.kind === "conflict") throw new RebaseConflict(plan);
        const rev = await apply(plan.onto, ops);
        setRebased({ onto: plan.onto, changed: plan.changed });
        return rev;
      }
    },
    onSuccess: (rev, vars) => {
      const undo = vars.undo;
      if (!undo) return void toast.success("Saved.");
      // The editor that made the change is gone by now: an Undo that fails says so in a toast of its own.
      const undoNow = () =>
        run.mutate(
          { base: rev, ops: undo.ops },
          { onError: (err) => void toast.error(`Undo failed: ${errorMessage(err)}`) },
        );
      toast.success(undo.message, { action: { label: "Undo", onClick: undoNow }, duration: 8000 });
    },
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: tripKeys.itinerary(tripId) });
      void qc.invalidateQueries({ queryKey: tripKeys.trip(tripId), exact: true });
    },
  });
  return { run, rebased, dismissRebased: () => setRebased(null) };
}
