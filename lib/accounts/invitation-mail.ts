import type { AccountRole } from "@/drizzle/schema";
import { brandedMail, mailText, type RenderedMail } from "@/lib/mail/templates";

/** The invitation email in the mail module's branded, localised template (lib/mail/messages/*). */
export function invitationMail(o: {
  accountName: string;
  role: AccountRole;
  link: string;
  inviter?: string;
  expiresAt: Date;
  locale?: string;
}): RenderedMail {
  const values = { inviter: o.inviter ?? "Skycast", account: o.accountName, role: o.role };
  return brandedMail({
    locale: o.locale,
    // An account named after its inviter (the default: their email) would read "X invited you to X".
    subject: mailText(
      o.locale,
      o.inviter && o.inviter === o.accountName ? "invite.subjectOwn" : "invite.subject",
      values,
    ),
    heading: mailText(o.locale, "invite.heading", values),
    paragraphs: [mailText(o.locale, "invite.body", values)],
    action: { label: mailText(o.locale, "invite.action"), url: o.link },
  });
}
