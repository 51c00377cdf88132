import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-db";
import { queryOne } from "@/lib/db/sql";
import { isDatabaseDown } from "@/lib/db/outage";
import { call } from "@/lib/http/testing/call-route";
import { makeUser } from "@/lib/testing/fixtures";
import { routeModule } from "@/lib/testing/route-registry";
import { trustExtraCa } from "./post-signed";
import { startReceiver, type Receiver } from "./testing/https-receiver";
import { drainDeliveries, endpointFor, setWebhookEnv, waitFor } from "./testing/helpers";

/*
 * Issue 40 item 5: `POST /v1/webhooks/{id}/test` answered 503 although its event was stored, so a
 * client retrying (same Idempotency-Key or none) would create a second event. The database is
 * failed at the commit point: a trigger makes the first statement after the commit (the inline
 * attempt's claim) fail as a terminated connection does (57P01), or makes the write itself fail.
 */
const testEvent = await routeModule("/v1/webhooks/{webhook_id}/test");
let t: TestDatabase;
let rx: Receiver;

async function failOn(when: "UPDATE" | "INSERT"): Promise<void> {
  await t.db.execute(
    sql.raw(`CREATE OR REPLACE FUNCTION h40_terminated() RETURNS trigger AS $$
    BEGIN RAISE EXCEPTION 'terminating connection due to administrator command' USING ERRCODE = '57P01'; END $$ LANGUAGE plpgsql`),
  );
  await t.db.execute(
    sql.raw(
      `CREATE TRIGGER h40_terminated BEFORE ${when} ON webhook_deliveries FOR EACH ROW EXECUTE FUNCTION h40_terminated()`,
    ),
  );
}

beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.close();
  setWebhookEnv({ WEBHOOK_ALLOWED_HOSTS: undefined });
});
beforeEach(async () => {
  setWebhookEnv({ WEBHOOK_ALLOWED_HOSTS: "127.0.0.1" });
  rx = await startReceiver();
  trustExtraCa(rx.cert);
});
afterEach(async () => {
  await t.db.execute(sql`DROP TRIGGER IF EXISTS h40_terminated ON webhook_deliveries`);
  await waitFor(async () => !isDatabaseDown(), "the outage probe to clear the down state", 10_000);
  await rx.close();
});

const events = async (accountId: string) =>
  Number(
    (await queryOne<{ n: string }>(
      t.db,
      sql`SELECT count(*) AS n FROM webhook_events WHERE account_id = ${accountId}`,
    ))!.n,
  );

it("the database fails after the test event committed: 2xx with what was stored (attempt null), and the runner delivers it once", async () => {
  const u = await makeUser();
  const key = await u.key(["weather:webhooks"]);
  const ep = await endpointFor(u.accountId, rx.url("/hook"), ["weather.change_detected"]);
  await failOn("UPDATE");
  const r = await call(testEvent.POST, {
    method: "POST",
    path: `/v1/webhooks/${ep.webhook_id}/test`,
    params: { webhook_id: ep.webhook_id },
    bearer: key,
  });
  expect(r.status).toBeLessThan(300);
  expect(r.body.data).toMatchObject({ webhook_id: ep.webhook_id, attempt_id: null, attempt: null });
  expect(await events(u.accountId)).toBe(1);
  const stored = await queryOne<{ id: string }>(
    t.db,
    sql`SELECT id FROM webhook_events WHERE id = ${r.body.data.event_id}::uuid`,
  );
  expect(stored?.id).toBe(r.body.data.event_id);

  await t.db.execute(sql`DROP TRIGGER h40_terminated ON webhook_deliveries`);
  await waitFor(async () => !isDatabaseDown(), "the outage probe to clear the down state", 10_000);
  // Held for the request's inline attempt for one lease (createDeliveries), then the runner's like any other.
  const sentOf = () => rx.requests.filter((q) => q.headers["x-service-event-id"] === r.body.data.event_id);
  await waitFor(
    async () => (await drainDeliveries(), sentOf().length > 0 || undefined),
    "the runner to deliver it after the hold",
  );
  await drainDeliveries();
  expect(sentOf()).toHaveLength(1);
});

it("the database fails before the commit: 503 and nothing was written (no event without its delivery)", async () => {
  const u = await makeUser();
  const key = await u.key(["weather:webhooks"]);
  const ep = await endpointFor(u.accountId, rx.url("/hook"), ["weather.change_detected"]);
  await failOn("INSERT");
  const r = await call(testEvent.POST, {
    method: "POST",
    path: `/v1/webhooks/${ep.webhook_id}/test`,
    params: { webhook_id: ep.webhook_id },
    bearer: key,
  });
  expect(r.status).toBe(503);
  expect(r.body.error.code).toBe("service_unavailable");
  expect(await events(u.accountId)).toBe(0);
});

it("the commit itself is cut (a deferred check fails at COMMIT): 503 and nothing was written, so a retry creates the only event", async () => {
  // A deferred constraint trigger runs inside COMMIT, after every statement of the handler
  // succeeded: the closest a test gets to the database failing mid-commit without killing it.
  const u = await makeUser();
  const key = await u.key(["weather:webhooks"]);
  const ep = await endpointFor(u.accountId, rx.url("/hook"), ["weather.change_detected"]);
  await t.db.execute(
    sql.raw(`CREATE OR REPLACE FUNCTION h40_cut_commit() RETURNS trigger AS $$
    BEGIN RAISE EXCEPTION 'terminating connection due to administrator command' USING ERRCODE = '57P01'; END $$ LANGUAGE plpgsql`),
  );
  await t.db.execute(
    sql.raw(`CREATE CONSTRAINT TRIGGER h40_cut_commit AFTER INSERT ON webhook_events
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION h40_cut_commit()`),
  );
  const send = () =>
    call(testEvent.POST, {
      method: "POST",
      path: `/v1/webhooks/${ep.webhook_id}/test`,
      params: { webhook_id: ep.webhook_id },
      bearer: key,
      headers: { "idempotency-key": "h40-cut-commit" },
    });
  try {
    const r = await send();
    expect(r.status).toBe(503);
    expect(await events(u.accountId)).toBe(0);
  } finally {
    await t.db.execute(sql`DROP TRIGGER IF EXISTS h40_cut_commit ON webhook_events`);
  }
  await waitFor(async () => !isDatabaseDown(), "the outage probe to clear the down state", 10_000);
  // On Postgres the key could not be released while the database was down: a same-key retry is
  // told to wait (409 + Retry-After), never run twice; once the claim's lease lapses (made to lapse
  // here, the lease is 60 s) the retry runs. In-process PGlite has no connection to lose, so the key
  // was released at once and the first retry runs. Either way: exactly one event in the end.
  const early = await send();
  if (early.status === 409) {
    expect(early.headers.get("retry-after")).toBeTruthy();
    expect(await events(u.accountId)).toBe(0);
    await t.db.execute(
      sql`UPDATE idempotency_keys SET locked_until = now() - interval '1 second' WHERE account_id = ${u.accountId}::uuid AND key = 'h40-cut-commit'`,
    );
    expect((await send()).status).toBeLessThan(300);
  } else {
    expect(early.status, process.env.TEST_DATABASE_URL ? "Postgres must hold the key" : "PGlite").toBeLessThan(300);
    expect(process.env.TEST_DATABASE_URL, "on real Postgres the key is held until the lease lapses").toBeUndefined();
  }
  expect(await events(u.accountId)).toBe(1);
});
