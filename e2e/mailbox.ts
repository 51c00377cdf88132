import fs from "node:fs";
import path from "node:path";
import { expect } from "@playwright/test";
import type { ReceivedMail } from "../lib/mail/testing/smtp-sink";

/**
 * The e2e server sends its mail to SMTP_URL = smtp://127.0.0.1:<E2E_SMTP_PORT> (playwright.config.ts),
 * where one real SMTP server (smtp-server, started by e2e/global-setup.ts before any spec) saves each
 * message as a JSON file in E2E_MAIL_DIR. Any worker reads them here.
 */
export type Mail = Omit<ReceivedMail, "parsed">;

function received(): Mail[] {
  const dir = process.env.E2E_MAIL_DIR!;
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")) as Mail);
}

/** The SMTP server listens from the start of the run (global set-up); kept so callers can say they need it. */
export async function mailbox(): Promise<void> {
  if (!fs.existsSync(process.env.E2E_MAIL_DIR ?? "")) throw new Error("e2e/global-setup.ts did not start the mailbox");
}

/** The first mail to `to` whose subject matches (already received or still to come). */
export async function mailTo(to: string, subject: RegExp, timeout = 30_000): Promise<Mail> {
  const address = to.toLowerCase();
  const find = () => received().find((m) => m.to.includes(address) && subject.test(m.subject));
  await expect.poll(() => find() !== undefined, { timeout, message: `mail to ${to} matching ${subject}` }).toBe(true);
  return find()!;
}
