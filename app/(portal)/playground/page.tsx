import type { Metadata } from "next";
import { PlaygroundPanel } from "@/components/playground/playground-panel";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "API playground" };

export default function PlaygroundPage() {
  return (
    <>
      <PageHeader
        title="API playground"
        description="Run current, forecast, timeline and route calls with one of your API keys and see the response, the headers and the risk assessment."
      />
      <PlaygroundPanel />
    </>
  );
}
