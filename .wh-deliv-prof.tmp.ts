import { createUser } from "@/lib/accounts/create-user";
import { emitEvent } from "@/lib/webhooks/emit-event";
import { createEndpoint } from "@/lib/webhooks/endpoints";
import { attemptDueDeliveries } from "@/lib/webhooks/attempt-delivery";
import { trustExtraCa } from "@/lib/webhooks/post-signed";
import { startReceiver } from "@/lib/webhooks/testing/https-receiver";
import { setWebhookEnv } from "@/lib/webhooks/testing/helpers";
import { closeDb } from "@/lib/db/client";
async function main() {
  setWebhookEnv({ WEBHOOK_ALLOWED_HOSTS: "127.0.0.1" });
  const rx = await startReceiver(); trustExtraCa(rx.cert);
  const { accountId } = await createUser({ email: `p${Date.now()}@x.test`, password: "password-123" });
  await createEndpoint(accountId, { url: rx.url("/b"), events: ["weather.change_detected"], description: "" });
  await Promise.all(Array.from({ length: 8 }, async () => { for (let i = 0; i < 125; i++) await emitEvent({ accountId, type: "weather.change_detected", data: { i } }); }));
  let t = Date.now(); let n = 0;
  for (;;) { const k = await attemptDueDeliveries({ concurrency: 32 }); n += k; if (!k) break; }
  console.log("delivered", n, "in ms", Date.now() - t, "rate", Math.round(n / ((Date.now() - t) / 1000)), "received", rx.requests.length);
  await rx.close(); await closeDb();
}
main();
