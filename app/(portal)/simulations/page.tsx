import type { Metadata } from "next";
import { EnvironmentSwitch } from "@/components/simulations/environment-switch";
import { SimulationForm } from "@/components/simulations/simulation-form";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Simulations" };

export default function SimulationsPage() {
  return (
    <>
      <PageHeader
        title="Weather simulations"
        description="Sandbox accounts only: inject rain, heavy rain, gusts, heat, snow, fog, a thunderstorm, a severe alert or freezing rain at a place and time, list and delete injections, and fire your watches to see a signed event reach your webhook."
      />
      <div className="mb-6">
        <EnvironmentSwitch />
      </div>
      <SimulationForm />
    </>
  );
}
