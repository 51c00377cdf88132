/** Portal navigation. Each area adds its entry; only link what exists. */
export interface NavItem {
  href: string;
  label: string;
  group: "Developers" | "Weather" | "Trips" | "Visa" | "Docs";
}

export const NAV_ITEMS: NavItem[] = [
  { href: "/keys", label: "API keys", group: "Developers" },
  { href: "/tokens", label: "Access tokens", group: "Developers" },
  { href: "/usage", label: "Usage", group: "Developers" },
  { href: "/requests", label: "Request log", group: "Developers" },
  { href: "/team", label: "Team", group: "Developers" },
  { href: "/audit", label: "Audit log", group: "Developers" },
  { href: "/playground", label: "API playground", group: "Weather" },
  { href: "/watches", label: "Watches", group: "Weather" },
  { href: "/webhooks", label: "Webhooks", group: "Weather" },
  { href: "/events", label: "Events", group: "Weather" },
  { href: "/simulations", label: "Simulations (sandbox)", group: "Weather" },
  { href: "/trips", label: "Trips", group: "Trips" },
  { href: "/visa", label: "Visa API keys", group: "Visa" },
  { href: "/docs", label: "API reference", group: "Docs" },
];
