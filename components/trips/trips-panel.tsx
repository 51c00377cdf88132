"use client";
import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Dialog } from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { Spinner } from "@/components/ui/spinner";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { apiFetch, errorMessage } from "@/lib/client/api-fetch";
import { useCan } from "@/components/team/role-context";
import { CreateTripForm } from "./create-trip-form";
import { tripKeys, type Trip } from "./types";

/** The signed-in member's trips, with a create dialog. */
export function TripsPanel({ title, description }: { title: string; description: string }) {
  const trips = useQuery({ queryKey: tripKeys.all, queryFn: () => apiFetch<{ trips: Trip[] }>("/v1/trips") });
  const [creating, setCreating] = useState(false);
  const mayCreate = useCan("trips.manage");
  return (
    <>
      <PageHeader
        title={title}
        description={description}
        actions={mayCreate ? <Button onClick={() => setCreating(true)}>New trip</Button> : undefined}
      />
      <Card>
        {trips.isPending ? (
          <p className="flex items-center gap-2 px-6 py-10 text-sm text-slate-500" role="status">
            <Spinner /> Loading trips…
          </p>
        ) : trips.isError ? (
          <div className="p-4 sm:p-6">
            <Alert tone="danger" title="Could not load your trips">
              {errorMessage(trips.error)}
            </Alert>
          </div>
        ) : trips.data.trips.length === 0 ? (
          <EmptyState
            title="No trips yet"
            description="Create a trip, then invite the people (and planning agents) who plan it with you."
            action={mayCreate ? <Button onClick={() => setCreating(true)}>Create your first trip</Button> : undefined}
          />
        ) : (
          <Table caption="Your trips" stacked>
            <THead>
              <Tr>
                <Th>Trip</Th>
                <Th>Dates</Th>
                <Th>Time zone</Th>
                <Th>Your role</Th>
                <Th className="text-right">Revision</Th>
              </Tr>
            </THead>
            <TBody>
              {trips.data.trips.map((t) => (
                <Tr key={t.trip_id}>
                  <Td label="Trip" className="font-medium">
                    <Link href={`/trips/${t.trip_id}`} className="text-indigo-700 hover:underline">
                      {t.name}
                    </Link>
                  </Td>
                  <Td label="Dates" className="whitespace-nowrap">
                    {t.start_date ? `${t.start_date} → ${t.end_date ?? "…"}` : "—"}
                  </Td>
                  <Td label="Time zone">{t.time_zone}</Td>
                  <Td label="Your role">
                    <Badge tone={t.role === "owner" ? "info" : "neutral"}>{t.role}</Badge>
                  </Td>
                  <Td label="Revision" className="font-mono text-xs sm:text-right">
                    {t.revision}
                  </Td>
                </Tr>
              ))}
            </TBody>
          </Table>
        )}
      </Card>
      <Dialog open={creating} onClose={() => setCreating(false)} title="Create a trip">
        <CreateTripForm onDone={() => setCreating(false)} />
      </Dialog>
    </>
  );
}
