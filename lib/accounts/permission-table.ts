import { ACCOUNT_ROLES, type AccountRole } from "@/drizzle/schema/roles";

export { ACCOUNT_ROLES, type AccountRole };

/** The roles' table, free of server imports: the portal's client components ask it too (lib/accounts/permissions.ts maps operations to it). */
const ALL: readonly AccountRole[] = ACCOUNT_ROLES;
const BUILDERS: readonly AccountRole[] = ["owner", "admin", "developer"];
const MANAGERS: readonly AccountRole[] = ["owner", "admin"];

export const PERMISSIONS = {
  /** Lists and reads of the account's resources (keys' metadata, webhooks, watches, events, usage, requests, trips). */
  "account.read": ALL,
  /** Weather reads and analyses through the portal (looking is never a change). */
  "weather.read": ALL,
  /** API keys, access tokens and visa keys: create and revoke. */
  "credentials.manage": BUILDERS,
  /** Webhook endpoints and watches: create, change, pause, disable, test, redeliver, recover. */
  "webhooks.manage": BUILDERS,
  "watches.manage": BUILDERS,
  "simulations.manage": BUILDERS,
  "trips.manage": BUILDERS,
  /** Reveal or rotate a signing secret. */
  "secrets.reveal": BUILDERS,
  /** The member list (everyone in the account sees who else is). */
  "members.read": ALL,
  /** Change roles below owner, remove members, invite, revoke invitations, mint `admin`-scoped keys. */
  "members.manage": MANAGERS,
  /** Grant or take the owner role (ownership transfer). */
  "members.transfer_ownership": ["owner"],
  /** The account's audit log (issue 30 item 5: owners and admins, or a key with `admin`). */
  "audit.read": MANAGERS,
  /** Plan, limits and the account's environment. */
  "plan.manage": MANAGERS,
} as const satisfies Record<string, readonly AccountRole[]>;

export type Action = keyof typeof PERMISSIONS;

export function can(role: AccountRole, action: Action): boolean {
  return (PERMISSIONS[action] as readonly AccountRole[]).includes(role);
}

/** Every action a role may take, for the portal (hide what it cannot do). */
export function actionsOf(role: AccountRole): Action[] {
  return (Object.keys(PERMISSIONS) as Action[]).filter((a) => can(role, a));
}
