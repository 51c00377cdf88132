import type { Metadata } from "next";
import { KeyDetail } from "@/components/developer/key-detail";

export const metadata: Metadata = { title: "API key" };

export default async function KeyPage({ params }: { params: Promise<{ keyId: string }> }) {
  const { keyId } = await params;
  return <KeyDetail keyId={keyId} />;
}
