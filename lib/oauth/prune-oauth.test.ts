import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { oauthCodes, oauthGrants, oauthRefreshTokens } from "@/drizzle/schema";
import { getDb } from "@/lib/db/client";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-db";
import { makeUser } from "@/lib/testing/fixtures";
import { pruneOAuthCodesAndTokens } from "./prune-oauth";
import { grantToken } from "./testing/grant-token";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t?.close());

describe("pruneOAuthCodesAndTokens", () => {
  it("deletes codes and refresh tokens a day past expiry, keeps the rest and the grant", async () => {
    const user = await makeUser();
    const resource = "http://127.0.0.1:3000/api/mcp";
    const old = await grantToken({
      userId: user.userId,
      accountId: user.accountId,
      tripIds: [],
      level: "read",
      resource,
    });
    const fresh = await grantToken({
      userId: user.userId,
      accountId: user.accountId,
      tripIds: [],
      level: "read",
      resource,
    });
    const db = await getDb();
    const longAgo = sql`now() - interval '2 days'`;
    await db.update(oauthCodes).set({ expiresAt: longAgo }).where(eq(oauthCodes.grantId, old.grantId));
    await db.update(oauthRefreshTokens).set({ expiresAt: longAgo }).where(eq(oauthRefreshTokens.grantId, old.grantId));
    // Spent but only just expired: kept, so presenting it again still revokes the grant.
    await db
      .update(oauthRefreshTokens)
      .set({ expiresAt: sql`now() - interval '1 hour'` })
      .where(eq(oauthRefreshTokens.grantId, fresh.grantId));
    expect(await pruneOAuthCodesAndTokens()).toBe(2);
    expect(await pruneOAuthCodesAndTokens()).toBe(0);
    const codes = await db.select().from(oauthCodes);
    expect(codes.map((c) => c.grantId)).toEqual([fresh.grantId]);
    const refresh = await db.select().from(oauthRefreshTokens);
    expect(refresh.map((r) => r.grantId)).toEqual([fresh.grantId]);
    expect((await db.select().from(oauthGrants)).length).toBe(2);
  });
});
