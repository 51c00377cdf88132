"use client";
import { useCan } from "@/components/team/role-context";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { toast } from "sonner";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { QueryStates } from "@/components/ui/query-states";
import { apiFetch, ApiRequestError } from "@/lib/client/api-fetch";
import { SIMULATION_KIND_LABELS, type SimulationKind } from "@/lib/weather/simulation-schemas";
import { useUsage } from "@/components/billing/use-usage";

export interface ListedInjection {
  simulation_id: string;
  geohash: string;
  kind: string;
  lat: number;
  lng: number;
  starts_at: string;
  ends_at: string;
}

interface FireResult {
  fired: number;
  watches: Array<{ watch_id: string; outcome: string; events: string[] }>;
  caused?: {
    since: string;
    events: Array<{ event_id: string; type: string; watch_id: string; deliveries: number; delivered: number }>;
    proposals: Array<{ proposal_id: string; trip_id: number; subject_event_id: number | null; status: string }>;
  };
}

/** Everything the fire caused (issue 42 item 5): each event with its deliveries, and the planner's proposals. */
function FireReport({ r }: { r: FireResult }) {
  const events = r.caused?.events ?? [];
  const proposals = r.caused?.proposals ?? [];
  if (events.length === 0 && proposals.length === 0) return null;
  return (
    <>
      <p className="mt-2">
        Recorded since {new Date(r.caused!.since).toLocaleTimeString()} (your latest injection, else this click):
      </p>
      <ul className="mt-1 list-disc space-y-0.5 pl-5" data-testid="fire-caused">
        {events.map((e) => (
          <li key={e.event_id}>
            <Link href={`/events/${e.event_id}`} className="font-medium underline">
              {e.type}
            </Link>{" "}
            · {e.deliveries} {e.deliveries === 1 ? "delivery" : "deliveries"}
            {e.deliveries > 0 ? ` (${e.delivered} delivered so far)` : ""}
          </li>
        ))}
        {proposals.map((p) => (
          <li key={p.proposal_id}>
            The weather planner raised a{" "}
            <Link href={`/trips/${p.trip_id}`} className="font-medium underline">
              proposal on trip {p.trip_id}
            </Link>
            {p.subject_event_id !== null ? ` for event ${p.subject_event_id}` : ""} ({p.status})
          </li>
        ))}
      </ul>
    </>
  );
}

export const SIMULATIONS_KEY = ["weather-simulations"] as const;

export const kindLabel = (k: string) => SIMULATION_KIND_LABELS[k as SimulationKind] ?? k.replaceAll("_", " ");

function describeFire(r: FireResult): string {
  if (r.watches.length === 0) return "You have no active watches. Create one under Watches, then fire it here.";
  const types = [...new Set(r.caused ? r.caused.events.map((e) => e.type) : r.watches.flatMap((w) => w.events))];
  const n = r.fired;
  return `${n} watch${n === 1 ? "" : "es"} fired${types.length ? `: ${types.join(", ")}` : ""}. Each event is signed and delivered to the watch's webhook within seconds.`;
}

/**
 * The account's live injections (from the API, so they survive a reload) with
 * delete, and "fire my watches now": every active watch re-checks the simulated
 * weather at once, so its webhook receives a real signed event right away.
 */
export function InjectionList({ places }: { places: Record<string, string> }) {
  const qc = useQueryClient();
  const manage = useCan("simulations.manage");
  // Same query (and cache) as the sandbox banner and the environment switch.
  const usage = useUsage();
  const isSandbox = usage.data?.data.environment === "sandbox";
  // A production account cannot have injections: ask only once it is a sandbox (no error card).
  const list = useQuery({
    queryKey: SIMULATIONS_KEY,
    queryFn: () =>
      apiFetch<{ data: { simulations: ListedInjection[] } }>("/v1/weather/simulations").then((r) => r.data.simulations),
    enabled: isSandbox,
  });
  const remove = useMutation({
    mutationFn: (s: ListedInjection) => apiFetch(`/v1/weather/simulations/${s.simulation_id}`, { method: "DELETE" }),
    onSuccess: async (_r, s) => {
      toast.success(`${kindLabel(s.kind)} injection deleted.`);
      await qc.invalidateQueries({ queryKey: SIMULATIONS_KEY });
    },
    onError: (e) =>
      toast.error(e instanceof ApiRequestError ? `${e.message} (${e.code})` : "Could not delete the injection."),
  });
  const [fired, setFired] = useState<FireResult | null>(null);
  const fire = useMutation({
    mutationFn: () =>
      apiFetch<{ data: FireResult }>("/v1/weather/simulations/fire-watches", { method: "POST" }).then((r) => r.data),
    onSuccess: (r) => setFired(r),
  });
  const placeOf = (s: ListedInjection) => places[s.simulation_id] ?? `${s.lat.toFixed(3)}, ${s.lng.toFixed(3)}`;

  return (
    <>
      <Card>
        <CardHeader
          title="Active injections"
          description="Every injection of this account that has not ended. Deleting one takes effect at once."
        />
        {usage.data && !isSandbox ? (
          <p className="px-6 py-6 text-sm text-slate-700" data-testid="injections-production">
            Injections exist only in a sandbox. Switch this account to sandbox above to inject weather.
          </p>
        ) : (
          <QueryStates
            query={list}
            what="injections"
            empty={<p className="px-6 py-6 text-sm text-slate-700">Nothing injected yet.</p>}
          >
            {(items) => (
              <ul className="divide-y divide-slate-200 text-sm" data-testid="injections" aria-label="Active injections">
                {items.map((s) => (
                  <li key={s.simulation_id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3 sm:px-6">
                    <strong>{kindLabel(s.kind)}</strong>
                    <span>{placeOf(s)}</span>
                    <span className="text-slate-700">
                      {new Date(s.starts_at).toLocaleString()} → {new Date(s.ends_at).toLocaleString()}
                    </span>
                    <code className="font-mono text-xs text-slate-700">cell {s.geohash}</code>
                    {manage && (
                      <Button
                        variant="secondary"
                        size="sm"
                        className="ml-auto"
                        loading={remove.isPending && remove.variables?.simulation_id === s.simulation_id}
                        aria-label={`Delete ${kindLabel(s.kind)} at ${placeOf(s)}`}
                        onClick={() => remove.mutate(s)}
                      >
                        Delete
                      </Button>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </QueryStates>
        )}
      </Card>
      {manage && (
        <Card>
          <CardHeader
            title="Fire my watches now"
            description="Every active watch re-checks the simulated weather at once (as its next scheduled check would) and sends its signed event to its webhook."
          />
          <CardBody>
            <div className="space-y-3">
              <Button onClick={() => fire.mutate()} loading={fire.isPending}>
                {fire.isPending ? "Firing…" : "Fire my watches now"}
              </Button>
              <div role="status" data-testid="fire-result">
                {fired && (
                  <Alert
                    tone={fired.fired > 0 ? "success" : "info"}
                    title={fired.fired > 0 ? "Watches fired" : "Nothing to fire"}
                  >
                    {describeFire(fired)}{" "}
                    {fired.fired > 0 && (
                      <Link href="/events" className="font-medium underline">
                        See the events and deliveries
                      </Link>
                    )}
                    <FireReport r={fired} />
                  </Alert>
                )}
              </div>
              {fire.isError && (
                <Alert tone="danger" title="The watches were not fired">
                  {fire.error instanceof ApiRequestError
                    ? `${fire.error.message} (${fire.error.code})`
                    : "Something went wrong."}
                </Alert>
              )}
            </div>
          </CardBody>
        </Card>
      )}
    </>
  );
}
