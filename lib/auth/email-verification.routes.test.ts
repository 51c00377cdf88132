import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encode } from "next-auth/jwt";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-db";
import { resetEnvCache } from "@/lib/env";
import { call } from "@/lib/http/testing/call-route";
import { closeMailTransport } from "@/lib/mail/send-mail";
import { startSmtpSink, type SmtpSink } from "@/lib/mail/testing/smtp-sink";
import { makeUser } from "@/lib/testing/fixtures";
import { takeLogs } from "@/lib/testing/log-capture";
import { routeModule } from "@/lib/testing/route-registry";
import { authSecret } from "./auth-secret";
import { RESEND_LIMIT } from "./email-verification";

const signUp = await routeModule("/api/auth/sign-up");
const verify = await routeModule("/api/auth/verify-email");
const resend = await routeModule("/api/auth/verify-email/resend");
const keys = await routeModule("/api/developer/keys");
const environment = await routeModule("/api/developer/environment");

let t: TestDatabase;
let smtp: SmtpSink;
beforeAll(async () => {
  t = await createTestDatabase();
  smtp = await startSmtpSink();
  process.env.SMTP_URL = smtp.url;
  resetEnvCache();
});
afterAll(async () => {
  closeMailTransport();
  delete process.env.SMTP_URL;
  resetEnvCache();
  await smtp.close();
  await t.close();
});

const same = { host: "localhost", origin: "http://localhost" };
const cookieFor = async (userId: string) =>
  `next-auth.session-token=${await encode({ token: { sub: userId, sv: 0 }, secret: authSecret() })}`;
const tokenOf = (link: string | undefined) => new URL(link!).pathname.split("/").pop()!;
const createKey = (cookie: string) =>
  call(keys.POST, {
    method: "POST",
    path: "/api/developer/keys",
    headers: { cookie, ...same },
    body: { name: "k", scopes: ["weather:read"] },
  });
const switchTo = (cookie: string, env: "sandbox" | "production") =>
  call(environment.POST, {
    method: "POST",
    path: "/api/developer/environment",
    headers: { cookie, ...same },
    body: { environment: env },
  });

describe("email verification", () => {
  it("sign-up mails a link; unverified: sandbox works, production keys are refused with the reason; the link verifies once", async () => {
    const email = `new-${Date.now().toString(36)}@example.test`;
    const r = await call(signUp.POST, {
      method: "POST",
      path: "/api/auth/sign-up",
      headers: { "accept-language": "es-ES" },
      body: { email, password: "a-good-password-1" },
    });
    expect(r.status).toBe(201);
    const mail = await smtp.next((m) => m.to.includes(email));
    expect(mail.subject).toBe("Confirme su dirección de correo para Skycast");
    expect(mail.link).toMatch(/\/verify-email\/[A-Za-z0-9_-]{43}$/);
    expect(mail.html).toContain("Confirmar mi dirección de correo");

    const cookie = await cookieFor(r.body.user_id);
    const refused = await createKey(cookie);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("email_not_verified");
    expect(refused.body.error.message).toMatch(/production API keys need a verified address/);
    expect((await switchTo(cookie, "sandbox")).status).toBe(200);
    expect((await createKey(cookie)).status).toBe(201);
    const back = await switchTo(cookie, "production");
    expect(back.status).toBe(403);
    expect(back.body.error.code).toBe("email_not_verified");

    const ok = await call(verify.POST, {
      method: "POST",
      path: "/api/auth/verify-email",
      body: { token: tokenOf(mail.link) },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ user_id: r.body.user_id, email, email_verified: true });
    expect((await switchTo(cookie, "production")).status).toBe(200);
    expect((await createKey(cookie)).status).toBe(201);
    const again = await call(verify.POST, {
      method: "POST",
      path: "/api/auth/verify-email",
      body: { token: tokenOf(mail.link) },
    });
    expect(again.status).toBe(410);
    expect(again.body.error.details).toEqual({ reason: "used" });
  });

  it("a mail server that is down does not fail the sign-up (logged; resend later)", async () => {
    process.env.SMTP_URL = "smtp://127.0.0.1:1";
    resetEnvCache();
    closeMailTransport();
    try {
      const r = await call(signUp.POST, {
        method: "POST",
        path: "/api/auth/sign-up",
        body: { email: `down-${Date.now().toString(36)}@example.test`, password: "a-good-password-1" },
      });
      expect(r.status).toBe(201);
      expect(takeLogs(/verification mail not sent/)).toHaveLength(1);
    } finally {
      process.env.SMTP_URL = smtp.url;
      resetEnvCache();
      closeMailTransport();
    }
  });

  it(`resend: a new link for an unverified user (${RESEND_LIMIT.limit} per 10 minutes), sent = false once verified`, async () => {
    const u = await makeUser({ emailVerified: false });
    const cookie = await cookieFor(u.userId);
    const send = () =>
      call(resend.POST, { method: "POST", path: "/api/auth/verify-email/resend", headers: { cookie, ...same } });
    const first = await send();
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ email: u.email, email_verified: false, sent: true });
    const mail = await smtp.next((m) => m.to.includes(u.email));
    for (let i = 1; i < RESEND_LIMIT.limit; i++) expect((await send()).status).toBe(200);
    const limited = await send();
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe("rate_limit_exceeded");
    expect(
      (await call(verify.POST, { method: "POST", path: "/api/auth/verify-email", body: { token: tokenOf(mail.link) } }))
        .status,
    ).toBe(200);
    expect((await send()).body).toEqual({ email: u.email, email_verified: true, sent: false });
  });

  it("security: resend needs the session (no cookie 401, an API key 401, another site 403)", async () => {
    const u = await makeUser({ emailVerified: false });
    const key = await u.key(["read"]);
    expect((await call(resend.POST, { method: "POST", path: "/api/auth/verify-email/resend" })).status).toBe(401);
    expect(
      (await call(resend.POST, { method: "POST", path: "/api/auth/verify-email/resend", bearer: key })).status,
    ).toBe(401);
    const cross = await call(resend.POST, {
      method: "POST",
      path: "/api/auth/verify-email/resend",
      headers: { cookie: await cookieFor(u.userId), host: "localhost", origin: "https://evil.example" },
    });
    expect(cross.status).toBe(403);
    expect(cross.body.error.code).toBe("origin_mismatch");
  });
});
