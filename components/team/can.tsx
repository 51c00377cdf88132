"use client";
import type { ReactNode } from "react";
import type { Action } from "@/lib/accounts/permission-table";
import { useCan } from "./role-context";

/** Renders its children only when the signed-in person's role allows the action (the API refuses it anyway). */
export function Can({ action, children }: { action: Action; children: ReactNode }) {
  return useCan(action) ? <>{children}</> : null;
}
