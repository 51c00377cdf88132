import { eq, sql } from "drizzle-orm";
import { users } from "@/drizzle/schema";
import { findUserByEmail } from "@/lib/accounts/find-user";
import { getDb } from "@/lib/db/client";
import { log } from "@/lib/log";
import { appUrl } from "@/lib/mail/app-url";
import { sendMail } from "@/lib/mail/send-mail";
import { brandedMail, mailText } from "@/lib/mail/templates";
import { consumeAuthRate } from "@/lib/auth/auth-rate-limit";
import { consumeEmailToken, issueEmailToken, retireEmailTokens } from "@/lib/auth/email-tokens";
import { hashPassword } from "@/lib/auth/passwords";
import { sha256Hex } from "@/lib/auth/secrets";

/** Per address and per caller IP (README "Mail"). */
export const RESET_LIMITS = {
  perEmail: { limit: 5, windowSeconds: 600 },
  perIp: { limit: 30, windowSeconds: 600 },
} as const;

export function passwordResetMail(to: string, link: string, locale?: string) {
  return {
    to,
    ...brandedMail({
      locale,
      subject: mailText(locale, "reset.subject"),
      heading: mailText(locale, "reset.heading"),
      paragraphs: [mailText(locale, "reset.body", { email: to })],
      action: { label: mailText(locale, "reset.action"), url: link },
      note: mailText(locale, "common.ignore"),
    }),
  };
}

/**
 * "Forgot password": counts the attempt (429 past the limits), then, only when the address has
 * an account, stores a 1-hour single-use token and mails its link. The caller answers 202 either
 * way, and the mail is sent after the answer, so neither the body nor the timing tells whether
 * the address is registered. Resolves with the send (tests wait on it; the route does not).
 */
export async function requestPasswordReset(input: {
  email: string;
  ip: string;
  locale?: string;
}): Promise<{ sent: Promise<void> }> {
  const email = input.email.trim().toLowerCase();
  await consumeAuthRate([
    { bucket: `reset:email:${sha256Hex(email)}`, ...RESET_LIMITS.perEmail },
    { bucket: `reset:ip:${sha256Hex(input.ip)}`, ...RESET_LIMITS.perIp },
  ]);
  const sent = (async () => {
    const found = await findUserByEmail(email);
    if (!found) return;
    const db = await getDb();
    const token = await issueEmailToken(db, found.user.id, "password_reset");
    const link = appUrl(`/reset-password/${token}`);
    await sendMail({
      ...passwordResetMail(found.user.email, link, found.user.locale ?? input.locale),
      locale: found.user.locale ?? input.locale,
    });
  })().catch((err) => log.warn("password reset mail not sent", { error: err }));
  return { sent };
}

/**
 * Sets the new password from a reset link: the token is used up (one winner under concurrency),
 * every other reset link of the user stops working, and the session version moves on, which ends
 * every session of the user on every instance at their next request (lib/auth/session.ts). The
 * link came through the mailbox, so the address is verified too.
 */
export async function confirmPasswordReset(input: {
  token: string;
  password: string;
}): Promise<{ userId: string; email: string; accountId: string }> {
  const passwordHash = await hashPassword(input.password);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const userId = await consumeEmailToken(tx, input.token, "password_reset");
    await retireEmailTokens(tx, userId, "password_reset");
    const [u] = await tx
      .update(users)
      .set({
        passwordHash,
        sessionVersion: sql`${users.sessionVersion} + 1`,
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
      })
      .where(eq(users.id, userId))
      .returning({ email: users.email, accountId: users.accountId });
    return { userId, email: u.email, accountId: u.accountId };
  });
}
