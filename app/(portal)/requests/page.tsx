import type { Metadata } from "next";
import { RequestsPanel } from "@/components/requests/requests-panel";

export const metadata: Metadata = { title: "Request log" };

export default async function RequestsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const id = (await searchParams).request_id;
  return <RequestsPanel initialRequestId={typeof id === "string" ? id : ""} />;
}
