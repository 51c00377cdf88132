import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-db";
import { startAppHttpServer, type AppHttpServer } from "@/lib/testing/app-http-server";
import { makeUser, type TestUser } from "@/lib/testing/fixtures";
import { overrideEnv } from "@/lib/testing/override-env";
import { createTrip } from "@/lib/trips/manage-trips";
import { trustExtraCa } from "@/lib/webhooks/post-signed";
import { startReceiver, type Receiver } from "@/lib/webhooks/testing/https-receiver";

export interface OAuthWorld {
  t: TestDatabase;
  app: AppHttpServer;
  /** Loopback HTTPS host serving client ID metadata documents (allow-listed, its CA trusted). */
  cimd: Receiver;
  user: TestUser;
  tripId: number;
  otherTripId: number;
  close(): Promise<void>;
}

/**
 * Test only: the app over real HTTP, a user with two trips (the one a grant will name and one it
 * will not), and an allow-listed loopback host for client metadata documents. The OAuth
 * acceptance tests (flow over fetch, consent in Chromium) share it.
 */
export async function startOAuthWorld(): Promise<OAuthWorld> {
  const t = await createTestDatabase();
  const cimd = await startReceiver();
  trustExtraCa(cimd.cert);
  const restoreEnv = overrideEnv({ OAUTH_CLIENT_METADATA_ALLOWED_HOSTS: "127.0.0.1" });
  const app = await startAppHttpServer();
  const user = await makeUser({ plan: "pro" });
  const tripId = (await createTrip(user.userId, { name: "Lisbon long weekend", time_zone: "Europe/Lisbon" })).trip_id;
  const otherTripId = (await createTrip(user.userId, { name: "Porto", time_zone: "Europe/Lisbon" })).trip_id;
  return {
    t,
    app,
    cimd,
    user,
    tripId,
    otherTripId,
    async close() {
      restoreEnv();
      await app.close();
      await cimd.close();
      await t.close();
    },
  };
}
