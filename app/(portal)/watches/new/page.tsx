import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";
import { NewWatch } from "@/components/watches/new-watch";

export const metadata: Metadata = { title: "New watch" };

export default function NewWatchPage() {
  return (
    <>
      <PageHeader
        title="New watch"
        description="Creating a watch bills 1 unit, then 1 unit per day it is active inside its window."
      />
      <NewWatch />
    </>
  );
}
