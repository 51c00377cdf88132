import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-db";
import { trustExtraCa } from "../post-signed";
import { startReceiver, type Receiver } from "./https-receiver";
import { setWebhookEnv } from "./helpers";

/**
 * The set-up delivery test files share: their own database, loopback-only webhook settings with the
 * given retry schedule, and a fresh real HTTPS receiver (its certificate trusted) for every test.
 */
export function deliveryTestWorld(retrySchedule: string): { readonly rx: Receiver } {
  let t: TestDatabase | undefined;
  let rx: Receiver | undefined;
  beforeAll(async () => {
    setWebhookEnv({ WEBHOOK_ALLOWED_HOSTS: "127.0.0.1", WEBHOOK_RETRY_SCHEDULE: retrySchedule, WEBHOOK_TIMEOUT_MS: "3000" });
    t = await createTestDatabase();
  });
  afterAll(async () => {
    await t?.close();
    setWebhookEnv({ WEBHOOK_ALLOWED_HOSTS: undefined, WEBHOOK_RETRY_SCHEDULE: undefined, WEBHOOK_TIMEOUT_MS: undefined });
  });
  beforeEach(async () => {
    rx = await startReceiver();
    trustExtraCa(rx.cert);
  });
  afterEach(async () => rx?.close());
  return {
    get rx() {
      if (!rx) throw new Error("the receiver exists only inside a test");
      return rx;
    },
  };
}
