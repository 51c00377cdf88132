import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-db";
import { queryOne, queryRows } from "@/lib/db/sql";
import { setPlan } from "@/lib/accounts/set-plan";
import { makeUser, type TestUser } from "@/lib/testing/fixtures";
import { routeModule } from "@/lib/testing/route-registry";
import { watchBody } from "@/lib/watches/testing/watch-fixtures";
import { endpointFor } from "@/lib/webhooks/testing/helpers";
import { claimIdempotencyKey, pruneIdempotencyKeys } from "./idempotency";
import { call, type CallResult } from "./testing/call-route";

/**
 * Idempotency-Key (issue 29, item 5) through the real route helper, on PGlite by default and on real
 * Postgres with TEST_DATABASE_URL (the race below then runs on 20 pooled connections).
 */
const watchRoute = await routeModule("/v1/weather/watch");
const keysRoute = await routeModule("/api/developer/keys");
const webhookRoute = await routeModule("/v1/webhooks/{webhook_id}");

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t.close());

const createWatch = (bearer: string, key: string | undefined, body: unknown): Promise<CallResult> =>
  call(watchRoute.POST, {
    method: "POST",
    path: "/v1/weather/watch",
    bearer,
    body,
    headers: key === undefined ? {} : { "Idempotency-Key": key },
  });

async function watchCount(accountId: string): Promise<number> {
  const r = await queryOne<{ n: number }>(
    t.db,
    sql`SELECT count(*)::int AS n FROM watches WHERE account_id = ${accountId}::uuid`,
  );
  return r!.n;
}

async function requestsBilled(accountId: string): Promise<number> {
  const r = await queryOne<{ n: number }>(
    t.db,
    sql`SELECT coalesce(sum(requests), 0)::int AS n FROM usage_counters WHERE account_id = ${accountId}::uuid`,
  );
  return r!.n;
}

async function watcher(plan: "starter" | "free" = "starter"): Promise<{ u: TestUser; key: string }> {
  const u = await makeUser({ plan });
  return { u, key: await u.key(["weather:watch"]) };
}

describe("Idempotency-Key on POST /v1/weather/watch", () => {
  it("20 concurrent requests with one key create one watch; the others are 409 in progress or the replayed 201", async () => {
    const { u, key } = await watcher();
    const idem = randomUUID();
    const body = watchBody();
    const results = await Promise.all(Array.from({ length: 20 }, () => createWatch(key, idem, body)));
    const firsts = results.filter((r) => r.status === 201 && r.headers.get("Idempotent-Replayed") === null);
    const replays = results.filter((r) => r.status === 201 && r.headers.get("Idempotent-Replayed") === "true");
    const inUse = results.filter((r) => r.status === 409);
    expect(firsts).toHaveLength(1);
    expect(replays.length + inUse.length).toBe(19);
    for (const r of inUse) {
      expect(r.body.error.code).toBe("idempotency_key_in_use");
      expect(r.headers.get("Retry-After")).toBe("1");
    }
    const watchId = firsts[0].body.data.watch_id;
    for (const r of replays) expect(r.body.data.watch_id).toBe(watchId);
    expect(await watchCount(u.accountId)).toBe(1);
    // Only the one that ran is billed (a 409 and a replay bill nothing).
    expect(await requestsBilled(u.accountId)).toBe(1);

    const replay = await createWatch(key, idem, body);
    expect(replay.status).toBe(201);
    expect(replay.headers.get("Idempotent-Replayed")).toBe("true");
    expect(replay.body.data.watch_id).toBe(watchId);
    expect(replay.text).toBe(firsts[0].text);
    expect(replay.headers.get("Original-Request")).toBe(firsts[0].headers.get("X-Request-Id"));
    expect(replay.headers.get("X-Request-Id")).not.toBe(firsts[0].headers.get("X-Request-Id"));
    expect(await requestsBilled(u.accountId)).toBe(1);
    expect(await watchCount(u.accountId)).toBe(1);

    const other = await createWatch(key, idem, { ...body, outdoor: false });
    expect(other.status).toBe(422);
    expect(other.body.error.code).toBe("idempotency_key_reused");
    expect(await watchCount(u.accountId)).toBe(1);
    expect(await requestsBilled(u.accountId)).toBe(1);
  });

  it("the same body in another key order or spacing is the same request", async () => {
    const { u, key } = await watcher();
    const idem = randomUUID();
    const body = watchBody();
    const first = await createWatch(key, idem, body);
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    const again = await call(watchRoute.POST, {
      method: "POST",
      path: "/v1/weather/watch",
      bearer: key,
      headers: { "Idempotency-Key": idem, "content-type": "application/json" },
      rawBody: JSON.stringify(reordered, null, 2),
    });
    expect(again.status).toBe(201);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(again.body.data.watch_id).toBe(first.body.data.watch_id);
    expect(await watchCount(u.accountId)).toBe(1);
  });

  it("keys are scoped to the account and the operation; requests without a key are never deduplicated", async () => {
    const a = await watcher();
    const b = await watcher();
    const idem = "order-1234 retry";
    const body = watchBody();
    expect((await createWatch(a.key, idem, body)).status).toBe(201);
    const otherAccount = await createWatch(b.key, idem, body);
    expect(otherAccount.status).toBe(201);
    expect(otherAccount.headers.get("Idempotent-Replayed")).toBeNull();
    // The same key on another operation of the same account is a different key.
    const adminKey = await a.u.key(["read", "write"]);
    const created = await call(keysRoute.POST, {
      method: "POST",
      path: "/api/developer/keys",
      bearer: adminKey,
      headers: { "Idempotency-Key": idem },
      body: { name: "ci", scopes: ["read"] },
    });
    expect(created.status).toBe(201);
    expect(created.headers.get("Idempotent-Replayed")).toBeNull();
    expect((await createWatch(a.key, undefined, body)).status).toBe(201);
    expect((await createWatch(a.key, undefined, body)).status).toBe(201);
    expect(await watchCount(a.u.accountId)).toBe(3);
    expect(await watchCount(b.u.accountId)).toBe(1);
  });

  it("refuses a malformed key with 400 before doing anything", async () => {
    const { u, key } = await watcher();
    for (const bad of ["x".repeat(256), "tab\there", "café"]) {
      const res = await call(watchRoute.POST, {
        method: "POST",
        path: "/v1/weather/watch",
        bearer: key,
        body: watchBody(),
        headers: { "Idempotency-Key": bad },
      });
      expect(res.status, bad).toBe(400);
      expect(res.body.error.details).toMatchObject({ location: "header", field: "Idempotency-Key" });
    }
    expect((await createWatch(key, "x".repeat(255), watchBody())).status).toBe(201);
    expect(await watchCount(u.accountId)).toBe(1);
  });

  it("a request refused by validation stores nothing: the corrected request may use the same key", async () => {
    const { u, key } = await watcher();
    const idem = randomUUID();
    const invalid = await createWatch(key, idem, { ...watchBody(), latitude: 123 });
    expect(invalid.status).toBe(400);
    const fixed = await createWatch(key, idem, watchBody());
    expect(fixed.status).toBe(201);
    expect(fixed.headers.get("Idempotent-Replayed")).toBeNull();
    expect(await watchCount(u.accountId)).toBe(1);
  });

  it("a 4xx the operation answered is stored and replayed", async () => {
    const { u, key } = await watcher();
    const idem = randomUUID();
    const body = watchBody({ webhook_url: undefined, webhook_id: randomUUID() });
    const first = await createWatch(key, idem, body);
    expect(first.status).toBe(400);
    const again = await createWatch(key, idem, body);
    expect(again.status).toBe(400);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(again.text).toBe(first.text);
    expect(await watchCount(u.accountId)).toBe(0);
  });

  it("a quota refusal (402) releases the key: after the upgrade the retry runs", async () => {
    const { u, key } = await watcher("free");
    const idem = randomUUID();
    const body = watchBody();
    const refused = await createWatch(key, idem, body);
    expect(refused.status).toBe(402);
    await setPlan({ accountId: u.accountId, plan: "starter" });
    const retried = await createWatch(key, idem, body);
    expect(retried.status).toBe(201);
    expect(retried.headers.get("Idempotent-Replayed")).toBeNull();
    expect(await watchCount(u.accountId)).toBe(1);
  });

  it("a key held by a live request is 409; one whose owner's lease lapsed (crashed instance) is taken over", async () => {
    const { u, key } = await watcher();
    const body = watchBody();
    const held = randomUUID();
    const lapsed = randomUUID();
    // The fingerprint of `body` is what the first request stored: learn it from a completed request.
    const probe = randomUUID();
    await createWatch(key, probe, body);
    const { request_hash, principal } = (await queryOne<{ request_hash: string; principal: string }>(
      t.db,
      sql`SELECT request_hash, principal FROM idempotency_keys WHERE key = ${probe}`,
    ))!;
    await t.db
      .execute(sql`INSERT INTO idempotency_keys (account_id, principal, operation, key, request_hash, status, locked_until, expires_at) VALUES
      (${u.accountId}::uuid, ${principal}, 'POST /v1/weather/watch', ${held}, ${request_hash}, 'in_progress', now() + interval '1 minute', now() + interval '1 day'),
      (${u.accountId}::uuid, ${principal}, 'POST /v1/weather/watch', ${lapsed}, ${request_hash}, 'in_progress', now() - interval '1 second', now() + interval '1 day')`);
    const busy = await createWatch(key, held, body);
    expect(busy.status).toBe(409);
    expect(busy.body.error.code).toBe("idempotency_key_in_use");
    const taken = await createWatch(key, lapsed, body);
    expect(taken.status).toBe(201);
    expect((await createWatch(key, lapsed, body)).headers.get("Idempotent-Replayed")).toBe("true");
    expect(await watchCount(u.accountId)).toBe(2);
  });

  it("keys are kept 24 h: an expired key is a new request, and the prune job deletes expired keys", async () => {
    const { u, key } = await watcher();
    const idem = randomUUID();
    const body = watchBody();
    await createWatch(key, idem, body);
    await t.db.execute(sql`UPDATE idempotency_keys SET expires_at = now() - interval '1 second' WHERE key = ${idem}`);
    const fresh = await createWatch(key, idem, { ...body, outdoor: false });
    expect(fresh.status).toBe(201);
    expect(fresh.headers.get("Idempotent-Replayed")).toBeNull();
    expect(await watchCount(u.accountId)).toBe(2);
    const row = await queryOne<{ expires_in_h: number }>(
      t.db,
      sql`SELECT extract(epoch FROM expires_at - now()) / 3600 AS expires_in_h FROM idempotency_keys WHERE key = ${idem}`,
    );
    expect(Number(row!.expires_in_h)).toBeGreaterThan(23.9);
    await t.db.execute(
      sql`UPDATE idempotency_keys SET expires_at = now() - interval '1 second' WHERE account_id = ${u.accountId}::uuid`,
    );
    expect(await pruneIdempotencyKeys()).toBeGreaterThanOrEqual(1);
    expect(
      await queryRows(t.db, sql`SELECT 1 FROM idempotency_keys WHERE account_id = ${u.accountId}::uuid`),
    ).toHaveLength(0);
  });
});

describe("what is stored", () => {
  it("a 5xx is not stored: the key is released and the retry runs (nothing was committed)", async () => {
    const u = await makeUser();
    const k = {
      accountId: u.accountId,
      principal: "api_key:1",
      operation: "POST /v1/weather/watch",
      key: randomUUID(),
      hash: "h",
    };
    const first = await claimIdempotencyKey(k);
    expect(first.kind).toBe("owner");
    if (first.kind !== "owner") return;
    expect((await first.settle(new Response("{}", { status: 503 }), { secret: false })).status).toBe(503);
    expect(await queryRows(t.db, sql`SELECT 1 FROM idempotency_keys WHERE key = ${k.key}`)).toHaveLength(0);
    const retry = await claimIdempotencyKey(k);
    expect(retry.kind).toBe("owner");
  });
});

describe("Idempotency-Key on other operations", () => {
  it("a response that carries a secret is stored encrypted and replayed intact", async () => {
    const u = await makeUser({ plan: "starter" });
    const admin = await u.key(["read", "write"]);
    const idem = randomUUID();
    const send = () =>
      call(keysRoute.POST, {
        method: "POST",
        path: "/api/developer/keys",
        bearer: admin,
        headers: { "Idempotency-Key": idem },
        body: { name: "ci", scopes: ["read"] },
      });
    const first = await send();
    expect(first.status).toBe(201);
    const again = await send();
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(again.headers.get("Cache-Control")).toBe("no-store");
    expect(again.body.key).toBe(first.body.key);
    const stored = await queryOne<{ response_body: string }>(
      t.db,
      sql`SELECT response_body FROM idempotency_keys WHERE key = ${idem}`,
    );
    expect(stored!.response_body).not.toContain(first.body.key);
    expect(stored!.response_body.startsWith("enc:")).toBe(true);
  });

  it("PATCH replays and refuses a different body with 422", async () => {
    const u = await makeUser({ plan: "starter" });
    const key = await u.key(["weather:webhooks"]);
    const ep = await endpointFor(u.accountId, "https://hooks.example.com/patch", ["weather.watch_expired"]);
    const idem = randomUUID();
    const patch = (description: string) =>
      call(webhookRoute.PATCH, {
        method: "PATCH",
        path: `/v1/webhooks/${ep.webhook_id}`,
        params: { webhook_id: ep.webhook_id },
        bearer: key,
        headers: { "Idempotency-Key": idem },
        body: { description },
      });
    const first = await patch("on-call rota");
    expect(first.status).toBe(200);
    const again = await patch("on-call rota");
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(again.body.data).toEqual(first.body.data);
    const other = await patch("someone else");
    expect(other.status).toBe(422);
    expect(other.body.error.code).toBe("idempotency_key_reused");
  });
});

describe("issue 43, item 11: the header itself", () => {
  it("two Idempotency-Key header lines (joined by a comma) are refused, not taken as one key", async () => {
    const { u, key } = await watcher();
    const headers = new Headers();
    headers.append("Idempotency-Key", "first-key");
    headers.append("Idempotency-Key", "second-key");
    const joined = headers.get("Idempotency-Key")!;
    expect(joined).toBe("first-key, second-key");
    const res = await createWatch(key, joined, watchBody());
    expect(res.status).toBe(400);
    expect(res.body.error.details).toMatchObject({ location: "header", field: "Idempotency-Key" });
    expect(await watchCount(u.accountId)).toBe(0);
  });

  it("sign-up (no account to scope a key to) accepts and ignores the header, even an empty one", async () => {
    const signUp = await routeModule("/api/auth/sign-up");
    const email = `lucia.ferreira.${randomUUID().slice(0, 8)}@example.com`;
    const res = await call(signUp.POST, {
      method: "POST",
      path: "/api/auth/sign-up",
      headers: { "Idempotency-Key": "", host: "localhost", origin: "http://localhost" },
      body: { email, password: "correct horse battery staple" },
      checkContract: false,
    });
    expect(res.status, res.text.slice(0, 300)).toBeLessThan(300);
  });
});
