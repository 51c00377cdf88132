import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { PGlite } from "@electric-sql/pglite";
import type { DbHandle } from "@/lib/db/client";
import { countingDatabase } from "@/lib/db/testing/counting-pglite";
import { resetEnvCache } from "@/lib/env";
import { makeUser } from "@/lib/testing/fixtures";
import { verifyAccessToken } from "./access-tokens";
import { revokeApiKey } from "./api-keys";
import { credentialCacheFor } from "./credential-cache";
import { verifyApiKey, resetKeyTouchCache } from "./verify-api-key";

// Counts every statement drizzle sends, to prove what key verification costs.
let statements: string[];
let client: PGlite;
let handle: DbHandle;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ statements, client, handle, close } = await countingDatabase());
});
afterAll(() => close());
afterEach(() => {
  delete process.env.CREDENTIAL_CACHE_TTL_MS;
  resetEnvCache();
});

const tick = () => new Promise((r) => setImmediate(r));

/** Warm-up: the cache starts its LISTEN on first use and serves hits once it is established. */
async function warm(fn: () => Promise<unknown>) {
  const cache = credentialCacheFor(handle);
  const before = cache.hits;
  for (let i = 0; i < 50 && cache.hits === before; i++) {
    await fn();
    await tick();
  }
  expect(cache.hits).toBeGreaterThan(before);
}

describe("API key verification cost", () => {
  it("costs no statement per request once the key is cached and lastUsedAt is fresh", async () => {
    // The entry's lifetime is wall-clock (5 s by default): a loaded CI machine must not age it out mid-test.
    process.env.CREDENTIAL_CACHE_TTL_MS = "300000";
    resetEnvCache();
    const u = await makeUser();
    const key = await u.key(["weather:read"]);
    resetKeyTouchCache();
    await warm(() => verifyApiKey(key));
    // A credential notification from the set-up can still arrive (delivery is asynchronous) and empty
    // the cache: such a request is not "cached", so it is measured again, never excused.
    const invalidations = vi.spyOn(credentialCacheFor(handle), "invalidate");
    let measured = 0;
    for (let attempt = 0; measured < 5 && attempt < 20; attempt++) {
      const before = invalidations.mock.calls.length;
      statements.length = 0;
      const p = await verifyApiKey(key);
      expect(p.scopes).toEqual(["weather:read"]);
      await tick();
      if (invalidations.mock.calls.length !== before) {
        await warm(() => verifyApiKey(key));
        continue;
      }
      expect(statements).toEqual([]);
      measured++;
    }
    expect(measured).toBe(5);
  });

  it("access tokens: no statement per request once cached", async () => {
    const u = await makeUser();
    const token = await u.token();
    await warm(() => verifyAccessToken(token));
    statements.length = 0;
    expect((await verifyAccessToken(token)).userId).toBe(u.userId);
    await tick();
    expect(statements).toEqual([]);
  });

  it("a revocation costs the next request its cache entry: one statement, and 401", async () => {
    const u = await makeUser();
    const key = await u.key(["weather:read"]);
    await warm(() => verifyApiKey(key));
    const [{ id }] = (await client.query<{ id: number }>("SELECT id FROM api_keys WHERE user_id = $1", [u.userId]))
      .rows;
    await revokeApiKey(u.accountId, id);
    statements.length = 0;
    await expect(verifyApiKey(key)).rejects.toMatchObject({ status: 401, message: "The API key has been revoked." });
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatch(/^select .* from "api_keys" inner join "accounts"/);
  });

  it("with the cache off (CREDENTIAL_CACHE_TTL_MS=0) costs exactly one statement per request", async () => {
    process.env.CREDENTIAL_CACHE_TTL_MS = "0";
    resetEnvCache();
    const u = await makeUser();
    const key = await u.key(["weather:read"]);
    resetKeyTouchCache();
    await verifyApiKey(key); // first use also schedules the lastUsedAt write
    await tick();
    for (let i = 0; i < 3; i++) {
      statements.length = 0;
      await verifyApiKey(key);
      await tick();
      expect(statements).toHaveLength(1);
      expect(statements[0]).toMatch(/^select .* from "api_keys" inner join "accounts"/);
    }
  });

  it("writes lastUsedAt at most once per minute per key, off the request path", async () => {
    process.env.CREDENTIAL_CACHE_TTL_MS = "0";
    resetEnvCache();
    const u = await makeUser();
    const key = await u.key(["weather:read"]);
    resetKeyTouchCache();
    statements.length = 0;
    for (let i = 0; i < 10; i++) await verifyApiKey(key);
    // Let the deferred write run.
    for (let i = 0; i < 20 && !statements.some((s) => s.startsWith("update")); i++)
      await new Promise((r) => setTimeout(r, 10));
    expect(statements.filter((s) => s.startsWith('update "api_keys"'))).toHaveLength(1);
    expect(statements.filter((s) => s.startsWith("select"))).toHaveLength(10);
  });
});
