import type { Metadata } from "next";
import { SimulationForm } from "@/components/simulations/simulation-form";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Simulations" };

export default function SimulationsPage() {
  return (
    <>
      <PageHeader
        title="Weather simulations"
        description="Sandbox accounts only: inject rain, gusts, heat, snow, fog, a thunderstorm or a severe alert at a place and time, and see your calls and watches react. Production accounts are refused (403)."
      />
      <SimulationForm />
    </>
  );
}
