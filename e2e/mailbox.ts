import { startSmtpSink, type ReceivedMail, type SmtpSink } from "../lib/mail/testing/smtp-sink";

/**
 * The e2e server sends its mail to SMTP_URL = smtp://127.0.0.1:<E2E_SMTP_PORT> (playwright.config.ts).
 * The server is started before any spec, so the port is fixed (E2E_PORT + 1 unless set); this worker
 * listens on it with a real SMTP server (smtp-server) from its first use until it exits.
 */
let sink: Promise<SmtpSink> | undefined;

export function mailbox(): Promise<SmtpSink> {
  sink ??= startSmtpSink(Number(process.env.E2E_SMTP_PORT));
  return sink;
}

/** The first mail to `to` whose subject matches (already received or still to come). */
export async function mailTo(to: string, subject: RegExp): Promise<ReceivedMail> {
  const box = await mailbox();
  const address = to.toLowerCase();
  return box.next((m) => m.to.includes(address) && subject.test(m.subject));
}
