import { log } from "@/lib/log";

/**
 * PLACEHOLDER until helper "mail" lands lib/mail (issue 30 item 3): same signature as theirs, so
 * callers need no change when their module replaces this file. Logs the recipient and subject only.
 */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  locale?: string;
}

export async function sendMail(message: MailMessage): Promise<void> {
  log.info("mail (placeholder transport)", { to: message.to, subject: message.subject });
}
