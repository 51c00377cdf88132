"use client";
import { useInfiniteQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { StatusChip } from "@/components/ui/badge";
import { Button, ButtonLink } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Select } from "@/components/ui/field";
import { Spinner } from "@/components/ui/spinner";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { apiFetch, errorMessage } from "@/lib/client/api-fetch";
import { formatDateTime, formatRelative } from "@/lib/client/format";
import { riskTone, WATCHES_QUERY, type WatchSummary, type WeatherEnvelope } from "./types";

type Page = WeatherEnvelope<{ watches: WatchSummary[]; has_more: boolean; next_cursor: string | null }>;

/** The account's watches, newest first, with a status filter and "load more". */
export function WatchesList() {
  const [status, setStatus] = useState("");
  const q = useInfiniteQuery({
    queryKey: [...WATCHES_QUERY, "list", status],
    initialPageParam: "",
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams({ limit: "25" });
      if (status) params.set("status", status);
      if (pageParam) params.set("cursor", pageParam);
      return apiFetch<Page>(`/v1/weather/watch?${params}`);
    },
    getNextPageParam: (last) => last.data.next_cursor ?? undefined,
  });
  const rows = q.data?.pages.flatMap((p) => p.data.watches) ?? [];

  return (
    <Card>
      <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-4 py-3 sm:px-6">
        <label className="flex items-center gap-2 text-sm text-slate-700">
          Status
          <Select
            className="w-40"
            value={status}
            onChange={(e) => setStatus(e.target.value)}
            aria-label="Filter by status"
          >
            <option value="">All</option>
            {["active", "paused", "expired", "failed", "cancelled"].map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </Select>
        </label>
      </div>
      {q.isPending ? (
        <p className="flex items-center gap-2 px-6 py-10 text-sm text-slate-500" role="status">
          <Spinner /> Loading watches…
        </p>
      ) : q.isError ? (
        <div className="p-4 sm:p-6">
          <Alert tone="danger" title="Could not load your watches">
            {errorMessage(q.error)}
          </Alert>
        </div>
      ) : rows.length === 0 ? (
        <EmptyState
          title={status ? `No ${status} watches` : "No watches yet"}
          description="A watch monitors the forecast for a place and time window and calls your webhook when it changes."
          action={<ButtonLink href="/watches/new">Create a watch</ButtonLink>}
        />
      ) : (
        <>
          <Table caption="Watches" stacked>
            <THead>
              <Tr>
                <Th>Place</Th>
                <Th>Activity</Th>
                <Th>Window</Th>
                <Th>Status</Th>
                <Th>Risk</Th>
                <Th>Last check</Th>
              </Tr>
            </THead>
            <TBody>
              {rows.map((w) => (
                <Tr key={w.watch_id} data-watch-id={w.watch_id}>
                  <Td label="Place">
                    <Link href={`/watches/${w.watch_id}`} className="font-medium text-indigo-700 hover:underline">
                      {String(
                        w.target_ref.name ??
                          w.target_ref.place_id ??
                          w.target_ref.item_id ??
                          w.target_ref.trip_id ??
                          w.target_type,
                      )}
                    </Link>
                    <div className="text-xs text-slate-500">
                      {w.latitude.toFixed(3)}, {w.longitude.toFixed(3)}
                    </div>
                  </Td>
                  <Td label="Activity">{w.activity_type.replaceAll("_", " ")}</Td>
                  <Td label="Window" className="text-xs whitespace-nowrap">
                    {formatDateTime(w.starts_at)}
                    <br />→ {formatDateTime(w.ends_at)}
                  </Td>
                  <Td label="Status">
                    <StatusChip status={w.status} />
                  </Td>
                  <Td label="Risk">
                    {w.last_risk_level ? (
                      <StatusChip status={w.last_risk_level} tone={riskTone(w.last_risk_level)} />
                    ) : (
                      <span className="text-slate-600">—</span>
                    )}
                  </Td>
                  <Td label="Last check" className="whitespace-nowrap">
                    {formatRelative(w.last_checked_at, undefined, "Not yet")}
                  </Td>
                </Tr>
              ))}
            </TBody>
          </Table>
          {q.hasNextPage && (
            <div className="flex justify-center p-4">
              <Button variant="secondary" loading={q.isFetchingNextPage} onClick={() => q.fetchNextPage()}>
                Load more
              </Button>
            </div>
          )}
        </>
      )}
    </Card>
  );
}
