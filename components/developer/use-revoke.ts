"use client";
import { useMutation, useQueryClient, type QueryKey } from "@tanstack/react-query";
import { useState } from "react";
import { apiFetch, errorMessage } from "@/lib/client/api-fetch";

/** Confirm-then-DELETE flow shared by keys and tokens: which row is pending, the mutation, the error. */
export function useRevoke<T extends { id: number }>(basePath: string, queryKey: QueryKey) {
  const qc = useQueryClient();
  const [target, setTarget] = useState<T | null>(null);
  const mutation = useMutation({
    mutationFn: (id: number) => apiFetch<void>(`${basePath}/${id}`, { method: "DELETE" }),
    onSuccess: (_v, id) => {
      qc.setQueryData<T[]>(queryKey, (rows) => rows?.filter((r) => r.id !== id));
      void qc.invalidateQueries({ queryKey });
      setTarget(null);
    },
  });
  return {
    target,
    ask: (row: T) => {
      mutation.reset();
      setTarget(row);
    },
    cancel: () => setTarget(null),
    confirm: () => target && mutation.mutate(target.id),
    pending: mutation.isPending,
    error: mutation.error ? errorMessage(mutation.error) : null,
  };
}
