import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { TripView } from "@/components/trips/trip-view";

export const metadata: Metadata = { title: "Trip" };

export default async function TripPage({ params }: { params: Promise<{ tripId: string }> }) {
  const { tripId } = await params;
  const id = Number(tripId);
  if (!Number.isInteger(id) || id <= 0) notFound();
  return <TripView tripId={id} />;
}
