import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import * as schema from "@/drizzle/schema";
import { MIGRATIONS_FOLDER, setDbHandle, type Db } from "@/lib/db/client";
import { makeUser } from "@/lib/testing/fixtures";
import { verifyApiKey, resetKeyTouchCache } from "./verify-api-key";

// Counts every statement drizzle sends, to prove key verification is one round trip.
const statements: string[] = [];
let client: PGlite;

beforeAll(async () => {
  client = new PGlite("memory://");
  const db = drizzle(client, { schema, logger: { logQuery: (q) => statements.push(q) } }) as unknown as Db;
  await migrate(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
  setDbHandle({ db, driver: "pglite", close: () => client.close(), listen: (ch, fn) => client.listen(ch, fn) });
});
afterAll(async () => {
  setDbHandle(undefined);
  await client.close();
});

describe("API key verification cost", () => {
  it("costs exactly one database statement per request once lastUsedAt is fresh", async () => {
    const u = await makeUser();
    const key = await u.key(["weather:read"]);
    resetKeyTouchCache();
    await verifyApiKey(key); // first use also schedules the lastUsedAt write
    await new Promise((r) => setImmediate(r));
    for (let i = 0; i < 5; i++) {
      statements.length = 0;
      const p = await verifyApiKey(key);
      expect(p.scopes).toEqual(["weather:read"]);
      await new Promise((r) => setImmediate(r));
      expect(statements).toHaveLength(1);
      expect(statements[0]).toMatch(/^select .* from "api_keys" inner join "accounts"/);
    }
  });

  it("writes lastUsedAt at most once per minute per key, off the request path", async () => {
    const u = await makeUser();
    const key = await u.key(["weather:read"]);
    resetKeyTouchCache();
    statements.length = 0;
    for (let i = 0; i < 10; i++) await verifyApiKey(key);
    // Let the deferred write run.
    for (let i = 0; i < 20 && !statements.some((s) => s.startsWith("update")); i++) await new Promise((r) => setTimeout(r, 10));
    expect(statements.filter((s) => s.startsWith("update \"api_keys\""))).toHaveLength(1);
    expect(statements.filter((s) => s.startsWith("select"))).toHaveLength(10);
  });
});
