/** Portal navigation. Each area adds its entry; only link what exists. */
import type { Action } from "@/lib/accounts/permission-table";

export interface NavItem {
  href: string;
  label: string;
  group: "Developers" | "Weather" | "Trips" | "Visa" | "Docs";
  /** Shown only to roles that may take this action (lib/accounts/permission-table.ts). */
  action?: Action;
}

export const NAV_ITEMS: NavItem[] = [
  { href: "/keys", label: "API keys", group: "Developers" },
  { href: "/tokens", label: "Access tokens", group: "Developers" },
  { href: "/agents", label: "Agents", group: "Developers" },
  { href: "/usage", label: "Usage", group: "Developers" },
  { href: "/requests", label: "Request log", group: "Developers" },
  { href: "/team", label: "Team", group: "Developers" },
  { href: "/audit", label: "Audit log", group: "Developers", action: "audit.read" },
  { href: "/playground", label: "API playground", group: "Weather" },
  { href: "/watches", label: "Watches", group: "Weather" },
  { href: "/webhooks", label: "Webhooks", group: "Weather" },
  { href: "/events", label: "Events", group: "Weather" },
  { href: "/simulations", label: "Simulations (sandbox)", group: "Weather" },
  { href: "/trips", label: "Trips", group: "Trips" },
  { href: "/inbox", label: "Inbox", group: "Trips" },
  { href: "/settings/notifications", label: "Notification settings", group: "Trips" },
  { href: "/visa", label: "Visa API keys", group: "Visa" },
  { href: "/docs", label: "API reference", group: "Docs" },
];
