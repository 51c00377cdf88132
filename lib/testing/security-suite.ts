import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { apiKeys, accessTokens } from "@/drizzle/schema";
import { getDb } from "@/lib/db/client";
import { sha256Hex } from "@/lib/auth/secrets";
import type { ApiKeyScope } from "@/lib/auth/scopes";
import { call, type Handler } from "@/lib/http/testing/call-route";
import { makeUser, type TestUser } from "./fixtures";

export interface SecurityTarget {
  /** The request, for a given owner: path params and body of a request that would succeed. */
  request: (owner: TestUser) => Promise<{ path: string; params?: Record<string, string>; body?: unknown }>;
}

export interface SecuritySuiteOptions {
  name: string;
  handler: Handler;
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** "apiKey": Bearer svc_ key with `scopes`; "accessToken": Bearer sat_ token. */
  credential: "apiKey" | "accessToken";
  /** Scopes the route requires (apiKey). A key with only `wrongScope` must get 403. */
  scopes?: ApiKeyScope[];
  wrongScope?: ApiKeyScope;
  /** Builds the request for an owner. */
  target: SecurityTarget["request"];
  /** When the route addresses a resource: another account using its own valid credential gets 404. */
  ownedResource?: boolean;
  /** Status family of the error body: "weather" | "api" checks error.code; "flat" checks code. */
  family?: "weather" | "api" | "flat";
  /** Plan of the users created (weather routes may need one whose limits are non-zero). */
  plan?: "free" | "starter" | "pro" | "enterprise";
}

/**
 * The shared security suite every authenticated route runs: no credentials 401,
 * malformed 401, revoked 401, expired 401, wrong scope 403, and another account's
 * resource 404 (DESIGN section 4).
 */
export function securitySuite(o: SecuritySuiteOptions): void {
  const codeOf = (body: any) => (o.family === "flat" ? body?.code : body?.error?.code);
  const credentialFor = async (u: TestUser, scopes = o.scopes ?? []) =>
    o.credential === "apiKey" ? u.key(scopes.length ? scopes : ["read"]) : u.token();
  const send = async (u: TestUser, headers: Record<string, string>) => {
    const r = await o.target(u);
    return call(o.handler, { method: o.method, path: r.path, params: r.params, body: r.body, headers });
  };

  describe(`security: ${o.name}`, () => {
    it("401 without credentials", async () => {
      const u = await makeUser({ plan: o.plan });
      const res = await send(u, {});
      expect(res.status).toBe(401);
      expect(codeOf(res.body)).toBe("unauthorized");
      expect(res.headers.get("x-request-id")).toBeTruthy();
    });

    it("401 with a malformed Authorization header", async () => {
      const u = await makeUser({ plan: o.plan });
      for (const h of ["Basic abc", "Bearer", "Bearer svc_", "Bearer not-a-key", "Bearer sat_x y"]) {
        const res = await send(u, { authorization: h });
        expect(res.status, h).toBe(401);
      }
    });

    it("401 with a revoked credential", async () => {
      const u = await makeUser({ plan: o.plan });
      const cred = await credentialFor(u);
      const db = await getDb();
      if (o.credential === "apiKey")
        await db
          .update(apiKeys)
          .set({ revokedAt: new Date() })
          .where(eq(apiKeys.keyHash, sha256Hex(cred)));
      else
        await db
          .update(accessTokens)
          .set({ revokedAt: new Date() })
          .where(eq(accessTokens.tokenHash, sha256Hex(cred)));
      const res = await send(u, { authorization: `Bearer ${cred}` });
      expect(res.status).toBe(401);
      expect(codeOf(res.body)).toBe("unauthorized");
    });

    it("401 with an expired credential", async () => {
      const u = await makeUser({ plan: o.plan });
      const cred = await credentialFor(u);
      const db = await getDb();
      const past = new Date(Date.now() - 1000);
      if (o.credential === "apiKey")
        await db
          .update(apiKeys)
          .set({ expiresAt: past })
          .where(eq(apiKeys.keyHash, sha256Hex(cred)));
      else
        await db
          .update(accessTokens)
          .set({ expiresAt: past })
          .where(eq(accessTokens.tokenHash, sha256Hex(cred)));
      const res = await send(u, { authorization: `Bearer ${cred}` });
      expect(res.status).toBe(401);
    });

    if (o.credential === "apiKey" && o.scopes && o.scopes.length > 0) {
      it("403 with a key lacking the scope", async () => {
        const u = await makeUser({ plan: o.plan });
        const wrong: ApiKeyScope = o.wrongScope ?? (o.scopes!.includes("read") ? "weather:read" : "read");
        const cred = await u.key([wrong]);
        const res = await send(u, { authorization: `Bearer ${cred}` });
        expect(res.status).toBe(403);
      });
    }

    if (o.ownedResource) {
      it("404 for another account's resource", async () => {
        const owner = await makeUser({ plan: o.plan });
        const other = await makeUser({ plan: o.plan });
        const r = await o.target(owner);
        const cred = await credentialFor(other);
        const res = await call(o.handler, {
          method: o.method,
          path: r.path,
          params: r.params,
          body: r.body,
          bearer: cred,
        });
        expect(res.status).toBe(404);
      });
    }
  });
}
