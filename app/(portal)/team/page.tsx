import type { Metadata } from "next";
import { TeamPanel } from "@/components/team/team-panel";

export const metadata: Metadata = { title: "Team" };

export default function TeamPage() {
  return <TeamPanel />;
}
