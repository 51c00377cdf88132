import { describe, expect, it } from "vitest";
import { allContracts } from "@/lib/registry/all-contracts";
import { ACCOUNT_ROLES, OPERATION_ACTIONS, PERMISSIONS, actionOf, actionsOf, can, type Action } from "./permissions";

const sessionOperations = () =>
  allContracts()
    .filter((c) => (c.auth.security as Array<Record<string, string[]>>).some((s) => "session" in s))
    .map((c) => c.operationId!);

describe("the permission table", () => {
  it("names an action for every operation a session may call, and only for operations that exist", () => {
    const ops = sessionOperations();
    expect(ops.filter((op) => !(op in OPERATION_ACTIONS))).toEqual([]);
    const all = new Set(allContracts().map((c) => c.operationId));
    expect(Object.keys(OPERATION_ACTIONS).filter((op) => !all.has(op))).toEqual([]);
  });

  it("an operation missing from the table is refused to developers and viewers (fail closed)", () => {
    expect(actionOf("someone.newOperation")).toBe("members.manage");
    expect(can("developer", actionOf("someone.newOperation"))).toBe(false);
    expect(can("admin", actionOf(undefined))).toBe(true);
  });

  it("each role can do everything the role below it can (viewer ⊂ developer ⊂ admin ⊂ owner)", () => {
    const order = ["viewer", "developer", "admin", "owner"] as const;
    for (let i = 1; i < order.length; i++) {
      const below = actionsOf(order[i - 1]);
      expect(
        below.filter((a) => !can(order[i], a)),
        `${order[i]} ⊇ ${order[i - 1]}`,
      ).toEqual([]);
    }
    expect(actionsOf("owner")).toEqual(Object.keys(PERMISSIONS));
  });

  it("the issue's semantics: viewer reads only and no secrets; developer builds but no members or plan; admin no ownership transfer", () => {
    const changes = (Object.keys(PERMISSIONS) as Action[]).filter((a) => !a.endsWith(".read"));
    expect(changes.filter((a) => can("viewer", a))).toEqual([]);
    for (const a of [
      "credentials.manage",
      "webhooks.manage",
      "watches.manage",
      "simulations.manage",
      "trips.manage",
      "secrets.reveal",
    ] as const) {
      expect(can("developer", a), a).toBe(true);
    }
    for (const a of ["members.manage", "members.transfer_ownership", "plan.manage"] as const)
      expect(can("developer", a), a).toBe(false);
    expect(can("admin", "members.manage") && can("admin", "plan.manage")).toBe(true);
    expect(can("admin", "members.transfer_ownership")).toBe(false);
    expect(ACCOUNT_ROLES.filter((r) => can(r, "members.transfer_ownership"))).toEqual(["owner"]);
    // Viewer-readable operations are all reads, except a person's own exits, address and notifications (leave, resend the
    // confirmation mail, mark read, notification settings) and analyses.
    const viewerWrites = Object.entries(OPERATION_ACTIONS)
      .filter(([, a]) => can("viewer", a))
      .map(([op]) => allContracts().find((c) => c.operationId === op)!)
      .filter((c) => c.method !== "GET")
      .map((c) => c.operationId);
    expect(viewerWrites.sort()).toEqual([
      "auth.resendVerification",
      "members.remove",
      "notificationSettings.put",
      "notifications.markAllRead",
      "notifications.markRead",
      "weather.analyseRoute",
      "weather.analyseTimeline",
    ]);
  });
});
