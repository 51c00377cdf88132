import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { TripView } from "@/components/trips/trip-view";
import { Breadcrumbs } from "@/components/ui/breadcrumbs";
import { intId } from "@/lib/http/ids";

export const metadata: Metadata = { title: "Trip" };

export default async function TripPage({ params }: { params: Promise<{ tripId: string }> }) {
  const { tripId } = await params;
  const parsed = intId().safeParse(tripId);
  if (!parsed.success) notFound();
  const id = parsed.data;
  return (
    <>
      <Breadcrumbs items={[{ href: "/trips", label: "Trips" }, { label: `Trip ${id}` }]} />
      <TripView tripId={id} />
    </>
  );
}
