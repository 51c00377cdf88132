import { startReceiver } from "@/lib/webhooks/testing/https-receiver";

/**
 * The delivery bench's HTTPS receiver, in a process of its own (receiver-process.ts starts it):
 * a receiver is another service, so its TLS and HTTP work must not share the runner's event loop.
 * It answers 200 to everything and reports (event id, receipt time) pairs when asked.
 */
async function main() {
  const rx = await startReceiver();
  let reported = 0;
  process.on("message", (m: { type: string; id?: number }) => {
    if (m.type === "receipts") {
      const batch = rx.requests
        .slice(reported)
        .map((r) => [String(r.headers["x-service-event-id"]), r.receivedAt] as const);
      reported = rx.requests.length;
      process.send!({ type: "receipts", id: m.id, batch });
    } else if (m.type === "close") {
      void rx.close().then(() => process.exit(0));
    }
  });
  process.send!({ type: "ready", url: rx.url("/bench"), cert: rx.cert });
}

void main();
