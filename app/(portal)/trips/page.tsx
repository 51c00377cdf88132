import type { Metadata } from "next";
import { TripsPanel } from "@/components/trips/trips-panel";

export const metadata: Metadata = { title: "Trips" };

export default function TripsPage() {
  return (
    <>
      <TripsPanel
        title="Trips"
        description="Trips you plan or follow: the itinerary, proposals from planning agents, and who can change what."
      />
    </>
  );
}
