import type { Metadata } from "next";
import { UsagePanel } from "@/components/billing/usage-panel";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Usage" };

export default function UsagePage() {
  return (
    <>
      <PageHeader
        title="Usage"
        description="Your plan, this month's quota use per dimension, and the billing units charged each day."
      />
      <UsagePanel />
    </>
  );
}
