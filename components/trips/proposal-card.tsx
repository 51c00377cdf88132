"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { StatusChip } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import { apiFetch, errorMessage } from "@/lib/client/api-fetch";
import { formatDateTime } from "@/lib/client/format";
import { TYPE_LABEL } from "./itinerary-timeline";
import { dateTimeIn, moneyIn } from "./time-format";
import { proposalOverlaps } from "./overlaps";
import { OptionChecks } from "./option-checks";
import { ProposalChanges, WEATHER_PLANNER, type PlannerOption } from "./proposal-changes";
import { tripKeys, type Itinerary, type Proposal } from "./types";
import type { EventWeather } from "./weather-parts";

/**
 * One proposal: what it creates (entities) and changes (options' `changes`: before/after of each
 * moved event with its risk), the ranked options with their scores and weather reasons, and
 * accept (with an option) / reject (with a reason) for roles that may edit; viewers read it.
 */
export function ProposalCard({
  tripId,
  tripZone,
  proposal: p,
  canResolve,
  currency,
  weatherOf,
}: {
  tripId: number;
  tripZone: string;
  proposal: Proposal;
  canResolve: boolean;
  currency?: string;
  weatherOf?: (eventId: number) => EventWeather | undefined;
}) {
  const qc = useQueryClient();
  const [option, setOption] = useState<string | undefined>(p.options[0]?.id);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState("");
  const resolve = useMutation({
    mutationFn: (a: { action: "accept" | "reject" | "replan"; body: Record<string, string> }) =>
      apiFetch(`/v1/trips/${tripId}/proposals/${p.proposal_id}?action=${a.action}`, { method: "POST", body: a.body }),
    // Accepted events appear without a reload: the itinerary, the trip's revision and the proposals refetch.
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: tripKeys.proposals(tripId) });
      void qc.invalidateQueries({ queryKey: tripKeys.itinerary(tripId) });
      void qc.invalidateQueries({ queryKey: tripKeys.trip(tripId), exact: true });
    },
  });
  const pending = p.status === "pending";
  // The trip changed an event this proposal changes after it was made: its changes no longer apply
  // (lib/trips/proposals/read-proposal-staleness.ts), so Accept is not offered; Reject and "Ask for a new plan" are.
  const outOfDate = pending ? (p.out_of_date ?? null) : null;
  // Same query as the timeline (shared cache): warns before accepting over existing plans.
  const itinerary = useQuery({
    queryKey: tripKeys.itinerary(tripId),
    queryFn: () => apiFetch<Itinerary>(`/v1/trips/${tripId}/itinerary`),
  });
  const clashes = pending ? proposalOverlaps(p, option, itinerary.data?.events ?? []) : [];
  const options = p.options as PlannerOption[];
  const shown =
    options.find((o) => o.id === (pending ? option : p.selected_option_id)) ?? (pending ? options[0] : undefined);
  const chosen = options.find((o) => o.id === option);
  const planner = p.actor_agent_id === WEATHER_PLANNER;
  const startOf = (i: number) =>
    chosen?.schedule?.find((s) => s.entity_index === i)?.startDateTime ?? p.entities[i].startDateTime;

  return (
    <article
      className="rounded-lg border border-slate-200 p-4"
      data-testid="proposal"
      aria-label={`Proposal from ${p.actor_agent_id}`}
    >
      <header className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <div className="text-sm text-slate-600">
          From <span className="font-medium text-slate-900">{planner ? "Weather planner" : p.actor_agent_id}</span> ·{" "}
          {formatDateTime(p.created_at)}
          {pending && <span className="ml-2 text-xs text-slate-600">expires {formatDateTime(p.expires_at)}</span>}
        </div>
        {outOfDate ? <StatusChip status="out of date" tone="warning" /> : <StatusChip status={p.status} />}
      </header>
      {outOfDate && (
        <div className="mb-3" data-testid="proposal-out-of-date">
          <Alert tone="warning" title="Out of date: the trip changed after this was proposed">
            <p>Its changes no longer apply. What changed since:</p>
            <ul className="list-disc pl-5">
              {outOfDate.changed_events.map((e) => (
                <li key={e.event_id}>
                  {e.removed
                    ? `${e.title ?? `Event ${e.event_id}`} was removed`
                    : `${e.title ?? `Event ${e.event_id}`} was edited`}
                </li>
              ))}
              {outOfDate.history_pruned && <li>Earlier changes (their history was pruned)</li>}
            </ul>
          </Alert>
        </div>
      )}
      {p.status === "superseded" && !p.superseded_by && (
        <p className="mb-3 text-sm text-slate-600">
          A new plan was asked for; the agent that made this one sees it retired.
        </p>
      )}
      {shown?.reason && (
        <p
          className="mb-3 flex items-start gap-2 rounded-md bg-amber-50 px-2 py-1.5 text-sm text-amber-950 ring-1 ring-amber-600/20"
          data-testid="proposal-reason"
        >
          <span className="font-medium">Weather:</span> <span>{shown.reason}</span>
        </p>
      )}
      {shown?.checks && (
        <OptionChecks
          checks={shown.checks}
          // The figures are the subject event's local times (a multi-city trip has more than one zone).
          zone={itinerary.data?.events.find((e) => e.id === shown.changes?.[0]?.event_id)?.timeZone || tripZone}
          rebooking={shown.needs_rebooking ? shown.rebooking_reason : null}
        />
      )}
      {shown && (
        <div className="mb-3">
          <ProposalChanges
            option={shown}
            events={itinerary.data?.events ?? []}
            tripZone={tripZone}
            weatherOf={weatherOf}
            applied={p.status === "accepted"}
          />
        </div>
      )}
      <ul className="mb-3 space-y-1 text-sm empty:hidden">
        {p.entities.map((e, i) => {
          const start = pending ? startOf(i) : e.startDateTime;
          return (
            <li key={i} className="flex flex-wrap gap-2">
              <span className="rounded bg-slate-100 px-1.5 text-xs leading-5 text-slate-700">
                {TYPE_LABEL[e.type] ?? e.type}
              </span>
              <span className="font-medium">{e.title}</span>
              {start && <span className="text-slate-600">{dateTimeIn(start, String(e.timeZone ?? tripZone))}</span>}
              {e.cost != null && <span className="text-slate-600">· {moneyIn(currency)(e.cost)}</span>}
              {(e.location || e.address) && (
                <span className="w-full text-slate-600 break-words" data-testid="proposal-entity-location">
                  {e.location || e.address}
                </span>
              )}
              {e.notes && (
                <span
                  className="w-full text-slate-600 break-words whitespace-pre-line"
                  data-testid="proposal-entity-notes"
                >
                  {e.notes}
                </span>
              )}
            </li>
          );
        })}
      </ul>
      {p.options.length > 0 && (
        <fieldset className="mb-3 space-y-1" disabled={!pending || !canResolve}>
          <legend className="mb-1 text-xs font-medium tracking-wide text-slate-600 uppercase">Options (ranked)</legend>
          {options.map((o) => (
            <label
              key={o.id}
              className="flex items-start gap-2 rounded-md p-1 text-sm has-[:checked]:bg-indigo-50"
              data-testid="proposal-option"
            >
              <input
                type="radio"
                className="mt-1"
                name={`option-${p.proposal_id}`}
                value={o.id}
                checked={(pending ? option : p.selected_option_id) === o.id}
                onChange={() => setOption(o.id)}
              />
              <span className="min-w-0">
                <span className="font-medium">
                  #{o.rank} {o.label ?? o.id}
                </span>{" "}
                <span className="text-slate-600">· score {o.score}</span>
                {(o.reason || o.description) && (
                  <span className="block text-slate-600">{o.reason ?? o.description}</span>
                )}
              </span>
            </label>
          ))}
        </fieldset>
      )}
      {p.status === "rejected" && p.rejection_reason && (
        <p className="text-sm text-slate-600">Reason: {p.rejection_reason}</p>
      )}
      {p.status === "accepted" && (
        <p className="text-sm text-slate-600">
          Accepted
          {shown?.changes?.length
            ? `: ${shown.changes.length} change${shown.changes.length === 1 ? "" : "s"} applied`
            : ""}
          {p.entities.length > 0
            ? `${shown?.changes?.length ? "," : ":"} created ${p.created_event_ids?.length ?? 0} events`
            : ""}
          .
        </p>
      )}
      {pending && !canResolve && (
        <p className="text-sm text-slate-600">Only the trip’s owner, planners and editors can accept or reject.</p>
      )}
      {clashes.length > 0 && canResolve && (
        <div className="mb-3" data-testid="proposal-overlaps">
          <Alert tone="warning" title="This option overlaps plans already in the itinerary">
            <ul className="list-disc pl-5">
              {clashes.map((c) => (
                <li key={`${c.entity}-${c.event.id}`}>
                  {c.entity} overlaps {c.event.title} ({dateTimeIn(c.event.startDateTime, c.event.timeZone || tripZone)}
                  )
                </li>
              ))}
            </ul>
          </Alert>
        </div>
      )}
      {resolve.isError && <Alert tone="danger">{errorMessage(resolve.error)}</Alert>}
      {pending && canResolve && (
        <div className="mt-3 space-y-3">
          {rejecting ? (
            <div className="flex flex-wrap items-end gap-2">
              <Field label="Reason (optional)" className="min-w-64 flex-1">
                {(f) => <Input {...f} value={reason} onChange={(ev) => setReason(ev.target.value)} maxLength={1000} />}
              </Field>
              <Button variant="secondary" onClick={() => setRejecting(false)}>
                Back
              </Button>
              <Button
                variant="danger"
                loading={resolve.isPending}
                onClick={() =>
                  resolve.mutate({ action: "reject", body: reason.trim() ? { reason: reason.trim() } : {} })
                }
              >
                Reject proposal
              </Button>
            </div>
          ) : (
            <div className="flex flex-wrap gap-2">
              {outOfDate ? (
                <Button
                  loading={resolve.isPending && resolve.variables?.action === "replan"}
                  onClick={() => resolve.mutate({ action: "replan", body: {} })}
                >
                  Ask for a new plan
                </Button>
              ) : (
                <Button
                  loading={resolve.isPending}
                  // The chosen option's label can be long ("Rebook to the Fri 10 Sep 12:00 sailing"): it wraps
                  // inside the card instead of running past it (! beats the button's own nowrap and height).
                  className="h-auto! min-h-10 max-w-full py-2 text-left whitespace-normal!"
                  onClick={() =>
                    resolve.mutate({ action: "accept", body: option ? { selected_option_id: option } : {} })
                  }
                >
                  Accept{chosen ? ` option ${chosen.label ?? chosen.id}` : ""}
                </Button>
              )}
              <Button variant="secondary" onClick={() => setRejecting(true)}>
                Reject…
              </Button>
            </div>
          )}
        </div>
      )}
    </article>
  );
}
