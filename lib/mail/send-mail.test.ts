import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { desc } from "drizzle-orm";
import { mailOutbox } from "@/drizzle/schema";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-db";
import { resetEnvCache } from "@/lib/env";
import { takeLogs } from "@/lib/testing/log-capture";
import { closeMailTransport, sendMail } from "./send-mail";
import { brandedMail, MAIL_CATALOGUES, MAIL_LOCALES, mailLocale, mailText } from "./templates";
import { startSmtpSink, type SmtpSink } from "./testing/smtp-sink";

let t: TestDatabase;
let smtp: SmtpSink;
beforeAll(async () => {
  t = await createTestDatabase();
  smtp = await startSmtpSink();
});
afterAll(async () => {
  closeMailTransport();
  delete process.env.SMTP_URL;
  resetEnvCache();
  await smtp.close();
  await t.close();
});

function withSmtp(url: string | undefined) {
  if (url) process.env.SMTP_URL = url;
  else delete process.env.SMTP_URL;
  resetEnvCache();
}

describe("sendMail", () => {
  it("with SMTP_URL, delivers a text and an HTML part through a real SMTP server", async () => {
    withSmtp(smtp.url);
    const m = brandedMail({
      locale: "de",
      subject: "Grüße <Test>",
      heading: "Hallo",
      paragraphs: ["a < b & c"],
      action: { label: "Öffnen", url: "http://localhost:3000/x?a=1&b=2" },
    });
    await sendMail({ to: "Ana@Example.test", ...m });
    const got = await smtp.next((x) => x.subject === "Grüße <Test>");
    expect(got.to).toEqual(["ana@example.test"]);
    expect(got.from).toContain("Skycast");
    expect(got.language).toBe("de");
    expect(got.text).toContain("a < b & c");
    expect(got.link).toBe("http://localhost:3000/x?a=1&b=2");
    expect(got.html).toContain("a &lt; b &amp; c");
    expect(got.html).toContain('href="http://localhost:3000/x?a=1&amp;b=2"');
    expect(got.html).toContain('<html lang="de">');
  });

  it("with SMTP_URL, a refusing server makes sendMail throw (the caller decides)", async () => {
    withSmtp("smtp://127.0.0.1:1");
    await expect(sendMail({ to: "a@example.test", subject: "s", text: "t", html: "<p>t</p>" })).rejects.toThrow();
  });

  it("without SMTP_URL, stores the mail in the outbox and logs its link outside production", async () => {
    withSmtp(undefined);
    await sendMail({
      to: "b@example.test",
      subject: "Outbox test",
      text: "Open http://localhost:3000/reset-password/abc now",
      html: "<p>x</p>",
      locale: "fr-CA",
    });
    const [row] = await t.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1);
    expect(row).toMatchObject({ toAddress: "b@example.test", subject: "Outbox test", locale: "fr" });
    const [line] = takeLogs(/local outbox/);
    expect(line.line).toContain("http://localhost:3000/reset-password/abc");
  });
});

describe("mail templates", () => {
  it("every catalogue has the same keys and the same placeholders as English", () => {
    const keys = Object.keys(MAIL_CATALOGUES.en).sort();
    const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((x) => x[1]).sort();
    for (const l of MAIL_LOCALES) {
      expect(Object.keys(MAIL_CATALOGUES[l]).sort(), l).toEqual(keys);
      for (const k of keys)
        expect(placeholders(MAIL_CATALOGUES[l][k]), `${l} ${k}`).toEqual(placeholders(MAIL_CATALOGUES.en[k]));
    }
  });

  it("negotiates the language like the weather texts, English for anything else", () => {
    expect([
      mailLocale("de-AT"),
      mailLocale("fr-CH,fr;q=0.9"),
      mailLocale("es-MX"),
      mailLocale("pt-BR"),
      mailLocale(undefined),
      mailLocale(""),
    ]).toEqual(["de", "fr", "es", "en", "en", "en"]);
    expect(mailText("es", "reset.subject")).toBe("Restablezca su contraseña de Skycast");
  });
});
