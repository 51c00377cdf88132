import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sql } from "drizzle-orm";
import { encode } from "next-auth/jwt";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-db";
import { queryRows } from "@/lib/db/sql";
import { call } from "@/lib/http/testing/call-route";
import { makeUser } from "@/lib/testing/fixtures";
import { authSecret } from "./auth-secret";
import { routeModule } from "@/lib/testing/route-registry";

const keys = await routeModule("/api/developer/keys");
const signUp = await routeModule("/api/auth/sign-up");
const tokens = await routeModule("/api/developer/tokens");

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t.close());

async function cookieFor(userId: string) {
  const jwt = await encode({ token: { sub: userId }, secret: authSecret() });
  return `next-auth.session-token=${jwt}`;
}

describe("session cookie requests", () => {
  it("GET works with the cookie alone", async () => {
    const u = await makeUser();
    const res = await call(keys.GET, { path: "/api/developer/keys", headers: { cookie: await cookieFor(u.userId) } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  it("state-changing cookie requests must carry our own Origin", async () => {
    const u = await makeUser();
    const cookie = await cookieFor(u.userId);
    const body = { name: "portal", scopes: ["read"] };
    const noOrigin = await call(keys.POST, {
      method: "POST",
      path: "/api/developer/keys",
      headers: { cookie, host: "localhost" },
      body,
    });
    expect(noOrigin.status).toBe(403);
    expect(noOrigin.body.error.code).toBe("origin_mismatch");
    const evil = await call(keys.POST, {
      method: "POST",
      path: "/api/developer/keys",
      headers: { cookie, host: "localhost", origin: "https://evil.example" },
      body,
    });
    expect(evil.status).toBe(403);
    const ok = await call(keys.POST, {
      method: "POST",
      path: "/api/developer/keys",
      headers: { cookie, host: "localhost", origin: "http://localhost" },
      body,
    });
    expect(ok.status).toBe(201);
  });

  it("the 403 origin_mismatch is documented wherever it can happen (POST /v1/trips, the watch-secret rotate)", async () => {
    const u = await makeUser();
    const cookie = await cookieFor(u.userId);
    const trips = await routeModule("/v1/trips");
    const rotate = await routeModule("/api/developer/watch-signing-secret/rotate");
    // call() fails on any response the document does not declare.
    const trip = await call(trips.POST, {
      method: "POST",
      path: "/v1/trips",
      headers: { cookie, host: "localhost", origin: "https://evil.example" },
      body: { name: "x", time_zone: "Europe/Paris" },
    });
    expect([trip.status, trip.body.code ?? trip.body.error?.code]).toEqual([403, "origin_mismatch"]);
    const rot = await call(rotate.POST, {
      method: "POST",
      path: "/api/developer/watch-signing-secret/rotate",
      headers: { cookie, host: "localhost" },
    });
    expect([rot.status, rot.body.error?.code]).toEqual([403, "origin_mismatch"]);
  });

  it("a malformed session cookie is no session: 401, not a 500", async () => {
    for (const value of ["%ZZ", "%E0%A4%A", "%ED%A0%80"]) {
      const res = await call(keys.GET, {
        path: "/api/developer/keys",
        headers: { cookie: `next-auth.session-token=${value}` },
      });
      expect(res.status, value).toBe(401);
    }
  });

  it("a forged or foreign-secret cookie is not a session", async () => {
    const jwt = await encode({
      token: { sub: "00000000-0000-0000-0000-000000000000" },
      secret: "another-secret-entirely-123456",
    });
    const res = await call(keys.GET, {
      path: "/api/developer/keys",
      headers: { cookie: `next-auth.session-token=${jwt}` },
    });
    expect(res.status).toBe(401);
  });
});

describe("secrets at rest and in logs", () => {
  it("stores no plaintext password, key or token and never logs them", async () => {
    const writes: string[] = [];
    const spy = vi.spyOn(process.stderr, "write").mockImplementation((chunk: any) => {
      writes.push(String(chunk));
      return true;
    });
    const spyOut = vi.spyOn(process.stdout, "write").mockImplementation((chunk: any) => {
      writes.push(String(chunk));
      return true;
    });
    try {
      const password = "a-very-distinct-password-42";
      const su = await call(signUp.POST, {
        method: "POST",
        path: "/api/auth/sign-up",
        body: { email: "dora@example.test", password },
      });
      expect(su.status).toBe(201);
      const u = await makeUser();
      const key = await u.key(["read", "write"]);
      const tok = await call(tokens.POST, {
        method: "POST",
        path: "/api/developer/tokens",
        bearer: key,
        body: { name: "agent" },
      });
      expect(tok.status).toBe(201);
      const token: string = tok.body.token;
      expect(token).toMatch(/^sat_/);
      // Failing requests carrying the secrets must not echo them into logs either.
      await call(keys.GET, { path: "/api/developer/keys", bearer: key + "x" });

      const dump = JSON.stringify(
        await queryRows(
          t.db,
          sql`select (select json_agg(u) from users u) as u, (select json_agg(k) from api_keys k) as k, (select json_agg(a) from access_tokens a) as a`,
        ),
      );
      for (const secret of [password, key, token]) {
        expect(dump).not.toContain(secret);
        expect(writes.join("")).not.toContain(secret);
      }
      expect(dump).toContain("$argon2id$");
    } finally {
      spy.mockRestore();
      spyOut.mockRestore();
    }
  });

  it("sign-up twice with one email is a 409", async () => {
    const body = { email: "twice@example.test", password: "password123" };
    expect((await call(signUp.POST, { method: "POST", path: "/api/auth/sign-up", body })).status).toBe(201);
    const again = await call(signUp.POST, {
      method: "POST",
      path: "/api/auth/sign-up",
      body: { ...body, email: "TWICE@example.test" },
    });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("conflict");
  });
});
