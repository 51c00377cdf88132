import type { Metadata } from "next";
import { EventsPanel } from "@/components/events/events-panel";

export const metadata: Metadata = { title: "Events" };

export default function EventsPage() {
  return <EventsPanel />;
}
