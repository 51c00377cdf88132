import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { makeUser } from "@/lib/testing/fixtures";
import { emitEvent } from "@/lib/events/emit-event";
import { attemptDueDeliveries } from "./attempt-delivery";
import {
  attemptsOf,
  drainDeliveries,
  endpointFor,
  endpointRow,
  eventsOfType,
  setWebhookEnv,
  withWebhookEnv,
} from "./testing/helpers";
import { deliveryTestWorld } from "./testing/delivery-world";

/** HMAC by an implementation independent of ours: the openssl CLI. */
function opensslHmacHex(key: string, data: string): string {
  const out = execFileSync("openssl", ["dgst", "-sha256", "-hmac", key], { input: data }).toString().trim();
  return out.slice(out.lastIndexOf("=") + 1).trim();
}

const world = deliveryTestWorld("0,0,0");

const change = { watch_id: "7d0c0a43-3f0f-4b36-9a55-2d0d3b7b2c11", metric: "precipitation_probability", delta: 40 };

describe("signed delivery", () => {
  it("delivers on the first try with a signature openssl verifies; one altered byte fails", async () => {
    const u = await makeUser();
    const ep = await endpointFor(u.accountId, world.rx.url("/first"), ["weather.change_detected"]);
    const { eventId } = await emitEvent({ accountId: u.accountId, type: "weather.change_detected", data: change });
    await drainDeliveries();

    expect(world.rx.requests).toHaveLength(1);
    const r = world.rx.requests[0];
    const ts = String(r.headers["x-service-timestamp"]);
    expect(r.headers["x-service-event-id"]).toBe(eventId);
    expect(Math.abs(Number(ts) - Date.now() / 1000)).toBeLessThan(300);
    expect(r.headers["x-service-signature"]).toMatch(/^[0-9a-f]{64}$/);
    expect(opensslHmacHex(ep.secret, `${ts}.${r.rawBody}`)).toBe(r.headers["x-service-signature"]);
    const altered = r.rawBody.replace('"delta":40', '"delta":41');
    expect(altered).not.toBe(r.rawBody);
    expect(opensslHmacHex(ep.secret, `${ts}.${altered}`)).not.toBe(r.headers["x-service-signature"]);

    const body = JSON.parse(r.rawBody);
    expect(Object.keys(body)).toEqual(["id", "type", "created_at", "data"]);
    expect(body).toMatchObject({ id: eventId, type: "weather.change_detected", data: change });

    const [a] = await attemptsOf(ep.webhook_id);
    expect(a).toMatchObject({
      attemptNumber: 1,
      status: "delivered",
      responseStatus: 200,
      responseBodyExcerpt: "ok",
      errorMessage: null,
      nextRetryAt: null,
    });
    expect(a.requestSignature).toBe(r.headers["x-service-signature"]);
    expect(a.requestTimestamp).toBe(Number(ts));
    const row = await endpointRow(ep.webhook_id);
    expect(row.failureCount).toBe(0);
    expect(row.lastSuccessAt).not.toBeNull();
  });

  it("500 then success: failure_count goes to 1 and back to 0", async () => {
    const u = await makeUser();
    world.rx.respond((_r, i) => (i === 0 ? { status: 500, body: "boom ".repeat(400) } : { status: 204 }));
    const ep = await endpointFor(u.accountId, world.rx.url("/flaky"), ["weather.change_detected"]);
    await emitEvent({ accountId: u.accountId, type: "weather.change_detected", data: change });

    expect(await attemptDueDeliveries()).toBe(1);
    expect((await endpointRow(ep.webhook_id)).failureCount).toBe(1);
    const [first] = await attemptsOf(ep.webhook_id);
    expect(first).toMatchObject({ status: "retrying", responseStatus: 500 });
    expect(Buffer.byteLength(first.responseBodyExcerpt)).toBeLessThanOrEqual(1024);
    expect(first.nextRetryAt).not.toBeNull();

    await drainDeliveries();
    const attempts = await attemptsOf(ep.webhook_id);
    expect(attempts.map((a) => [a.attemptNumber, a.status, a.responseStatus])).toEqual([
      [1, "retrying", 500],
      [2, "delivered", 204],
    ]);
    // Both attempts carry the same event id and body; each its own timestamp/signature.
    expect(world.rx.requests[0].rawBody).toBe(world.rx.requests[1].rawBody);
    expect((await endpointRow(ep.webhook_id)).failureCount).toBe(0);
  });

  it("a receiver that never answers is a timeout with response_status 0", async () => {
    await withWebhookEnv({ WEBHOOK_TIMEOUT_MS: "300", WEBHOOK_RETRY_SCHEDULE: "0" }, async () => {
      const u = await makeUser();
      world.rx.respond(() => ({ status: 200, hang: true }));
      const ep = await endpointFor(u.accountId, world.rx.url("/slow"), ["weather.change_detected"]);
      await emitEvent({ accountId: u.accountId, type: "weather.change_detected", data: change });
      await drainDeliveries();
      const [a] = await attemptsOf(ep.webhook_id);
      expect(a).toMatchObject({ status: "giving_up", responseStatus: 0 });
      expect(a.errorMessage).toMatch(/Timed out after 300 ms/);
    });
  });

  it("a network error records response_status 0 and the error", async () => {
    const u = await makeUser();
    const ep = await endpointFor(u.accountId, "https://127.0.0.1:1/closed", ["weather.change_detected"]);
    await emitEvent({ accountId: u.accountId, type: "weather.change_detected", data: change });
    await drainDeliveries();
    const attempts = await attemptsOf(ep.webhook_id);
    expect(attempts.map((a) => a.status)).toEqual(["retrying", "retrying", "giving_up"]);
    expect(attempts[0].responseStatus).toBe(0);
    expect(attempts[0].errorMessage).toMatch(/ECONNREFUSED/);
  });

  it("an exhausted chain emits weather.webhook_delivery_failed to the account's other endpoints", async () => {
    const u = await makeUser();
    world.rx.respond((r) => (r.url === "/down" ? { status: 503 } : { status: 200 }));
    const down = await endpointFor(u.accountId, world.rx.url("/down"), [
      "weather.change_detected",
      "weather.webhook_delivery_failed",
    ]);
    const ops = await endpointFor(u.accountId, world.rx.url("/ops"), ["weather.webhook_delivery_failed"]);
    const { eventId } = await emitEvent({ accountId: u.accountId, type: "weather.change_detected", data: change });
    await drainDeliveries();

    const attempts = await attemptsOf(down.webhook_id);
    expect(attempts.map((a) => a.attemptNumber)).toEqual([1, 2, 3]);
    expect(attempts.map((a) => a.status)).toEqual(["retrying", "retrying", "giving_up"]);
    expect(attempts[2].nextRetryAt).toBeNull();
    const failed = world.rx.requests.filter((r) => r.url === "/ops").map((r) => JSON.parse(r.rawBody));
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({
      type: "weather.webhook_delivery_failed",
      data: { event_id: eventId, webhook_id: down.webhook_id, attempts: 3 },
    });
    // Not sent to the failing endpoint itself.
    expect(world.rx.requests.filter((r) => r.url === "/down")).toHaveLength(3);
    expect((await endpointRow(ops.webhook_id)).status).toBe("active");
  });

  it("watch-level webhook_url deliveries are signed with the account's watch signing secret", async () => {
    const { getOrCreateWatchSigningSecret, rotateWatchSigningSecret } = await import("./watch-signing-secret");
    const u = await makeUser();
    const before = await getOrCreateWatchSigningSecret(u.accountId);
    const secret = (await rotateWatchSigningSecret(u.accountId)).secret;
    expect(secret).not.toBe(before.secret);
    expect(secret).toMatch(/^whsec_[0-9a-f]{32}$/);
    const watchId = "0b7e8f1c-9a52-4c1e-8a3f-5d2b1c0e9f77";
    const { eventId, deliveryIds } = await emitEvent({
      accountId: u.accountId,
      type: "weather.change_detected",
      data: change,
      watchTarget: { url: world.rx.url("/watch"), watchId },
    });
    expect(deliveryIds).toHaveLength(1);
    await drainDeliveries();
    const r = world.rx.requests[0];
    expect(r.headers["x-service-event-id"]).toBe(eventId);
    expect(opensslHmacHex(secret, `${r.headers["x-service-timestamp"]}.${r.rawBody}`)).toBe(
      r.headers["x-service-signature"],
    );
  });

  it("secrets are encrypted at rest", async () => {
    const u = await makeUser();
    const ep = await endpointFor(u.accountId, world.rx.url(), ["weather.change_detected"]);
    const row = await endpointRow(ep.webhook_id);
    expect(ep.secret).toMatch(/^whsec_[0-9a-f]{32}$/);
    expect(row.secretEncrypted).not.toContain(ep.secret.slice(6));
    expect(ep.secret.startsWith(row.secretPrefix)).toBe(true);
  });
});

describe("auto-disable", () => {
  it("disables at exactly the 50th consecutive failure and tells the other endpoints once", async () => {
    setWebhookEnv({ WEBHOOK_RETRY_SCHEDULE: Array(60).fill("0").join(",") });
    try {
      const u = await makeUser();
      world.rx.respond((r) => (r.url === "/bad" ? { status: 500 } : { status: 200 }));
      const bad = await endpointFor(u.accountId, world.rx.url("/bad"), [
        "weather.change_detected",
        "weather.webhook_endpoint_disabled",
      ]);
      await endpointFor(u.accountId, world.rx.url("/ops"), ["weather.webhook_endpoint_disabled"]);
      await emitEvent({ accountId: u.accountId, type: "weather.change_detected", data: change });
      for (let i = 0; i < 49; i++) await attemptDueDeliveries();
      expect(await endpointRow(bad.webhook_id)).toMatchObject({ status: "active", failureCount: 49 });
      await attemptDueDeliveries();
      const row = await endpointRow(bad.webhook_id);
      expect(row).toMatchObject({
        status: "disabled",
        failureCount: 50,
        disabledReason: "auto_disabled_consecutive_failures",
      });
      await drainDeliveries();
      expect(await attemptsOf(bad.webhook_id)).toHaveLength(50);

      const disabled = await eventsOfType(u.accountId, "weather.webhook_endpoint_disabled");
      expect(disabled).toHaveLength(1);
      expect(disabled[0].data).toMatchObject({
        webhook_id: bad.webhook_id,
        reason: "auto_disabled_consecutive_failures",
        consecutive_failures: 50,
        consecutive_failure_threshold: 50,
        exhausted_chain_threshold: 6,
      });
      const toOps = world.rx.requests.filter((r) => r.url === "/ops");
      expect(toOps).toHaveLength(1);
      // Nothing further is dispatched to the disabled endpoint.
      const { deliveryIds } = await emitEvent({
        accountId: u.accountId,
        type: "weather.change_detected",
        data: change,
      });
      expect(deliveryIds).toHaveLength(0);
    } finally {
      setWebhookEnv({ WEBHOOK_RETRY_SCHEDULE: "0,0,0" });
    }
  });

  it("disables after 6 exhausted chains in 24 h (not 5)", async () => {
    setWebhookEnv({ WEBHOOK_RETRY_SCHEDULE: "0" });
    try {
      const u = await makeUser();
      world.rx.respond((r) => (r.url === "/bad" ? { status: 503 } : { status: 200 }));
      const bad = await endpointFor(u.accountId, world.rx.url("/bad"), ["weather.change_detected"]);
      await endpointFor(u.accountId, world.rx.url("/ops"), ["weather.webhook_endpoint_disabled"]);
      for (let i = 0; i < 5; i++)
        await emitEvent({ accountId: u.accountId, type: "weather.change_detected", data: change });
      await drainDeliveries();
      expect((await endpointRow(bad.webhook_id)).status).toBe("active");
      await emitEvent({ accountId: u.accountId, type: "weather.change_detected", data: change });
      await drainDeliveries();
      const row = await endpointRow(bad.webhook_id);
      expect(row).toMatchObject({ status: "disabled", disabledReason: "auto_disabled_giveup_window", failureCount: 6 });
      const [ev] = await eventsOfType(u.accountId, "weather.webhook_endpoint_disabled");
      expect(ev.data).toMatchObject({
        webhook_id: bad.webhook_id,
        reason: "auto_disabled_giveup_window",
        exhausted_chains_24h: 6,
        exhausted_chain_window_hours: 24,
      });
      expect(world.rx.requests.filter((r) => r.url === "/ops")).toHaveLength(1);
    } finally {
      setWebhookEnv({ WEBHOOK_RETRY_SCHEDULE: "0,0,0" });
    }
  });

  it("chains pending for an endpoint that gets disabled are cancelled, never attempted", async () => {
    setWebhookEnv({ WEBHOOK_RETRY_SCHEDULE: "0" });
    try {
      const u = await makeUser();
      const ep = await endpointFor(u.accountId, world.rx.url("/x"), ["weather.change_detected"]);
      await emitEvent({ accountId: u.accountId, type: "weather.change_detected", data: change });
      const { disableEndpoint } = await import("./endpoints");
      await disableEndpoint(u.accountId, ep.webhook_id);
      await drainDeliveries();
      expect(world.rx.requests).toHaveLength(0);
      expect(await attemptsOf(ep.webhook_id)).toHaveLength(0);
    } finally {
      setWebhookEnv({ WEBHOOK_RETRY_SCHEDULE: "0,0,0" });
    }
  });
});
