import type { Metadata } from "next";
import { TripsPanel } from "@/components/trips/trips-panel";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Trips" };

export default function TripsPage() {
  return (
    <>
      <PageHeader title="Trips" description="Trips you plan or follow: the itinerary, proposals from planning agents, and who can change what." />
      <TripsPanel />
    </>
  );
}
