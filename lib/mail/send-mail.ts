import nodemailer, { type Transporter } from "nodemailer";
import { mailOutbox } from "@/drizzle/schema";
import { getDb } from "@/lib/db/client";
import { env, isProduction } from "@/lib/env";
import { log } from "@/lib/log";
import { mailLocale } from "./templates";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  locale?: string;
}

let transport: { url: string; t: Transporter } | undefined;

function smtpTransport(url: string): Transporter {
  if (transport?.url !== url) {
    transport?.t.close();
    transport = { url, t: nodemailer.createTransport(url) };
  }
  return transport.t;
}

/** The first link of a message: the one thing worth printing for a developer reading the log. */
function firstLink(text: string): string | undefined {
  return /https?:\/\/\S+/.exec(text)?.[0];
}

/**
 * Sends one email. With SMTP_URL, through that server (nodemailer; throws when the server refuses
 * it); without, into the local outbox table (shown at /outbox in development) and, outside
 * production, logged with its link so the two README commands need no mail server.
 * Callers for whom mail is a side effect (sign-up, quota alerts) catch and log the error.
 */
export async function sendMail(msg: MailMessage): Promise<void> {
  const e = env();
  const locale = mailLocale(msg.locale);
  if (e.SMTP_URL) {
    await smtpTransport(e.SMTP_URL).sendMail({
      from: e.MAIL_FROM,
      to: msg.to,
      subject: msg.subject,
      text: msg.text,
      html: msg.html,
      headers: { "Content-Language": locale },
    });
    log.info("mail sent", { to: msg.to, subject: msg.subject });
    return;
  }
  const db = await getDb();
  const [row] = await db
    .insert(mailOutbox)
    .values({ toAddress: msg.to, subject: msg.subject, textBody: msg.text, htmlBody: msg.html, locale })
    .returning({ id: mailOutbox.id });
  // The link is a credential (reset, verification): printed in development only, never in production.
  if (isProduction())
    log.info("mail stored in the local outbox (SMTP_URL is not set)", { outbox_id: row.id, subject: msg.subject });
  else
    log.info("mail stored in the local outbox; open /outbox", {
      outbox_id: row.id,
      to: msg.to,
      subject: msg.subject,
      link: firstLink(msg.text),
    });
}

/** Tests switch SMTP_URL between cases: closes the pooled connection. */
export function closeMailTransport(): void {
  transport?.t.close();
  transport = undefined;
}
