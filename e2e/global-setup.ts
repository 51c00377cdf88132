import fs from "node:fs";
import { startSmtpSink } from "../lib/mail/testing/smtp-sink";

/**
 * One real SMTP server for the whole run (the e2e server mails to E2E_SMTP_PORT, set in
 * playwright.config.ts), so specs can run in more than one worker: each mail is saved as a file in
 * E2E_MAIL_DIR, which e2e/mailbox.ts reads.
 */
export default async function globalSetup() {
  const dir = process.env.E2E_MAIL_DIR!;
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const sink = await startSmtpSink(Number(process.env.E2E_SMTP_PORT), { saveTo: dir });
  return async () => {
    await sink.close();
  };
}
