import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, describeWithPostgres, type TestDatabase } from "@/lib/db/testing/test-db";
import { resetEnvCache } from "@/lib/env";
import { call } from "@/lib/http/testing/call-route";
import { contract } from "@/lib/http/route";
import { defineRoute } from "@/lib/registry/route";
import { makeUser } from "@/lib/testing/fixtures";
import { checkVisa } from "./check-visa";
import { visaContracts } from "./contracts";
import { visaKey } from "./strategy";
import { createVisaKey } from "./visa-keys";
import { windowOf } from "./rate-window";
import { routeModule } from "@/lib/testing/route-registry";

const check = await routeModule("/v1/visa/check");
const rules = await routeModule("/v1/visa/rules");

const MASTER = "visa-master-key-for-tests-0123456789";
let t: TestDatabase;
beforeAll(async () => {
  process.env.VISA_MASTER_KEY = MASTER;
  resetEnvCache();
  t = await createTestDatabase({ poolSize: 32 });
});
afterAll(async () => {
  delete process.env.VISA_MASTER_KEY;
  resetEnvCache();
  await t.close();
});

const body = { nationality: "US", destination: "FR", purpose: "tourism" };
const send = (key: string, handler = check.POST) =>
  call(handler, { method: "POST", path: "/v1/visa/check", body, headers: { "x-visa-intel-key": key } });

async function newKey(hourlyLimit?: number) {
  const u = await makeUser();
  return (await createVisaKey({ accountId: u.accountId, userId: u.userId }, { name: "t", hourlyLimit })).key;
}

/** A check route whose limiter reads the given clock (the injectable clock). */
function routeWithClock(now: () => Date) {
  return defineRoute(contract({ ...visaContracts.check, auth: visaKey({ now }) }), async ({ body: b }) => ({
    data: await checkVisa(b),
  }));
}

const int = (h: Headers, name: string) => Number(h.get(name));

/**
 * A clock that ticks in real time from the middle of a far-off UTC hour, so a
 * thousand requests on a slow machine never straddle an hour boundary (which
 * would legitimately reset the count) while Retry-After still sees real fractions.
 */
function midHourClock() {
  const start = Date.now();
  const base = Date.UTC(2031, 0, 1, 10, 30, 0, 250);
  return () => new Date(base + (Date.now() - start));
}

describeWithPostgres("visa hourly limit (real Postgres)", () => {
  it("1..1,000 succeed counting Remaining down to 0; 1,001 gets 429 with Retry-After = retryAfter ~ Reset", async () => {
    const key = await newKey();
    const clock = midHourClock();
    const route = routeWithClock(clock);
    let reset = 0;
    for (let i = 1; i <= 1000; i++) {
      const res = await send(key, route);
      expect(res.status).toBe(200);
      expect(int(res.headers, "x-ratelimit-limit")).toBe(1000);
      expect(int(res.headers, "x-ratelimit-remaining")).toBe(1000 - i);
      reset = int(res.headers, "x-ratelimit-reset");
    }
    const before = clock().getTime() / 1000;
    const res = await send(key, route);
    const after = clock().getTime() / 1000;
    expect(res.status).toBe(429);
    expect(res.body).toEqual({
      error: expect.any(String),
      code: "visa_api_rate_limited",
      retryAfter: expect.any(Number),
    });
    expect(Number.isInteger(res.body.retryAfter)).toBe(true);
    expect(res.headers.get("retry-after")).toBe(String(res.body.retryAfter));
    expect(int(res.headers, "x-ratelimit-limit")).toBe(1000);
    expect(int(res.headers, "x-ratelimit-remaining")).toBe(0);
    expect(int(res.headers, "x-ratelimit-reset")).toBe(reset);
    expect(reset % 3600).toBe(0);
    expect(reset).toBe(Date.UTC(2031, 0, 1, 11) / 1000);
    // The limiter read its clock at some t in [before, after], and t + retryAfter
    // lies in [Reset, Reset + 1) (ceil of the remaining fraction); so:
    expect(after + res.body.retryAfter).toBeGreaterThanOrEqual(reset);
    expect(before + res.body.retryAfter).toBeLessThan(reset + 1);
    // A rejected request is not counted: a second 429 still reports Remaining 0, never negative.
    const again = await send(key, route);
    expect(again.status).toBe(429);
    expect(int(again.headers, "x-ratelimit-remaining")).toBe(0);
  });

  it("a burst of 1,100 from 32 concurrent workers yields exactly 1,000 successes", async () => {
    const key = await newKey(1000);
    const route = routeWithClock(midHourClock());
    const statuses: number[] = [];
    const remaining: number[] = [];
    let next = 0;
    const worker = async () => {
      while (next < 1100) {
        next++;
        const res = await send(key, route);
        statuses.push(res.status);
        if (res.status === 200) remaining.push(int(res.headers, "x-ratelimit-remaining"));
      }
    };
    await Promise.all(Array.from({ length: 32 }, worker));
    expect(statuses).toHaveLength(1100);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1000);
    expect(statuses.filter((s) => s === 429)).toHaveLength(100);
    // Each success saw a distinct count: 999..0, each exactly once.
    expect(new Set(remaining).size).toBe(1000);
    expect(Math.min(...remaining)).toBe(0);
  });

  it("a new UTC hour starts fresh (injectable clock)", async () => {
    const key = await newKey(3);
    let now = new Date(Date.UTC(2030, 0, 1, 10, 59, 58));
    const route = routeWithClock(() => now);
    for (let i = 0; i < 3; i++) expect((await send(key, route)).status).toBe(200);
    const limited = await send(key, route);
    expect(limited.status).toBe(429);
    expect(limited.body.retryAfter).toBe(2);
    expect(int(limited.headers, "x-ratelimit-reset")).toBe(Date.UTC(2030, 0, 1, 11) / 1000);
    now = new Date(Date.UTC(2030, 0, 1, 11, 0, 0));
    const fresh = await send(key, route);
    expect(fresh.status).toBe(200);
    expect(int(fresh.headers, "x-ratelimit-remaining")).toBe(2);
    expect(int(fresh.headers, "x-ratelimit-reset")).toBe(Date.UTC(2030, 0, 1, 12) / 1000);
  });

  it("the master key never sees 429 and carries no X-RateLimit headers", async () => {
    const statuses: number[] = [];
    let next = 0;
    const worker = async () => {
      while (next++ < 1100) {
        const res = await send(MASTER);
        statuses.push(res.status);
        expect(res.headers.get("x-ratelimit-limit")).toBeNull();
      }
    };
    await Promise.all(Array.from({ length: 16 }, worker));
    expect(statuses).toHaveLength(1100);
    expect(statuses.every((s) => s === 200)).toBe(true);
  });
});

describe("visa rate headers on every authenticated response", () => {
  it("a 400 after authentication still costs one unit and carries the headers", async () => {
    const key = await newKey(10);
    const bad = await call(rules.GET, {
      path: "/v1/visa/rules?destinationCountryCode=ZZ",
      headers: { "x-visa-intel-key": key },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("bad_request");
    expect(bad.headers.get("x-ratelimit-remaining")).toBe("9");
    const before = new Date();
    const ok = await call(rules.GET, {
      path: "/v1/visa/rules?destinationCountryCode=FR",
      headers: { "x-visa-intel-key": key },
    });
    expect(ok.status).toBe(200);
    expect(ok.headers.get("x-ratelimit-remaining")).toBe("8");
    // The hour the request was read in: the one at `before` or, if an hour began meanwhile, the one now.
    const hours = [before, new Date()].map((d) => windowOf(d).end.getTime() / 1000);
    expect(hours).toContain(Number(ok.headers.get("x-ratelimit-reset")));
  });

  it("a raised limit applies on the key's next request", async () => {
    const { setVisaKeyLimit } = await import("./visa-keys");
    const u = await makeUser();
    const k = await createVisaKey({ accountId: u.accountId }, { name: "t", hourlyLimit: 1 });
    expect((await send(k.key)).status).toBe(200);
    expect((await send(k.key)).status).toBe(429);
    await setVisaKeyLimit(k.id, 5);
    const res = await send(k.key);
    expect(res.status).toBe(200);
    expect(res.headers.get("x-ratelimit-limit")).toBe("5");
    expect(res.headers.get("x-ratelimit-remaining")).toBe("3");
  });
});
