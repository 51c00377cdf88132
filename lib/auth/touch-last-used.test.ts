import { afterAll, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { apiKeys } from "@/drizzle/schema";
import { setDbHandle } from "@/lib/db/client";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-db";
import { makeUser } from "@/lib/testing/fixtures";
import { resetTouchCache, touchLastUsed } from "./touch-last-used";

const opened: TestDatabase[] = [];
afterAll(async () => {
  for (const d of opened) await d.close().catch(() => {});
});

it("records a key's use in the database the request read it from, even when another is installed before the write runs", async () => {
  const used = await createTestDatabase();
  opened.push(used);
  const other = await createTestDatabase({ install: false });
  opened.push(other);
  const u = await makeUser();
  await u.key(["read"]);
  const [key] = await used.db.select().from(apiKeys).where(eq(apiKeys.accountId, u.accountId));
  expect(key.lastUsedAt).toBeNull();

  resetTouchCache();
  touchLastUsed("api_key", key.id);
  // A script or the next test file installs its database before the deferred write has run.
  setDbHandle({ db: other.db, driver: other.driver, close: async () => {}, listen: async () => async () => {} });

  const lastUsed = async () => (await used.db.select().from(apiKeys).where(eq(apiKeys.id, key.id)))[0].lastUsedAt;
  for (let i = 0; i < 1000 && !(await lastUsed()); i++) await new Promise((r) => setTimeout(r, 10));
  expect(await lastUsed()).toBeInstanceOf(Date);
  expect(await other.db.select().from(apiKeys)).toEqual([]);
  setDbHandle(undefined);
});
