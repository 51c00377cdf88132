import { ApiError } from "@/lib/http/errors";
import { PERMISSIONS, can, type AccountRole, type Action } from "./permission-table";

export { ACCOUNT_ROLES, PERMISSIONS, actionsOf, can, type AccountRole, type Action } from "./permission-table";

/**
 * The one permission table (issue 30): which roles may do what in an account. Every
 * session-authenticated API call maps to one action through OPERATION_ACTIONS (checked by the route
 * helper before the handler runs), and the portal asks `can(role, action)` to show or hide a control.
 * API keys are the account's, not a person's: they keep their scopes and never consult this table.
 *
 * - owner: everything, members and plan included, and the only one who may grant or take the owner role;
 * - admin: everything but ownership transfer;
 * - developer: keys, tokens, webhooks, watches, simulations, trips; not members, invitations or plan;
 * - viewer: read only, and no secrets (no reveal, no signing secret).
 */

/**
 * Every operation a session may call, by operationId. An operation missing here is refused to every
 * role but owner and admin (fail closed); lib/accounts/permissions.test.ts fails until it is listed.
 */
export const OPERATION_ACTIONS: Record<string, Action> = {
  "accounts.switchEnvironment": "plan.manage",
  "apiKeys.list": "account.read",
  "apiKeys.create": "credentials.manage",
  "apiKeys.revoke": "credentials.manage",
  "apiKeys.rename": "credentials.manage",
  "apiKeys.roll": "credentials.manage",
  "apiKeys.usage": "account.read",
  // A person's own address, whatever their role (like leaving): not a change to the account.
  "auth.resendVerification": "account.read",
  "accessTokens.list": "account.read",
  "accessTokens.create": "credentials.manage",
  "accessTokens.revoke": "credentials.manage",
  "visaKeys.list": "account.read",
  "visaKeys.create": "credentials.manage",
  "visaKeys.revoke": "credentials.manage",
  "usage.get": "account.read",
  "usage.getDaily": "account.read",
  "requests.list": "account.read",
  "watches.create": "watches.manage",
  "watches.list": "account.read",
  "watches.get": "account.read",
  "watches.cancel": "watches.manage",
  "watches.pause": "watches.manage",
  "watches.resume": "watches.manage",
  "watches.listAttempts": "account.read",
  "watches.redeliverEvent": "watches.manage",
  "webhooks.create": "webhooks.manage",
  "webhooks.list": "account.read",
  "webhooks.get": "account.read",
  "webhooks.update": "webhooks.manage",
  "webhooks.disable": "webhooks.manage",
  "webhooks.delete": "webhooks.manage",
  "webhooks.listAttempts": "account.read",
  "webhooks.sendTest": "webhooks.manage",
  "webhooks.redeliver": "webhooks.manage",
  "webhooks.recover": "webhooks.manage",
  "webhooks.clone": "webhooks.manage",
  "webhooks.revealSecret": "secrets.reveal",
  "webhooks.rotateSecret": "secrets.reveal",
  "watchSigningSecret.get": "secrets.reveal",
  "watchSigningSecret.rotate": "secrets.reveal",
  "events.list": "account.read",
  "events.get": "account.read",
  "trips.list": "account.read",
  "trips.create": "trips.manage",
  "trips.update": "trips.manage",
  "trips.get": "account.read",
  "trips.getItinerary": "account.read",
  "trips.getItineraryIcal": "account.read",
  "trips.getWeather": "account.read",
  "tripMembers.list": "account.read",
  "tripMembers.add": "trips.manage",
  "tripMembers.changeRole": "trips.manage",
  "tripMembers.remove": "trips.manage",
  "tripOps.listSince": "account.read",
  "tripOps.apply": "trips.manage",
  "proposals.list": "account.read",
  "proposals.create": "trips.manage",
  "proposals.get": "account.read",
  "proposals.resolve": "trips.manage",
  "tripEvents.list": "account.read",
  "places.search": "account.read",
  "tripEvents.create": "trips.manage",
  "tripEvents.get": "account.read",
  "tripEvents.update": "trips.manage",
  "tripEvents.delete": "trips.manage",
  "weather.getCurrent": "weather.read",
  "weather.getForecast": "weather.read",
  "weather.analyseTimeline": "weather.read",
  "weather.analyseRoute": "weather.read",
  "weather.createSimulation": "simulations.manage",
  "weather.listSimulations": "account.read",
  "weather.deleteSimulation": "simulations.manage",
  "weather.fireWatches": "simulations.manage",
  "members.list": "members.read",
  "members.changeRole": "members.manage",
  "members.remove": "account.read",
  "invitations.create": "members.manage",
  "invitations.list": "members.manage",
  "invitations.revoke": "members.manage",
  "accounts.listMemberships": "account.read",
  "auditEvents.list": "audit.read",
  // A person's own notifications and their settings, whatever their role (issue 42 item 4).
  "notifications.list": "account.read",
  "notifications.markRead": "account.read",
  "notifications.markAllRead": "account.read",
  "notificationSettings.get": "account.read",
  "notificationSettings.put": "account.read",
};

/** The action an operation needs from a session; unlisted operations need members.manage (fail closed). */
export function actionOf(operationId: string | undefined): Action {
  return (operationId && OPERATION_ACTIONS[operationId]) || "members.manage";
}

export function assertCan(role: AccountRole, action: Action): void {
  if (can(role, action)) return;
  throw new ApiError("forbidden", `Your role in this account (${role}) does not allow this (${action}).`, {
    details: { role, action, allowed_roles: PERMISSIONS[action] },
  });
}
