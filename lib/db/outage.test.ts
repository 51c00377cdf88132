import { AsyncLocalStorage } from "node:async_hooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-db";
import { queryOne } from "@/lib/db/sql";
import { cachedCredential, lastKnownCredential } from "@/lib/auth/credential-cache";
import { sha256Hex } from "@/lib/auth/secrets";
import { verifyApiKey } from "@/lib/auth/verify-api-key";
import { resetEnvCache } from "@/lib/env";
import { isApiError } from "@/lib/http/errors";
import { call } from "@/lib/http/testing/call-route";
import { flushRequestLog, MAX_BUFFERED, recordRequest, requestLogStats } from "@/lib/requests/request-log";
import { makeUser } from "@/lib/testing/fixtures";
import { routeModule } from "@/lib/testing/route-registry";
import { getDb, getDbHandle, setDbHandle, type DbHandle } from "./client";
import { isDatabaseUnavailable } from "./errors";
import {
  DatabaseDownError,
  isDatabaseDown,
  noteDatabaseError,
  PROBE_INTERVAL_MS,
  registerDatabaseProbe,
} from "./outage";

/*
 * Issue 27 item 6, deterministically: the shared "database down" state. Once an unreachable
 * database has been seen, requests answer 503 service_unavailable without touching the database
 * (the handle below counts every use of it: none while down), until the probe succeeds; then they
 * are served again. Request-log rows of the outage are kept and written on recovery; past the
 * bound they are dropped and counted. The real outage (a Postgres cluster stopped under three
 * instances) is test/multi/pg-restart.test.ts.
 */
const usage = await routeModule("/v1/usage");
let t: TestDatabase;
let real: DbHandle;
/** Uses of the database made by a request served while down (its async context: background timers excluded). */
let uses = 0;
const inDownRequest = new AsyncLocalStorage<boolean>();
let reachable = true;
let probes = 0;

beforeAll(async () => {
  t = await createTestDatabase();
  real = await getDbHandle();
  // The process-wide handle, counting every use of its database by the requests below.
  const counted = new Proxy(real.db, {
    get(target, prop, receiver) {
      if (inDownRequest.getStore()) uses++;
      return Reflect.get(target, prop, receiver);
    },
  });
  setDbHandle({ ...real, db: counted });
  registerDatabaseProbe(async () => {
    probes++;
    if (!reachable) throw Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
  });
});

afterAll(async () => {
  reachable = true;
  registerDatabaseProbe(undefined);
  setDbHandle(real);
  await flushRequestLog();
  await t.close();
});

const refused = () => Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });

async function untilUp(): Promise<void> {
  for (let i = 0; isDatabaseDown(); i++) {
    if (i > 500) throw new Error("the probe never brought the database back");
    await new Promise((r) => setTimeout(r, PROBE_INTERVAL_MS / 4));
  }
}

describe("database down: short-circuit and recovery", () => {
  it("an unreachable database marks the state down; requests then answer 503 in the envelope without touching the database; the probe brings it back", async () => {
    const u = await makeUser();
    const key = await u.key(["read"]);
    expect((await call(usage.GET, { path: "/v1/usage", bearer: key })).status).toBe(200);

    reachable = false;
    expect(noteDatabaseError(refused())).toBe(true);
    expect(isDatabaseDown()).toBe(true);
    await expect(getDb()).rejects.toBeInstanceOf(DatabaseDownError);
    expect(isDatabaseUnavailable(new DatabaseDownError())).toBe(true);

    uses = 0;
    for (let i = 0; i < 20; i++) {
      const r = await inDownRequest.run(true, () => call(usage.GET, { path: "/v1/usage", bearer: key }));
      expect(r.status).toBe(503);
      expect(r.body.error.code).toBe("service_unavailable");
      expect(r.headers.get("x-request-id")).toBeTruthy();
      expect(r.headers.get("retry-after")).toBe("1");
    }
    expect(uses).toBe(0); // short-circuited: not one statement, not one connection attempt
    // The credential cache reads the handle directly (prepared statements): a miss short-circuits too.
    let loaded = false;
    await expect(cachedCredential(`k:outage-${Date.now()}`, async () => (loaded = true))).rejects.toBeInstanceOf(
      DatabaseDownError,
    );
    expect(loaded).toBe(false);
    const probesWhileDown = probes;
    expect(probesWhileDown).toBeGreaterThan(0);

    reachable = true;
    await untilUp();
    // The same counting sees a served request's statements (the check above can fail).
    expect((await inDownRequest.run(true, () => call(usage.GET, { path: "/v1/usage", bearer: key }))).status).toBe(200);
    expect(uses).toBeGreaterThan(0);
  });

  it("a 503 for a credential that cannot be verified while down names the account this instance last saw for it (request log attribution)", async () => {
    process.env.CREDENTIAL_CACHE_TTL_MS = "50";
    resetEnvCache();
    try {
      const u = await makeUser();
      const key = await u.key(["read"]);
      // Cached once the cache listens and holds its lease (it bypasses itself until then).
      for (let i = 0; !(await lastKnownCredential(`k:${sha256Hex(key)}`)); i++) {
        if (i > 500) throw new Error("the credential cache never held the key");
        await verifyApiKey(key);
        await new Promise((r) => setTimeout(r, 10));
      }
      const filled = Date.now();
      // The entry is past its TTL: the next request needs the database to verify the key.
      while (Date.now() <= filled + 60) await new Promise((r) => setTimeout(r, 10));
      reachable = false;
      noteDatabaseError(refused());
      const err = await verifyApiKey(key).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(isApiError(err) && err.code).toBe("service_unavailable");
      expect(isApiError(err) && err.principal).toMatchObject({ type: "api_key", accountId: u.accountId });
      // A key this instance never saw is still a 503, with no account.
      const unknown = await verifyApiKey(`svc_${"x".repeat(40)}`).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(isDatabaseUnavailable(unknown)).toBe(true);
    } finally {
      delete process.env.CREDENTIAL_CACHE_TTL_MS;
      resetEnvCache();
      reachable = true;
      await untilUp();
    }
  });

  it("errors that do not mean 'unreachable' leave the state up (a bad statement is not an outage)", async () => {
    expect(noteDatabaseError(Object.assign(new Error("syntax error"), { code: "42601" }))).toBe(false);
    expect(noteDatabaseError(new Error("kaput"))).toBe(false);
    expect(isDatabaseDown()).toBe(false);
  });

  it("request-log rows of an outage are kept and written on recovery; past the bound they are dropped and counted", async () => {
    const marker = `/outage-test/${Date.now()}`;
    const trace = (i: number) => ({
      requestId: crypto.randomUUID(),
      method: "GET",
      path: `${marker}/${i}`,
      status: 503,
      latencyMs: 1,
      principal: { type: "none" } as never,
      billingUnits: 0,
      errorCode: "service_unavailable",
      errorMessage: "The service is temporarily unavailable; retry shortly.",
      source: "api" as const,
    });
    await flushRequestLog();
    reachable = false;
    noteDatabaseError(refused());
    const droppedBefore = requestLogStats().dropped;
    for (let i = 0; i < 300; i++) recordRequest(trace(i));
    await flushRequestLog(); // fails on the down state: the rows stay
    expect(requestLogStats().buffered).toBe(300);
    expect(requestLogStats().dropped).toBe(droppedBefore);
    // Fill to the bound: what does not fit is dropped and counted (the metric request_log_rows_dropped_total).
    for (let i = 300; i < MAX_BUFFERED + 25; i++) recordRequest(trace(i));
    expect(requestLogStats().buffered).toBe(MAX_BUFFERED);
    expect(requestLogStats().dropped).toBe(droppedBefore + 25);

    reachable = true;
    await untilUp(); // recovery flushes at once
    await flushRequestLog();
    const row = await queryOne<{ n: string }>(
      t.db,
      sql`SELECT count(*) AS n FROM request_log WHERE path LIKE ${`${marker}/%`}`,
    );
    expect(Number(row!.n)).toBe(MAX_BUFFERED);
    expect(requestLogStats().buffered).toBe(0);
  });
});
