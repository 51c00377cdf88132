"use client";
import Link from "next/link";
import { useUsage } from "@/components/billing/use-usage";

/**
 * Persistent strip across the top of every portal page for sandbox accounts
 * (like a test-mode banner): simulated weather, and where to inject it.
 * Reads GET /v1/usage, which bills nothing.
 */
export function SandboxBanner() {
  const usage = useUsage();
  if (usage.data?.data.environment !== "sandbox") return null;
  return (
    <div
      role="region"
      aria-label="Sandbox mode"
      className="border-b border-amber-300 bg-amber-100 px-4 py-1.5 text-center text-sm text-amber-950"
      data-testid="sandbox-banner"
    >
      <strong className="font-semibold">Sandbox</strong>: weather is simulated and calls cost nothing real.{" "}
      <Link href="/simulations" className="font-medium underline">
        Simulate weather
      </Link>
      .
    </div>
  );
}
