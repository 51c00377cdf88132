import { createHash } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { verifyAccessToken } from "@/lib/auth/access-tokens";
import { credentialCacheFor } from "@/lib/auth/credential-cache";
import { getDbHandle, openPostgres, type DbHandle } from "@/lib/db/client";
import { createTestDatabase, describeWithPostgres, type TestDatabase } from "@/lib/db/testing/test-db";
import { makeUser } from "@/lib/testing/fixtures";
import { createTrip } from "@/lib/trips/manage-trips";
import { registerClient, loadClient } from "./clients";
import { createGrantWithCode, exchangeCode, revokeGrantById } from "./grants";

/** Issue 41: revoking a grant on instance A refuses its access token on instance B at the very next request (warm caches, no poll). */
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

describeWithPostgres("OAuth grant revocation across two instances (real Postgres)", () => {
  it("the revoked grant's access token is 401 on the other instance's next request", async () => {
    const u = await makeUser();
    const tripId = (await createTrip(u.userId, { name: "Oslo", time_zone: "Europe/Oslo" })).trip_id;
    const reg = await registerClient({ redirect_uris: ["http://127.0.0.1/cb"], client_name: "Two-instance agent" });
    const client = await loadClient(reg.client_id);
    const verifier = "v".repeat(50);
    const challenge = createHash("sha256").update(verifier).digest("base64url");
    const { grantId, code } = await createGrantWithCode({
      userId: u.userId,
      accountId: u.accountId,
      client,
      tripIds: [tripId],
      level: "propose",
      weather: false,
      resource: "http://127.0.0.1/api/mcp",
      redirectUri: "http://127.0.0.1:5000/cb",
      codeChallenge: challenge,
    });
    const tokens = await exchangeCode(
      client,
      new URLSearchParams({ code, code_verifier: verifier, redirect_uri: "http://127.0.0.1:5000/cb" }),
    );
    for (const h of [await getDbHandle(), b]) {
      const cache = credentialCacheFor(h);
      const before = cache.hits;
      for (let i = 0; i < 200 && cache.hits === before; i++) {
        await verifyAccessToken(tokens.access_token, h);
        await new Promise((r) => setTimeout(r, 5));
      }
      expect(cache.hits).toBeGreaterThan(before);
    }
    await revokeGrantById(grantId, u.userId); // on instance A
    await expect(verifyAccessToken(tokens.access_token, b)).rejects.toMatchObject({ status: 401 });
  });
});
