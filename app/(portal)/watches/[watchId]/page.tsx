import type { Metadata } from "next";
import { WatchDetail } from "@/components/watches/watch-detail";

export const metadata: Metadata = { title: "Watch" };

export default async function WatchPage({ params }: { params: Promise<{ watchId: string }> }) {
  const { watchId } = await params;
  return <WatchDetail watchId={watchId} />;
}
