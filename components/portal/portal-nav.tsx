"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { cx, focusRing } from "@/components/ui/cx";
import { NAV_ITEMS, type NavItem } from "./nav-items";
import { useMembership } from "@/components/team/role-context";
import { can } from "@/lib/accounts/permission-table";
import { isTripPortalPath } from "@/lib/portal/portal-paths";

const GROUP_ORDER: NavItem["group"][] = ["Developers", "Weather", "Trips", "Visa", "Docs"];

function isActive(pathname: string, href: string): boolean {
  return pathname === href || pathname.startsWith(`${href}/`);
}

/** Portal navigation, grouped; the current page is marked with aria-current. */
export function PortalNav({ onNavigate }: { onNavigate?: () => void }) {
  const pathname = usePathname() ?? "";
  const m = useMembership();
  // Only what the role may use; a trip-only member sees the trip portal's pages alone.
  const visible = NAV_ITEMS.filter(
    (i) => (!i.action || !m || can(m.role, i.action)) && (m?.focus !== "trips" || isTripPortalPath(i.href)),
  );
  const groups = GROUP_ORDER.map((g) => ({ group: g, items: visible.filter((i) => i.group === g) })).filter(
    (g) => g.items.length,
  );
  return (
    <nav aria-label="Portal" className="space-y-6">
      {groups.map(({ group, items }) => (
        <div key={group}>
          <h2 className="px-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">{group}</h2>
          <ul className="mt-2 space-y-0.5">
            {items.map((item) => {
              const active = isActive(pathname, item.href);
              return (
                <li key={item.href}>
                  <Link
                    href={item.href}
                    onClick={onNavigate}
                    aria-current={active ? "page" : undefined}
                    className={cx(
                      "block rounded-md px-2 py-1.5 text-sm font-medium",
                      focusRing,
                      active
                        ? "bg-indigo-50 text-indigo-700"
                        : "text-slate-700 hover:bg-slate-100 hover:text-slate-900",
                    )}
                  >
                    {item.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </nav>
  );
}
