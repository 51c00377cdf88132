"use client";
import { useState, type ReactNode } from "react";
import { QuotaBanner } from "./quota-banner";
import { SandboxBanner } from "./sandbox-banner";
import { cx, focusRing } from "@/components/ui/cx";
import { Logo } from "./logo";
import { NavScrollArea } from "./nav-scroll-area";
import { PortalNav } from "./portal-nav";
import { SignOutButton } from "./sign-out-button";
import { AccountSwitcher } from "@/components/team/account-switcher";
import { useTripFocus } from "@/components/team/role-context";
import { TripPortalGate } from "./trip-portal-gate";

/**
 * Portal frame: a fixed sidebar from the lg breakpoint, a top bar with a
 * collapsible menu below it (phones and tablets).
 */
export function PortalShell({ email, children }: { email: string; children: ReactNode }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const home = useTripFocus() ? "/trips" : "/keys";
  return (
    <div className="min-h-screen">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>

      <div className="lg:pl-64">
        <SandboxBanner />
        <QuotaBanner />
      </div>

      {/* Sidebar (desktop) */}
      <aside className="fixed inset-y-0 left-0 z-30 hidden w-64 flex-col border-r border-slate-200 bg-white lg:flex">
        <div className="flex h-16 items-center px-5">
          <Logo href={home} />
        </div>
        <NavScrollArea className="px-3 py-4">
          <PortalNav />
        </NavScrollArea>
        <AccountBox email={email} />
      </aside>

      {/* Top bar (mobile) */}
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white lg:hidden">
        <div className="flex h-14 items-center justify-between px-4">
          <Logo href={home} />
          <button
            type="button"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpen((o) => !o)}
            className={cx(
              "inline-flex size-10 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100",
              focusRing,
            )}
          >
            <span className="sr-only">{menuOpen ? "Close menu" : "Open menu"}</span>
            <svg
              className="size-6"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              aria-hidden="true"
            >
              {menuOpen ? (
                <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
              ) : (
                <path d="M4 7h16M4 12h16M4 17h16" strokeLinecap="round" />
              )}
            </svg>
          </button>
        </div>
        {menuOpen && (
          // At most the screen below the bar, scrolling inside: the page behind it does not bring a sticky bar's end into view.
          <div id="mobile-menu" className="flex max-h-[calc(100dvh-3.5rem)] flex-col border-t border-slate-200">
            <NavScrollArea className="px-3 pt-4 pb-2">
              <PortalNav onNavigate={() => setMenuOpen(false)} />
              <div className="-mx-3 mt-4">
                <AccountBox email={email} />
              </div>
            </NavScrollArea>
          </div>
        )}
      </header>

      <div className="lg:pl-64">
        <main id="main" className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 lg:px-8 lg:py-10">
          <TripPortalGate>{children}</TripPortalGate>
        </main>
      </div>
    </div>
  );
}

function AccountBox({ email }: { email: string }) {
  return (
    <div className="border-t border-slate-200">
      <AccountSwitcher />
      <div className="flex items-center justify-between gap-2 px-4 py-3">
        <div className="min-w-0">
          <p className="text-xs text-slate-500">Signed in as</p>
          <p className="truncate text-sm font-medium text-slate-800" title={email}>
            {email}
          </p>
        </div>
        <SignOutButton />
      </div>
    </div>
  );
}
