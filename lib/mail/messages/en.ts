/** Mail strings, English (ICU MessageFormat; every catalogue has the same keys, tested). */
export const en: Record<string, string> = {
  "common.brand": "Skycast",
  "common.footer": "You receive this email because of your Skycast account.",
  "common.ignore": "If you did not ask for this, you can ignore this email; nothing changes.",
  "common.linkFallback": "If the button does not work, copy this link into your browser:",
  "reset.subject": "Reset your Skycast password",
  "reset.heading": "Reset your password",
  "reset.body":
    "Someone asked to reset the password of the Skycast account {email}. The link below works once, within one hour; setting a new password signs you out everywhere else.",
  "reset.action": "Choose a new password",
  "verify.subject": "Confirm your email address for Skycast",
  "verify.heading": "Confirm your email address",
  "verify.body":
    "Welcome to Skycast. Confirm that {email} is yours to create production API keys. The link works once, within 7 days.",
  "verify.action": "Confirm my email address",
  "quota.subject": "Skycast: {percent}% of your {limit_name} quota used",
  "quota.heading": "{percent}% of your quota used",
  "quota.body": "The account {account} has used {used} of {limit} ({limit_name}, plan {plan}) in the current period.",
  "quota.body100": "New calls that need this quota are refused until {resets_at} or until you upgrade the plan.",
  "quota.body80": "Calls are refused once the limit is reached; it resets on {resets_at}.",
  "quota.noReset": "Calls that need this quota are refused until you free some up or upgrade the plan.",
  "quota.action": "View usage",
  "invite.subject": "{inviter} invited you to {account} on Skycast",
  "invite.heading": "Join {account} on Skycast",
  "invite.body":
    "{inviter} invited you to the Skycast account {account} as {role}. The link works once, within 7 days.",
  "invite.action": "Accept the invitation",
  "limit.requests_per_month": "monthly requests",
  "limit.timeline_items_per_month": "monthly timeline items",
  "limit.route_calls_per_month": "monthly route calls",
  "limit.active_watches": "active watches",
  "invite.subjectOwn": "{inviter} invited you to their Skycast account",
};
