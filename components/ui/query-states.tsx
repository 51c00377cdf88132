"use client";
import type { ReactNode } from "react";
import type { UseQueryResult } from "@tanstack/react-query";
import { Alert } from "./alert";
import { Spinner } from "./spinner";
import { RequestIdNote } from "./request-id-note";

/**
 * Loading, error (with retry) and empty states for a React Query list, so every
 * portal list behaves the same; renders `children(data)` once there is data.
 */
export function QueryStates<T>({
  query,
  what,
  empty,
  isEmpty = (d) => Array.isArray(d) && d.length === 0,
  children,
}: {
  query: UseQueryResult<T>;
  /** Plural noun for messages, e.g. "keys". */
  what: string;
  empty: ReactNode;
  isEmpty?: (data: T) => boolean;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) {
    return (
      <p className="flex items-center gap-2 px-6 py-10 text-sm text-slate-500" role="status">
        <Spinner /> Loading {what}…
      </p>
    );
  }
  if (query.isError) {
    return (
      <div className="p-4 sm:p-6">
        <Alert tone="danger" title={`Could not load your ${what}`}>
          {query.error instanceof Error ? query.error.message : "Something went wrong."}{" "}
          <button type="button" className="font-medium underline" onClick={() => void query.refetch()}>
            Try again
          </button>
          <RequestIdNote error={query.error} />
        </Alert>
      </div>
    );
  }
  if (isEmpty(query.data)) return <>{empty}</>;
  return <>{children(query.data)}</>;
}
