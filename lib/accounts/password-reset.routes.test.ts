import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { encode } from "next-auth/jwt";
import { auditEvents, authTokens, users } from "@/drizzle/schema";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-db";
import { resetEnvCache } from "@/lib/env";
import { call } from "@/lib/http/testing/call-route";
import { closeMailTransport } from "@/lib/mail/send-mail";
import { startSmtpSink, type SmtpSink } from "@/lib/mail/testing/smtp-sink";
import { makeUser } from "@/lib/testing/fixtures";
import { routeModule } from "@/lib/testing/route-registry";
import { authSecret } from "@/lib/auth/auth-secret";
import { verifyPassword } from "@/lib/auth/passwords";
import { RESET_LIMITS } from "./password-reset";
import { sha256Hex } from "@/lib/auth/secrets";

const reset = await routeModule("/api/auth/password-reset");
const confirm = await routeModule("/api/auth/password-reset/confirm");
const keys = await routeModule("/api/developer/keys");

let t: TestDatabase;
let smtp: SmtpSink;
beforeAll(async () => {
  t = await createTestDatabase();
  smtp = await startSmtpSink();
  process.env.SMTP_URL = smtp.url;
  process.env.NEXTAUTH_URL = "http://portal.test:3000";
  resetEnvCache();
});
afterAll(async () => {
  closeMailTransport();
  delete process.env.SMTP_URL;
  delete process.env.NEXTAUTH_URL;
  resetEnvCache();
  await smtp.close();
  await t.close();
});

let ipSeq = 0;
/** Each test its own caller address, so the per-IP limit of one test does not reach another. */
const freshIp = () => `198.51.100.${++ipSeq}`;

const ask = (email: string, ip: string, headers: Record<string, string> = {}) =>
  call(reset.POST, {
    method: "POST",
    path: "/api/auth/password-reset",
    body: { email },
    headers: { "x-forwarded-for": ip, ...headers },
  });
const confirmWith = (token: string, password: string) =>
  call(confirm.POST, { method: "POST", path: "/api/auth/password-reset/confirm", body: { token, password } });
const cookieFor = async (userId: string, sv?: number) =>
  `next-auth.session-token=${await encode({ token: sv === undefined ? { sub: userId } : { sub: userId, sv }, secret: authSecret() })}`;
const listKeys = (cookie: string) =>
  call(keys.GET, { method: "GET", path: "/api/developer/keys", headers: { cookie, host: "localhost" } });
const tokenOf = (link: string | undefined) => new URL(link!).pathname.split("/").pop()!;

describe("POST /api/auth/password-reset", () => {
  it("202 with the same body for a registered and an unknown address; only the registered one gets mail", async () => {
    const u = await makeUser();
    const ip = freshIp();
    const known = await ask(u.email.toUpperCase(), ip);
    const unknown = await ask(`nobody-${u.userId}@example.test`, ip);
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(unknown.body).toEqual(known.body);
    const mail = await smtp.next((m) => m.to.includes(u.email));
    expect(mail.subject).toBe("Reset your Skycast password");
    expect(mail.text).toContain("one hour");
    expect(mail.link).toMatch(/^http:\/\/portal\.test:3000\/reset-password\/[A-Za-z0-9_-]{43}$/);
    expect(mail.html).toContain(`href="${mail.link}"`);
    expect(smtp.received.some((m) => m.to.includes(`nobody-${u.userId}@example.test`))).toBe(false);
    // Only the hash is stored.
    const token = tokenOf(mail.link);
    const rows = await t.db.select().from(authTokens).where(eq(authTokens.userId, u.userId));
    expect(rows.map((r) => r.tokenHash)).toEqual([sha256Hex(token)]);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows[0].expiresAt.getTime() - rows[0].createdAt.getTime()).toBeCloseTo(3_600_000, -3);
  });

  it("the mail is in the language of the request when the user has none", async () => {
    const u = await makeUser();
    expect((await ask(u.email, freshIp(), { "accept-language": "de-DE,de;q=0.9" })).status).toBe(202);
    const mail = await smtp.next((m) => m.to.includes(u.email));
    expect(mail.subject).toBe("Skycast-Passwort zurücksetzen");
    expect(mail.language).toBe("de");
    expect(mail.html).toContain('<html lang="de">');
  });

  it(`20 requests for one address in a minute: ${RESET_LIMITS.perEmail.limit} accepted, then 429 in the error envelope with Retry-After`, async () => {
    const u = await makeUser();
    const statuses: number[] = [];
    let refused: Awaited<ReturnType<typeof ask>> | undefined;
    for (let i = 0; i < 20; i++) {
      // From different addresses: the per-address limit alone refuses.
      const r = await ask(u.email, freshIp());
      statuses.push(r.status);
      if (r.status === 429) refused ??= r;
    }
    const n = RESET_LIMITS.perEmail.limit;
    expect(statuses).toEqual([...Array(n).fill(202), ...Array(20 - n).fill(429)]);
    expect(refused!.body.error).toMatchObject({ code: "rate_limit_exceeded" });
    expect(refused!.body.error.message).toMatch(/retry after \d+ s/);
    expect(Number(refused!.headers.get("retry-after"))).toBeGreaterThan(0);
    // An unknown address is limited the same way (no enumeration through the limit).
    const ghost = `ghost-${u.userId}@example.test`;
    const ghostStatuses: number[] = [];
    for (let i = 0; i < n + 1; i++) ghostStatuses.push((await ask(ghost, freshIp())).status);
    expect(ghostStatuses).toEqual([...Array(n).fill(202), 429]);
  });

  it(`per caller IP: ${RESET_LIMITS.perIp.limit} requests, then 429 whatever the address`, async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i <= RESET_LIMITS.perIp.limit; i++)
      statuses.push((await ask(`ip-${i}-${ip}@example.test`, ip)).status);
    expect(statuses.slice(0, -1).every((s) => s === 202)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it("400 for a malformed address or body, in the envelope", async () => {
    const r = await call(reset.POST, {
      method: "POST",
      path: "/api/auth/password-reset",
      body: { email: "not-an-email" },
    });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe("bad_request");
    expect(
      (
        await call(reset.POST, {
          method: "POST",
          path: "/api/auth/password-reset",
          body: { email: "a@example.test", extra: 1 },
        })
      ).status,
    ).toBe(400);
  });
});

describe("POST /api/auth/password-reset/confirm", () => {
  it("sets the password, ends every session of the user at once, and the link works once", async () => {
    const u = await makeUser();
    const oldCookie = await cookieFor(u.userId, 0);
    const legacyCookie = await cookieFor(u.userId); // issued before session versions existed
    expect((await listKeys(oldCookie)).status).toBe(200);
    expect((await listKeys(legacyCookie)).status).toBe(200);

    await ask(u.email, freshIp());
    const mail = await smtp.next((m) => m.to.includes(u.email));
    const token = tokenOf(mail.link);
    const ok = await confirmWith(token, "a-brand-new-password-9");
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ user_id: u.userId, email: u.email });
    expect(ok.headers.get("cache-control")).toBe("no-store");

    const [row] = await t.db.select().from(users).where(eq(users.id, u.userId));
    expect(await verifyPassword(row.passwordHash!, "a-brand-new-password-9")).toBe(true);
    expect(await verifyPassword(row.passwordHash!, u.password)).toBe(false);
    expect(row.sessionVersion).toBe(1);
    const audit = await t.db.select().from(auditEvents).where(eq(auditEvents.accountId, u.accountId));
    expect(audit.map((a) => [a.action, a.actor, a.target])).toEqual([
      ["user.password_reset", `user:${u.userId}`, `user:${u.userId}`],
    ]);
    expect(JSON.stringify(audit)).not.toContain(token);
    // Both earlier cookies are no session any more; a sign-in afterwards (version 1) is.
    expect((await listKeys(oldCookie)).status).toBe(401);
    expect((await listKeys(legacyCookie)).status).toBe(401);
    expect((await listKeys(await cookieFor(u.userId, 1))).status).toBe(200);

    const again = await confirmWith(token, "yet-another-password-1");
    expect(again.status).toBe(410);
    expect(again.body.error).toMatchObject({ code: "gone", details: { reason: "used" } });
    expect(again.body.error.message).toMatch(/already been used/);
  });

  it("a second link asked for earlier stops working once one is used", async () => {
    const u = await makeUser();
    await ask(u.email, freshIp());
    const first = tokenOf((await smtp.next((m) => m.to.includes(u.email))).link);
    await ask(u.email, freshIp());
    const second = tokenOf((await smtp.next((m) => m.to.includes(u.email) && !m.text.includes(first))).link);
    expect((await confirmWith(second, "password-number-two")).status).toBe(200);
    expect((await confirmWith(first, "password-number-one")).body.error.details.reason).toBe("used");
  });

  it("an expired link is 410 (reason expired); an unknown one 400 (reason invalid); a short password 400", async () => {
    const u = await makeUser();
    await ask(u.email, freshIp());
    const token = tokenOf((await smtp.next((m) => m.to.includes(u.email))).link);
    expect((await confirmWith(token, "short")).status).toBe(400);
    await t.db.execute(
      sql`UPDATE auth_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = ${sha256Hex(token)}`,
    );
    const expired = await confirmWith(token, "long-enough-password");
    expect(expired.status).toBe(410);
    expect(expired.body.error).toMatchObject({ code: "gone", details: { reason: "expired" } });
    expect(expired.body.error.message).toMatch(/expired/);
    const unknown = await confirmWith("A".repeat(43), "long-enough-password");
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.details).toEqual({ reason: "invalid" });
    // The password did not change.
    const [row] = await t.db.select().from(users).where(eq(users.id, u.userId));
    expect(await verifyPassword(row.passwordHash!, u.password)).toBe(true);
  });

  it("two confirmations of one link at once: exactly one wins", async () => {
    const u = await makeUser();
    await ask(u.email, freshIp());
    const token = tokenOf((await smtp.next((m) => m.to.includes(u.email))).link);
    const rs = await Promise.all([
      confirmWith(token, "racing-password-one"),
      confirmWith(token, "racing-password-two"),
    ]);
    expect(rs.map((r) => r.status).sort()).toEqual([200, 410]);
  });
});

describe("security: the new unauthenticated paths", () => {
  it("a link token is never accepted for the other purpose, nor in another shape", async () => {
    const u = await makeUser({ emailVerified: false });
    const verify = await routeModule("/api/auth/verify-email");
    await ask(u.email, freshIp());
    const token = tokenOf((await smtp.next((m) => m.to.includes(u.email))).link);
    const r = await call(verify.POST, { method: "POST", path: "/api/auth/verify-email", body: { token } });
    expect(r.status).toBe(400);
    for (const bad of ["", "x".repeat(500), "../../etc/passwd", "a b c d e f g h i j k"]) {
      expect((await confirmWith(bad, "long-enough-password")).status, bad).toBe(400);
    }
  });

  it("an API key or a session cookie changes nothing: the token is the only credential", async () => {
    const u = await makeUser();
    const other = await makeUser();
    const key = await other.key(["read"]);
    await ask(u.email, freshIp());
    const token = tokenOf((await smtp.next((m) => m.to.includes(u.email))).link);
    const r = await call(confirm.POST, {
      method: "POST",
      path: "/api/auth/password-reset/confirm",
      bearer: key,
      headers: { cookie: await cookieFor(other.userId, 0) },
      body: { token, password: "long-enough-password" },
    });
    expect(r.body).toEqual({ user_id: u.userId, email: u.email });
    const [row] = await t.db.select().from(users).where(eq(users.id, other.userId));
    expect(row.sessionVersion).toBe(0);
  });
});
