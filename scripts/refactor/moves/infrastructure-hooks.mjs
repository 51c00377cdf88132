/**
 * Issue 44 acceptance (no layer violation, no two-way domain pair):
 * - the platform's own contracts (liveness, the weather API's health) are composed from the auth
 *   strategies and the meter: they belong to no domain and need domains, so they sit in the
 *   composition root beside the contract list;
 * - the person's sign-in flows (next-auth options, sign-in check, password reset, the email
 *   contracts) read users and memberships: they live with accounts (which already owns sign-up),
 *   and lib/auth keeps credentials, strategies and secrets (accounts → auth only);
 * - the event outbox (event types, emitting an event into each endpoint's delivery chain, the
 *   chains' retry schedule) is what billing, watches and trips emit into: lib/events, under both
 *   billing and webhooks (webhooks' metered routes import billing; billing emits into lib/events).
 */
const MOVES = [
  ["lib/platform/contracts.ts", "lib/registry/platform-contracts.ts"],
  ...[
    "email-contracts",
    "next-auth-options",
    "password-reset",
    "password-reset.routes.test",
    "verify-sign-in",
    "verify-sign-in.test",
  ].map((f) => [`lib/auth/${f}.ts`, `lib/accounts/${f}.ts`]),
  ...["emit-event", "event-types", "retry-schedule"].map((f) => [`lib/webhooks/${f}.ts`, `lib/events/${f}.ts`]),
];

export default MOVES;
