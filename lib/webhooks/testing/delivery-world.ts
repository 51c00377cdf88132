import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import type { Db } from "@/lib/db/client";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-db";
import { trustExtraCa } from "../post-signed";
import { startReceiver, type Receiver } from "./https-receiver";
import { setWebhookEnv } from "./helpers";

/**
 * The set-up delivery test files share: their own database, loopback-only webhook settings with the
 * given retry schedule (the request timeout is vitest.config.ts's minute), and a real HTTPS receiver (its certificate trusted), fresh for every test
 * unless `receiverPerFile` (files whose watches outlive one test keep one receiver).
 */
export function deliveryTestWorld(
  retrySchedule: string,
  opts: { receiverPerFile?: boolean } = {},
): { readonly rx: Receiver; readonly db: Db } {
  let t: TestDatabase | undefined;
  let rx: Receiver | undefined;
  beforeAll(async () => {
    setWebhookEnv({
      WEBHOOK_ALLOWED_HOSTS: "127.0.0.1",
      WEBHOOK_RETRY_SCHEDULE: retrySchedule,
    });
    t = await createTestDatabase();
    if (opts.receiverPerFile) await openReceiver();
  });
  afterAll(async () => {
    if (opts.receiverPerFile) await rx?.close();
    await t?.close();
    setWebhookEnv({
      WEBHOOK_ALLOWED_HOSTS: undefined,
      WEBHOOK_RETRY_SCHEDULE: undefined,
    });
  });
  async function openReceiver() {
    rx = await startReceiver();
    trustExtraCa(rx.cert);
  }
  if (!opts.receiverPerFile) {
    beforeEach(openReceiver);
    afterEach(async () => rx?.close());
  }
  return {
    get rx() {
      if (!rx) throw new Error("the receiver exists only inside a test");
      return rx;
    },
    get db() {
      if (!t) throw new Error("the database exists only inside the file's tests");
      return t.db;
    },
  };
}
