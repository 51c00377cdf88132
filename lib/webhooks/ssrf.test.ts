import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-db";
import { makeUser } from "@/lib/testing/fixtures";
import { emitEvent } from "@/lib/events/emit-event";
import { trustExtraCa } from "./post-signed";
import { isInternalAddress, parseAllowList, resolveSafeTarget, SsrfError, urlProblem } from "./ssrf";
import { startReceiver, type Receiver } from "./testing/https-receiver";
import { attemptsOf, drainDeliveries, endpointFor, setWebhookEnv } from "./testing/helpers";

const none = parseAllowList("");

describe("SSRF guard (no allow-list)", () => {
  const refused = [
    "http://example.com/hook",
    "https://127.0.0.1/hook",
    "https://127.1.2.3/hook",
    "https://[::1]/hook",
    "https://[::ffff:127.0.0.1]/hook",
    "https://[::ffff:a9fe:a9fe]/hook",
    "https://10.0.0.5/hook",
    "https://172.16.3.4/hook",
    "https://192.168.1.10/hook",
    "https://169.254.169.254/latest/meta-data/",
    "https://100.64.0.1/hook",
    "https://[fd00::1]/hook",
    "https://[fe80::1]/hook",
    "https://0.0.0.0/hook",
    "https://[::]/hook",
    "https://2130706433/hook", // decimal 127.0.0.1
    "https://0x7f000001/hook", // hex 127.0.0.1
    "https://0x7f.0.0.1/hook", // mixed hex
    "https://0177.0.0.1/hook", // octal
    "https://3232235777/hook", // decimal 192.168.1.1
    "https://localhost/hook", // a name resolving to loopback
    "https://user:pass@example.com/hook",
  ];
  for (const url of refused) {
    it(`refuses ${url}`, async () => {
      await expect(resolveSafeTarget(url, none)).rejects.toBeInstanceOf(SsrfError);
    });
  }

  it("classifies addresses", () => {
    for (const a of [
      "127.0.0.1",
      "10.1.1.1",
      "169.254.169.254",
      "::1",
      "fc00::1",
      "::ffff:10.0.0.1",
      "64:ff9b::7f00:1",
      "224.0.0.1",
    ]) {
      expect(isInternalAddress(a), a).toBe(true);
    }
    for (const a of ["93.184.216.34", "8.8.8.8", "2606:4700:4700::1111", "::ffff:8.8.8.8"])
      expect(isInternalAddress(a), a).toBe(false);
  });

  it("accepts public literal addresses without DNS and keeps the checked address", async () => {
    const t = await resolveSafeTarget("https://93.184.216.34:8443/x", none);
    expect(t).toMatchObject({ address: "93.184.216.34", family: 4, host: "93.184.216.34" });
  });

  it("registration refuses http:// and internal literals with a message naming the problem", () => {
    expect(urlProblem("http://example.com", none)).toMatch(/https/);
    expect(urlProblem("https://169.254.169.254/", none)).toMatch(/internal/);
    expect(urlProblem("https://0x7f000001/", none)).toMatch(/internal/);
    expect(urlProblem("https://localhost:3000/", none)).toMatch(/internal/);
    expect(urlProblem("not a url", none)).toMatch(/absolute URL/);
    expect(urlProblem("https://hooks.example.com/in", none)).toBeUndefined();
  });

  it("the allow-list lets listed hosts and CIDRs through", async () => {
    const allow = parseAllowList("localhost, 10.0.0.0/8");
    await expect(resolveSafeTarget("https://10.2.3.4/x", allow)).resolves.toMatchObject({ address: "10.2.3.4" });
    await expect(resolveSafeTarget("https://localhost/x", allow)).resolves.toMatchObject({ host: "localhost" });
    await expect(resolveSafeTarget("https://192.168.0.1/x", allow)).rejects.toBeInstanceOf(SsrfError);
  });
});

describe("SSRF guard at delivery time", () => {
  let t: TestDatabase;
  let rx: Receiver;
  beforeAll(async () => {
    setWebhookEnv({ WEBHOOK_ALLOWED_HOSTS: "127.0.0.1", WEBHOOK_RETRY_SCHEDULE: "0" });
    t = await createTestDatabase();
    rx = await startReceiver();
    trustExtraCa(rx.cert);
  });
  afterAll(async () => {
    await rx.close();
    await t.close();
    setWebhookEnv({ WEBHOOK_ALLOWED_HOSTS: undefined, WEBHOOK_RETRY_SCHEDULE: undefined });
  });

  it("refuses loopback targets before any connection once they are not allow-listed", async () => {
    const u = await makeUser();
    const byIp = await endpointFor(u.accountId, rx.url("/ip"), ["weather.change_detected"]);
    setWebhookEnv({ WEBHOOK_ALLOWED_HOSTS: "" });
    try {
      await emitEvent({ accountId: u.accountId, type: "weather.change_detected", data: {} });
      // A watch's webhook_url needs no registration, so only the delivery-time guard protects it.
      const watchId = "2f9a4c1e-6b7d-4e8f-9a0b-1c2d3e4f5a6b";
      for (const url of [
        rx.url("/w"),
        `https://localhost:${rx.port}/w`,
        `https://2130706433:${rx.port}/w`,
        `https://0x7f000001:${rx.port}/w`,
      ]) {
        await emitEvent({
          accountId: u.accountId,
          type: "weather.change_detected",
          data: {},
          watchTarget: { url, watchId },
        });
      }
      await drainDeliveries();
      expect(rx.connections()).toBe(0);
      const [a] = await attemptsOf(byIp.webhook_id);
      expect(a).toMatchObject({ responseStatus: 0, status: "giving_up" });
      expect(a.errorMessage).toMatch(/Refused webhook target/);
    } finally {
      setWebhookEnv({ WEBHOOK_ALLOWED_HOSTS: "127.0.0.1" });
    }
  });

  it("does not follow a redirect to an internal address (a 3xx is a failure)", async () => {
    const u = await makeUser();
    rx.respond(() => ({ status: 302, headers: { location: "https://169.254.169.254/latest/meta-data/" } }));
    const ep = await endpointFor(u.accountId, rx.url("/redirect"), ["weather.change_detected"]);
    const before = rx.requests.length;
    await emitEvent({ accountId: u.accountId, type: "weather.change_detected", data: {} });
    await drainDeliveries();
    expect(rx.requests.length - before).toBe(1);
    const [a] = await attemptsOf(ep.webhook_id);
    expect(a).toMatchObject({ responseStatus: 302, status: "giving_up" });
    expect(a.errorMessage).toMatch(/Redirect not followed/);
  });
});
