"use client";
import { createContext, useContext, type ReactNode } from "react";
import { can, type Action, type AccountRole } from "@/lib/accounts/permission-table";

interface Membership {
  userId: string;
  accountId: string;
  role: AccountRole;
  /** "trips" for a person who is only a trip member (lib/portal/portal-focus.ts). */
  focus?: "trips" | "developer";
}

const RoleContext = createContext<Membership | null>(null);

/** The signed-in person's role in the session's account, read by the portal layout on every page load. */
export function RoleProvider({ value, children }: { value: Membership; children: ReactNode }) {
  return <RoleContext.Provider value={value}>{children}</RoleContext.Provider>;
}

export function useMembership(): Membership | null {
  return useContext(RoleContext);
}

/**
 * Whether the person may take an action (the permission table, lib/accounts/permissions.ts): controls
 * they may not use are not shown. The API refuses them anyway (403); hiding is courtesy, not the guard.
 */
export function useCan(action: Action): boolean {
  const m = useContext(RoleContext);
  return m === null ? true : can(m.role, action);
}

/** Whether the portal shows the traveller's view (trips only) rather than the developer console. */
export function useTripFocus(): boolean {
  return useContext(RoleContext)?.focus === "trips";
}
