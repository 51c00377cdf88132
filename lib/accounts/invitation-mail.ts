import type { AccountRole } from "@/drizzle/schema";

const ROLE_TEXT: Record<AccountRole, string> = {
  owner: "an owner (everything, members and plan included)",
  admin: "an admin (everything but ownership transfer)",
  developer: "a developer (keys, tokens, webhooks, watches, simulations, trips)",
  viewer: "a viewer (read only)",
};

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The invitation email: plain text and a minimal branded HTML part, both carrying the one link. */
export function invitationMail(o: { accountName: string; role: AccountRole; link: string; inviter?: string; expiresAt: Date }): {
  subject: string;
  text: string;
  html: string;
} {
  const who = o.inviter ? `${o.inviter} invited you` : "You are invited";
  const until = o.expiresAt.toISOString().slice(0, 10);
  const subject = `Join ${o.accountName} on Skycast`;
  const text = `${who} to join the Skycast account "${o.accountName}" as ${ROLE_TEXT[o.role]}.\n\nAccept: ${o.link}\n\nThe link works once and until ${until}. If you did not expect this, ignore this email.\n`;
  const html =
    `<div style="font-family:system-ui,sans-serif;max-width:520px">` +
    `<p style="font-weight:600;color:#0369a1">Skycast</p>` +
    `<p>${escape(who)} to join the Skycast account <strong>${escape(o.accountName)}</strong> as ${escape(ROLE_TEXT[o.role])}.</p>` +
    `<p><a href="${escape(o.link)}" style="background:#0369a1;color:#fff;padding:8px 14px;border-radius:6px;text-decoration:none">Accept the invitation</a></p>` +
    `<p style="color:#555;font-size:13px">The link works once and until ${until}. If you did not expect this, ignore this email.</p></div>`;
  return { subject, text, html };
}
