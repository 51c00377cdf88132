import type { Metadata } from "next";
import { Can } from "@/components/team/can";
import { ButtonLink } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { WatchesList } from "@/components/watches/watches-list";
import { WatchSigningSecretCard } from "@/components/webhooks/watch-signing-secret-card";

export const metadata: Metadata = { title: "Watches" };

export default function WatchesPage() {
  return (
    <>
      <PageHeader
        title="Watches"
        description="Watches monitor the forecast for a place and time window and POST signed events to your webhook when it changes."
        actions={
          <Can action="watches.manage">
            <ButtonLink href="/watches/new">New watch</ButtonLink>
          </Can>
        }
      />
      <WatchesList />
      <Can action="secrets.reveal">
        <WatchSigningSecretCard />
      </Can>
    </>
  );
}
