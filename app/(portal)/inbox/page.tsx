import type { Metadata } from "next";
import { Suspense } from "react";
import { InboxPanel } from "@/components/notifications/inbox-panel";

export const metadata: Metadata = { title: "Inbox" };

export default function InboxPage() {
  return (
    <Suspense>
      <InboxPanel />
    </Suspense>
  );
}
