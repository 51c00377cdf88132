"use client";
import { useEffect, useSyncExternalStore } from "react";
import { useQueries, useQuery } from "@tanstack/react-query";
import { Alert } from "@/components/ui/alert";
import { Card, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Spinner } from "@/components/ui/spinner";
import { apiFetch, errorMessage } from "@/lib/client/api-fetch";
import { ProposalCard } from "./proposal-card";
import { tripKeys, type Itinerary, type Proposal, type ProposalSummary } from "./types";
import type { EventWeather } from "./weather-parts";

const noSubscription = () => () => {};
const focusedProposal = () => new URLSearchParams(window.location.search).get("proposal");

const ORDER: Record<string, number> = { pending: 0, accepted: 1, rejected: 2, expired: 3, superseded: 4 };

/** Proposals from planning agents: pending first, then resolved ones, newest first within each. */
export function ProposalsPanel({
  tripId,
  tripZone,
  canResolve,
  currency,
  weatherOf,
}: {
  tripId: number;
  tripZone: string;
  canResolve: boolean;
  currency?: string;
  weatherOf?: (eventId: number) => EventWeather | undefined;
}) {
  const list = useQuery({
    queryKey: tripKeys.proposals(tripId),
    queryFn: () => apiFetch<{ proposals: ProposalSummary[] }>(`/v1/trips/${tripId}/proposals`),
    refetchInterval: 15_000,
  });
  const summaries = [...(list.data?.proposals ?? [])].sort(
    (a, b) => (ORDER[a.status] ?? 9) - (ORDER[b.status] ?? 9) || b.created_at.localeCompare(a.created_at),
  );
  // Same query as the timeline (shared cache): a pending proposal is re-read when the trip's revision
  // moves, so "out of date" shows as soon as another member's change lands.
  const revision = useQuery({
    queryKey: tripKeys.itinerary(tripId),
    queryFn: () => apiFetch<Itinerary>(`/v1/trips/${tripId}/itinerary`),
  }).data?.revision;
  const details = useQueries({
    queries: summaries.map((s) => ({
      queryKey: [...tripKeys.proposal(tripId, s.proposal_id), s.status, s.status === "pending" ? revision : null],
      queryFn: () => apiFetch<Proposal>(`/v1/trips/${tripId}/proposals/${s.proposal_id}`),
    })),
  });
  const pending = summaries.filter((s) => s.status === "pending").length;
  // A notification's link (?proposal=<id>) lands here: that card is scrolled to and outlined once loaded.
  const focused = useSyncExternalStore(noSubscription, focusedProposal, () => null);
  const focusedLoaded = focused !== null && details[summaries.findIndex((s) => s.proposal_id === focused)]?.data;
  useEffect(() => {
    if (focusedLoaded) document.getElementById(`proposal-${focused}`)?.scrollIntoView({ block: "start" });
  }, [focused, focusedLoaded]);
  return (
    <Card>
      <CardHeader
        title="Proposals"
        description={pending ? `${pending} waiting for a decision` : "Nothing waiting for a decision"}
      />
      <div className="space-y-4 p-4 sm:p-6" data-testid="proposals-panel">
        {list.isPending ? (
          <p className="flex items-center gap-2 text-sm text-slate-500" role="status">
            <Spinner /> Loading proposals…
          </p>
        ) : list.isError ? (
          <Alert tone="danger" title="Could not load proposals">
            {errorMessage(list.error)}
          </Alert>
        ) : summaries.length === 0 ? (
          <EmptyState
            title="No proposals"
            description="A planning agent raises proposals with POST /v1/trips/{tripId}/proposals."
          />
        ) : (
          summaries.map((s, i) => {
            const d = details[i];
            return d?.data ? (
              <div
                key={s.proposal_id}
                id={`proposal-${s.proposal_id}`}
                data-focused={focused === s.proposal_id || undefined}
                className={
                  focused === s.proposal_id ? "scroll-mt-4 rounded-lg ring-2 ring-indigo-500 ring-offset-2" : undefined
                }
              >
                <ProposalCard
                  tripId={tripId}
                  tripZone={tripZone}
                  currency={currency}
                  proposal={{ ...d.data, status: s.status }}
                  canResolve={canResolve}
                  weatherOf={weatherOf}
                />
              </div>
            ) : (
              <p key={s.proposal_id} className="flex items-center gap-2 text-sm text-slate-500">
                <Spinner /> Loading proposal from {s.actor_agent_id}…
              </p>
            );
          })
        )}
      </div>
    </Card>
  );
}
