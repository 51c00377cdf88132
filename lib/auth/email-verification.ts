import { eq, sql } from "drizzle-orm";
import { users } from "@/drizzle/schema";
import { getDb } from "@/lib/db/client";
import { ApiError } from "@/lib/http/errors";
import { log } from "@/lib/log";
import { appUrl } from "@/lib/mail/app-url";
import { sendMail } from "@/lib/mail/send-mail";
import { brandedMail, mailText } from "@/lib/mail/templates";
import { consumeAuthRate } from "./auth-rate-limit";
import { consumeEmailToken, issueEmailToken } from "./email-tokens";

export const RESEND_LIMIT = { limit: 5, windowSeconds: 600 } as const;

function verificationMail(to: string, link: string, locale?: string) {
  return brandedMail({
    locale,
    subject: mailText(locale, "verify.subject"),
    heading: mailText(locale, "verify.heading"),
    paragraphs: [mailText(locale, "verify.body", { email: to })],
    action: { label: mailText(locale, "verify.action"), url: link },
    note: mailText(locale, "common.ignore"),
  });
}

/** Issues a 7-day single-use link and mails it. Throws when the mail cannot be sent. */
export async function sendVerificationEmail(userId: string): Promise<void> {
  const db = await getDb();
  const [u] = await db
    .select({ email: users.email, locale: users.locale })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!u) return;
  const token = await issueEmailToken(db, userId, "email_verification");
  const link = appUrl(`/verify-email/${token}`);
  // Development only (issue 42 item 7): the link on the console too, so a first call never waits on
  // mail. Never in production, where the link is a credential and lives only in the mail.
  if (process.env.NODE_ENV === "development")
    log.info("email verification link (development only)", { email: u.email, link });
  await sendMail({
    to: u.email,
    ...verificationMail(u.email, link, u.locale ?? undefined),
    locale: u.locale ?? undefined,
  });
}

/** The operator vouches for the address (admin CLI `verify-email`): for a production without SMTP_URL, where no link can arrive. */
export async function markEmailVerified(userId: string): Promise<{ emailVerifiedAt: string }> {
  const db = await getDb();
  const [u] = await db
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
    .where(eq(users.id, userId))
    .returning({ at: users.emailVerifiedAt });
  return { emailVerifiedAt: u.at!.toISOString() };
}

/**
 * Sign-up's link: a mail server that is down must not fail the sign-up (the account works in
 * sandbox, and the portal offers "resend"), so the error is logged, not thrown.
 */
export async function sendVerificationEmailAfterSignUp(userId: string): Promise<void> {
  try {
    await sendVerificationEmail(userId);
  } catch (err) {
    log.warn("verification mail not sent; the user can ask for it again", { error: err, user_id: userId });
  }
}

export async function verifyEmail(token: string): Promise<{ userId: string; email: string }> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const userId = await consumeEmailToken(tx, token, "email_verification");
    const [u] = await tx
      .update(users)
      .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
      .where(eq(users.id, userId))
      .returning({ email: users.email });
    return { userId, email: u.email };
  });
}

/** Portal "resend": a new link unless already verified (5 per 10 minutes per user). */
export async function resendVerification(
  userId: string,
): Promise<{ email: string; emailVerified: boolean; sent: boolean }> {
  const db = await getDb();
  const [u] = await db
    .select({ email: users.email, verifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!u) throw new ApiError("unauthorized", "Sign in to continue.");
  if (u.verifiedAt) return { email: u.email, emailVerified: true, sent: false };
  await consumeAuthRate([{ bucket: `verify:user:${userId}`, ...RESEND_LIMIT }]);
  try {
    await sendVerificationEmail(userId);
  } catch (err) {
    log.warn("verification mail not sent", { error: err, user_id: userId });
    throw new ApiError("service_unavailable", "The email could not be sent right now. Try again in a minute.", {
      headers: { "Retry-After": "60" },
    });
  }
  return { email: u.email, emailVerified: false, sent: true };
}

/** Whether the user may act on production data that needs a confirmed address (production keys). */
export async function isEmailVerified(userId: string): Promise<boolean> {
  const db = await getDb();
  const [u] = await db.select({ at: users.emailVerifiedAt }).from(users).where(eq(users.id, userId)).limit(1);
  return Boolean(u?.at);
}
