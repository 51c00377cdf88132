import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { TripView } from "@/components/trips/trip-view";
import { Breadcrumbs } from "@/components/ui/breadcrumbs";

export const metadata: Metadata = { title: "Trip" };

export default async function TripPage({ params }: { params: Promise<{ tripId: string }> }) {
  const { tripId } = await params;
  const id = Number(tripId);
  if (!Number.isInteger(id) || id <= 0) notFound();
  return (
    <>
      <Breadcrumbs items={[{ href: "/trips", label: "Trips" }, { label: `Trip ${id}` }]} />
      <TripView tripId={id} />
    </>
  );
}
