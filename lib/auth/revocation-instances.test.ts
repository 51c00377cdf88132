import { afterAll, beforeAll, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { getDbHandle, openPostgres, setDbHandle, type DbHandle } from "@/lib/db/client";
import { createTestDatabase, describeWithPostgres, type TestDatabase } from "@/lib/db/testing/test-db";
import { queryOne } from "@/lib/db/sql";
import { setPlan } from "@/lib/accounts/set-plan";
import { makeUser } from "@/lib/testing/fixtures";
import { revokeAccessToken, verifyAccessToken } from "./access-tokens";
import { revokeApiKey } from "./api-keys";
import { credentialCacheFor } from "./credential-cache";
import { verifyApiKey } from "./verify-api-key";

/*
 * Two instances = two independent database handles on the same Postgres database, each
 * with its own pool, its own LISTEN connection and its own credential cache (the test's
 * process-wide handle is instance A; B is opened beside it). Both caches are warm
 * (proved by their hit counters) before the change. A change made through the app
 * (revoke, plan change) returns only once every live instance acknowledged it or its cache
 * lease ran out, so B refuses the very next request: no poll. Only a change written as plain
 * SQL behind the app's back (the trigger alone) reaches B "soon".
 */
let t: TestDatabase;
let b: DbHandle;

beforeAll(async () => {
  t = await createTestDatabase();
  if (t.url) b = await openPostgres(t.url, { max: 4 });
});
afterAll(async () => {
  await b?.close();
  await t.close();
});

/** Verifies until the instance's cache has served a hit for this credential (bounded). */
async function warmOn(handle: DbHandle | undefined, fn: () => Promise<unknown>) {
  const cache = credentialCacheFor(handle ?? (await import("@/lib/db/client").then((m) => m.getDbHandle())));
  const before = cache.hits;
  for (let i = 0; i < 200 && cache.hits === before; i++) {
    await fn();
    await new Promise((r) => setTimeout(r, 5));
  }
  expect(cache.hits).toBeGreaterThan(before);
}

describeWithPostgres("credential cache across two instances (real Postgres)", () => {
  it("a revoked API key fails on the next request on both instances", async () => {
    const u = await makeUser();
    const key = await u.key(["weather:read"]);
    await warmOn(undefined, () => verifyApiKey(key));
    await warmOn(b, () => verifyApiKey(key, b));
    const row = await queryOne<{ id: number }>(t.db, sql`SELECT id FROM api_keys WHERE user_id = ${u.userId}::uuid`);
    await revokeApiKey(u.accountId, row!.id); // on instance A
    await expect(verifyApiKey(key)).rejects.toMatchObject({ status: 401, message: "The API key has been revoked." });
    await expect(verifyApiKey(key, b)).rejects.toMatchObject({ status: 401, message: "The API key has been revoked." });
  });

  it("a slow instance (notifications handled 300 ms late) still refuses the next request: the revoke waits for its acknowledgement", async () => {
    const u = await makeUser();
    const key = await u.key(["weather:read"]);
    await warmOn(undefined, () => verifyApiKey(key));
    await warmOn(b, () => verifyApiKey(key, b));
    const cb = credentialCacheFor(b) as unknown as { onNotify(p: string): void };
    const onNotify = cb.onNotify;
    cb.onNotify = (p: string) => void setTimeout(() => onNotify.call(cb, p), 300);
    try {
      const row = await queryOne<{ id: number }>(t.db, sql`SELECT id FROM api_keys WHERE user_id = ${u.userId}::uuid`);
      await revokeApiKey(u.accountId, row!.id);
      await expect(verifyApiKey(key, b)).rejects.toMatchObject({
        status: 401,
        message: "The API key has been revoked.",
      });
    } finally {
      cb.onNotify = onNotify;
    }
  });

  it("an instance that stopped hearing its heartbeat echo serves nothing from its cache", async () => {
    const u = await makeUser();
    const key = await u.key(["weather:read"]);
    await warmOn(b, () => verifyApiKey(key, b));
    const cache = credentialCacheFor(b);
    cache.setHeartbeat(false);
    try {
      const hits = cache.hits;
      await verifyApiKey(key, b);
      await verifyApiKey(key, b);
      expect(cache.hits).toBe(hits);
    } finally {
      cache.setHeartbeat(true);
    }
  });

  it("revoking from an instance that never authenticated anything (portal session) still reaches the other one", async () => {
    const u = await makeUser();
    const key = await u.key(["weather:read"]);
    await warmOn(b, () => verifyApiKey(key, b));
    const row = await queryOne<{ id: number }>(t.db, sql`SELECT id FROM api_keys WHERE user_id = ${u.userId}::uuid`);
    const a = await getDbHandle();
    const fresh = await openPostgres(t.url!, { max: 2 });
    setDbHandle(fresh); // instance C: its credential cache has never started
    try {
      await revokeApiKey(u.accountId, row!.id);
    } finally {
      setDbHandle(a);
      await fresh.close();
    }
    await expect(verifyApiKey(key, b)).rejects.toMatchObject({ status: 401, message: "The API key has been revoked." });
  });

  it("a plan change reaches the other instance's next request", async () => {
    const u = await makeUser({ plan: "free" });
    const key = await u.key(["weather:read"]);
    await warmOn(b, () => verifyApiKey(key, b));
    expect((await verifyApiKey(key, b)).account.plan).toBe("free");
    await setPlan({ accountId: u.accountId, plan: "pro" });
    expect((await verifyApiKey(key, b)).account.plan).toBe("pro");
  });

  it("a revoked access token fails on the next request on both instances", async () => {
    const u = await makeUser();
    const token = await u.token();
    await warmOn(undefined, () => verifyAccessToken(token));
    await warmOn(b, () => verifyAccessToken(token, b));
    const row = await queryOne<{ id: number }>(
      t.db,
      sql`SELECT id FROM access_tokens WHERE user_id = ${u.userId}::uuid`,
    );
    await revokeAccessToken(u.userId, row!.id); // on instance A
    await expect(verifyAccessToken(token)).rejects.toMatchObject({
      status: 401,
      message: "The access token has been revoked.",
    });
    await expect(verifyAccessToken(token, b)).rejects.toMatchObject({
      status: 401,
      message: "The access token has been revoked.",
    });
  });

  it("a revocation written as plain SQL by another session reaches the cache via the trigger", async () => {
    const u = await makeUser();
    const key = await u.key(["weather:read"]);
    await warmOn(b, () => verifyApiKey(key, b));
    const { default: postgres } = await import("postgres");
    const other = postgres(t.url!, { max: 1, onnotice: () => {} });
    try {
      // A marker LISTEN on a third session: once it has the commit's notification,
      // Postgres has handed it to every listening session (B's included).
      let seen!: () => void;
      const arrived = new Promise<void>((resolve) => (seen = resolve));
      await other.listen("skycast_credentials", () => seen());
      await other`UPDATE api_keys SET revoked_at = now() WHERE user_id = ${u.userId}::uuid`;
      await arrived;
    } finally {
      await other.end();
    }
    // B's own LISTEN connection may read its copy a moment later: bounded poll, no fixed sleep.
    let err: unknown;
    for (let i = 0; i < 100 && !err; i++) {
      err = await verifyApiKey(key, b).then(
        () => undefined,
        (e: unknown) => e,
      );
      if (!err) await new Promise((r) => setTimeout(r, 5));
    }
    expect(err).toMatchObject({ status: 401, message: "The API key has been revoked." });
  });
});
