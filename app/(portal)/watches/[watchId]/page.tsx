import type { Metadata } from "next";
import { Breadcrumbs } from "@/components/ui/breadcrumbs";
import { WatchDetail } from "@/components/watches/watch-detail";

export const metadata: Metadata = { title: "Watch" };

export default async function WatchPage({ params }: { params: Promise<{ watchId: string }> }) {
  const { watchId } = await params;
  return (
    <>
      <Breadcrumbs items={[{ href: "/watches", label: "Watches" }, { label: "Watch" }]} />
      <WatchDetail watchId={watchId} />
    </>
  );
}
