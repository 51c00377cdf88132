import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { Webhook as StandardWebhook } from "standardwebhooks";
import { Webhook as SvixWebhook } from "svix";
import { getDb } from "@/lib/db/client";
import { makeUser } from "@/lib/testing/fixtures";
import { emitEvent } from "@/lib/events/emit-event";
import { attemptDueDeliveries } from "./attempt-delivery";
import { redeliverEvent } from "./manual-delivery";
import { rotateSecret } from "./manage-endpoint";
import { signPayload } from "./signing";
import type { ReceivedRequest } from "./testing/https-receiver";
import { attemptsOf, drainDeliveries, endpointFor } from "./testing/helpers";
import { deliveryTestWorld } from "./testing/delivery-world";
import { verifyWebhook } from "./verify";
import { getOrCreateWatchSigningSecret } from "./watch-signing-secret";

/*
 * Real deliveries to the HTTPS receiver, verified by the unmodified `standardwebhooks` library and by
 * `svix`'s Webhook.verify (what receivers already run), beside our own X-Service-* recipe.
 */
const world = deliveryTestWorld("0,0,0");
const CHANGE = "weather.change_detected" as const;

const flat = (r: ReceivedRequest): Record<string, string> =>
  Object.fromEntries(Object.entries(r.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(", ") : String(v)]));

/** Both libraries accept the delivery with `secret` (they throw otherwise) and hand back the parsed body. */
function verifiesWith(r: ReceivedRequest, secret: string): boolean {
  const headers = flat(r);
  const verdicts = [new StandardWebhook(secret), new SvixWebhook(secret)].map((wh) => {
    try {
      const body = wh.verify(r.rawBody, headers) as { id: string };
      return body.id === headers["webhook-id"];
    } catch {
      return false;
    }
  });
  // The two must agree: svix delegates to standardwebhooks, but a disagreement would mean a header svix reads differently.
  expect(verdicts[0]).toBe(verdicts[1]);
  return verdicts[0];
}

describe("Standard Webhooks headers", () => {
  it("every endpoint delivery verifies with standardwebhooks and svix; X-Service-* are unchanged; a tampered body fails", async () => {
    const u = await makeUser();
    const ep = await endpointFor(u.accountId, world.rx.url("/std"), [CHANGE]);
    const { eventId } = await emitEvent({ accountId: u.accountId, type: CHANGE, data: { n: 1, text: "naïve ☂" } });
    await drainDeliveries();
    const [r] = world.rx.requests;
    const h = flat(r);
    expect(h["webhook-id"]).toBe(eventId);
    expect(h["webhook-timestamp"]).toBe(h["x-service-timestamp"]);
    expect(h["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(verifiesWith(r, ep.secret)).toBe(true);
    expect(verifiesWith({ ...r, rawBody: r.rawBody.replace('"n":1', '"n":2') }, ep.secret)).toBe(false);
    expect(verifiesWith(r, "whsec_00000000000000000000000000000000")).toBe(false);

    // The existing headers, byte for byte as specified.
    expect(h["x-service-event-id"]).toBe(eventId);
    expect(h["x-service-signature"]).toBe(signPayload(ep.secret, Number(h["x-service-timestamp"]), r.rawBody));
    expect(h["x-service-signatures"]).toBe(`v1=${h["x-service-signature"]}`);
    expect(verifyWebhook(r.rawBody, new Headers(h), ep.secret)).toBe(true);

    // The attempt record shows what was sent, the new headers included.
    const [a] = await attemptsOf(ep.webhook_id);
    expect(a.requestHeaders).toMatchObject({ "webhook-id": eventId, "webhook-signature": h["webhook-signature"] });
  });

  it("webhook-id stays the event id across a retry and a redelivery (each attempt freshly signed)", async () => {
    const u = await makeUser();
    world.rx.respond((_r, i) => (i === 0 ? { status: 500 } : { status: 200 }));
    const ep = await endpointFor(u.accountId, world.rx.url("/retry"), [CHANGE]);
    const { eventId } = await emitEvent({ accountId: u.accountId, type: CHANGE, data: { n: 2 } });
    await drainDeliveries();
    await redeliverEvent(u.accountId, ep.webhook_id, eventId);
    expect(world.rx.requests).toHaveLength(3);
    for (const r of world.rx.requests) {
      expect(r.headers["webhook-id"]).toBe(eventId);
      expect(verifiesWith(r, ep.secret)).toBe(true);
    }
  });

  it("during a rotation's grace both secrets verify with both libraries (two entries); after it only the new one", async () => {
    const u = await makeUser();
    const ep = await endpointFor(u.accountId, world.rx.url("/rot"), [CHANGE]);
    const rotated = await rotateSecret(u.accountId, ep.webhook_id, 24);
    await emitEvent({ accountId: u.accountId, type: CHANGE, data: { n: 3 } });
    await drainDeliveries();
    const during = world.rx.requests[0];
    expect(String(during.headers["webhook-signature"]).split(" ")).toHaveLength(2);
    expect(verifiesWith(during, rotated.secret)).toBe(true);
    expect(verifiesWith(during, ep.secret)).toBe(true);
    // The old single X-Service-Signature still verifies with the old secret, as before.
    const plain = new Headers({
      "x-service-timestamp": String(during.headers["x-service-timestamp"]),
      "x-service-signature": String(during.headers["x-service-signature"]),
    });
    expect(verifyWebhook(during.rawBody, plain, ep.secret)).toBe(true);

    await (
      await getDb()
    ).execute(
      sql`UPDATE webhook_endpoints SET previous_secret_expires_at = now() - interval '1 second' WHERE id = ${ep.webhook_id}`,
    );
    await emitEvent({ accountId: u.accountId, type: CHANGE, data: { n: 4 } });
    await drainDeliveries();
    const after = world.rx.requests[1];
    expect(String(after.headers["webhook-signature"]).split(" ")).toHaveLength(1);
    expect(verifiesWith(after, rotated.secret)).toBe(true);
    expect(verifiesWith(after, ep.secret)).toBe(false);
  });

  it("watch webhook_url deliveries carry them too, signed with the watch signing secret", async () => {
    const u = await makeUser();
    const { secret } = await getOrCreateWatchSigningSecret(u.accountId);
    const { eventId } = await emitEvent({
      accountId: u.accountId,
      type: CHANGE,
      data: { n: 5 },
      watchTarget: { url: world.rx.url("/watch"), watchId: "0b7e8f1c-9a52-4c1e-8a3f-5d2b1c0e9f77" },
    });
    expect(await attemptDueDeliveries()).toBe(1);
    const [r] = world.rx.requests;
    expect(r.headers["webhook-id"]).toBe(eventId);
    expect(verifiesWith(r, secret)).toBe(true);
  });
});
