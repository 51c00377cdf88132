import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { setPlan } from "@/lib/accounts/set-plan";
import { meteredRoute } from "@/lib/billing/testing/metered-route";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-db";
import { resetEnvCache } from "@/lib/env";
import { call } from "@/lib/http/testing/call-route";
import { makeUser } from "@/lib/testing/fixtures";
import { takeLogs } from "@/lib/testing/log-capture";
import { sendDueQuotaEmails } from "./quota-emails";
import { closeMailTransport } from "./send-mail";
import { startSmtpSink, type SmtpSink } from "./testing/smtp-sink";

let t: TestDatabase;
let smtp: SmtpSink;
const useSmtp = (url: string) => {
  process.env.SMTP_URL = url;
  resetEnvCache();
  closeMailTransport();
};
beforeAll(async () => {
  t = await createTestDatabase();
  smtp = await startSmtpSink();
  useSmtp(smtp.url);
});
afterAll(async () => {
  closeMailTransport();
  delete process.env.SMTP_URL;
  resetEnvCache();
  await smtp.close();
  await t.close();
});

const metered = (key: string) => call(meteredRoute, { method: "POST", path: "/test/metered", bearer: key, body: {} });

/** Runs the job until nothing is due (the in-request send may be running too: SKIP LOCKED shares the work). */
async function drainQuotaEmails(): Promise<void> {
  while ((await sendDueQuotaEmails()) > 0);
}

describe("quota emails", () => {
  it("80 % and 100 % each email the account's owner once per period, however many calls pass them", async () => {
    const u = await makeUser({ plan: "starter" });
    await setPlan({ accountId: u.accountId, overrides: { requests_per_month: 10 } });
    await t.db.execute(sql`UPDATE users SET locale = 'fr' WHERE id = ${u.userId}::uuid`);
    const key = await u.key(["weather:timeline"]);
    for (let i = 0; i < 15; i++) await metered(key);
    const eighty = await smtp.next((m) => m.to.includes(u.email) && m.subject.includes("80"));
    const hundred = await smtp.next((m) => m.to.includes(u.email) && m.subject.includes("100"));
    await drainQuotaEmails();
    expect(eighty.subject).toBe("Skycast : 80 % de votre quota requêtes mensuelles utilisé");
    expect(eighty.text).toContain("8 sur 10");
    expect(hundred.text).toMatch(/refusés jusqu’au \d+ \S+ \d{4}/);
    expect(hundred.link).toBe(new URL("/usage", "http://localhost:3000").toString());
    expect(hundred.html).toContain("100 % de votre quota utilisé");
    expect(smtp.received.filter((m) => m.to.includes(u.email))).toHaveLength(2);
    expect(await sendDueQuotaEmails()).toBe(0);
  });

  it("a mail server that refuses: the alert is put back and emailed by the next run", async () => {
    const u = await makeUser({ plan: "starter" });
    await setPlan({ accountId: u.accountId, overrides: { requests_per_month: 5 } });
    const key = await u.key(["weather:timeline"]);
    useSmtp("smtp://127.0.0.1:1");
    for (let i = 0; i < 4; i++) await metered(key);
    // A refused send is not work done: the job must not count it, or its runner re-runs it at once, forever.
    await drainQuotaEmails();
    expect(await sendDueQuotaEmails()).toBe(0);
    const pending = async () => {
      const r = (await t.db.execute(
        sql`SELECT count(*)::int AS n FROM quota_alerts WHERE account_id = ${u.accountId}::uuid AND emailed_at IS NULL`,
      )) as unknown as { rows?: Array<{ n: number }> } & Array<{ n: number }>;
      return (r.rows ?? r)[0].n;
    };
    // Whichever run claimed it (the request's or ours) failed and put it back.
    await expect.poll(pending).toBe(1);
    takeLogs(/quota email/);
    useSmtp(smtp.url);
    await drainQuotaEmails();
    const mail = await smtp.next((m) => m.to.includes(u.email));
    expect(mail.subject).toBe("Skycast: 80% of your monthly requests quota used");
    expect(await pending()).toBe(0);
  });
});
