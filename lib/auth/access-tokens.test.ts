import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { accessTokens } from "@/drizzle/schema";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-db";
import { makeUser } from "@/lib/testing/fixtures";
import { createAccessToken, listAccessTokens, revokeAccessToken, verifyAccessToken } from "./access-tokens";
import { sha256Hex } from "./secrets";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t.close());

describe("trip access tokens", () => {
  it("are stored hashed, record their last use, and stop working once revoked", async () => {
    const u = await makeUser();
    const created = await createAccessToken(u.userId, { name: "agent" });
    expect(created.token).toMatch(/^sat_[0-9A-Za-z]{32}$/);
    const [row] = await t.db
      .select()
      .from(accessTokens)
      .where(eq(accessTokens.tokenHash, sha256Hex(created.token)));
    expect(row.tokenPrefix).toBe(created.token.slice(0, 12));
    expect(row.lastUsedAt).toBeNull();

    const p = await verifyAccessToken(created.token);
    expect(p).toMatchObject({ type: "access_token", userId: u.userId, accountId: u.accountId });
    // The use is recorded off the request path: poll for it, bounded.
    let lastUsedAt: string | null = null;
    for (let i = 0; i < 100 && !lastUsedAt; i++) {
      lastUsedAt = (await listAccessTokens(u.userId))[0].lastUsedAt;
      if (!lastUsedAt) await new Promise((r) => setTimeout(r, 10));
    }
    expect(lastUsedAt).not.toBeNull();

    await revokeAccessToken(u.userId, created.id);
    await expect(verifyAccessToken(created.token)).rejects.toMatchObject({
      code: "unauthorized",
      message: expect.stringMatching(/revoked/),
    });
  });

  it("default to 90 days and refuse lifetimes past one year", async () => {
    const u = await makeUser();
    const created = await createAccessToken(u.userId, {});
    const days = (Date.parse(created.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(89.9);
    expect(days).toBeLessThan(90.1);
    await expect(
      createAccessToken(u.userId, { expiresAt: new Date(Date.now() + 400 * 86_400_000).toISOString() }),
    ).rejects.toThrow(/one year/);
  });
});
