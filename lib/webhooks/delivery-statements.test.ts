import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { countingDatabase } from "@/lib/db/testing/counting-pglite";
import { getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/sql";
import { makeUser } from "@/lib/testing/fixtures";
import { attemptDueDeliveries } from "./attempt-delivery";
import { recordAttempt } from "./record-attempt";
import { claimDueDeliveries } from "./claim-deliveries";
import { emitEvent } from "@/lib/events/emit-event";
import { trustExtraCa } from "./post-signed";
import { recordSuccessBatched, successesRecorded } from "./record-success-batch";
import { startReceiver, type Receiver } from "./testing/https-receiver";
import { endpointFor, endpointRow, setWebhookEnv } from "./testing/helpers";

/*
 * Statements per delivery (issue 15). Before: one record statement per success
 * (each also updating the endpoint row, so an endpoint's successes queued on
 * that row lock), plus the claim and two loads per batch. Now successes that
 * finish while a record is in flight share the next statement.
 */
let statements: string[];
let close: () => Promise<void>;
let rx: Receiver;
beforeAll(async () => {
  setWebhookEnv({ WEBHOOK_ALLOWED_HOSTS: "127.0.0.1" });
  ({ statements, close } = await countingDatabase());
  rx = await startReceiver();
  trustExtraCa(rx.cert);
});
afterAll(async () => {
  await rx.close();
  await close();
  setWebhookEnv({ WEBHOOK_ALLOWED_HOSTS: undefined });
});

const N = 120;
const TYPE = { type: "weather.change_detected" };

/** A fresh endpoint at `path` with `n` due deliveries, claimed. */
async function claimedDeliveries(path: string, n: number) {
  const u = await makeUser();
  const ep = await endpointFor(u.accountId, rx.url(path), ["weather.change_detected"]);
  for (let i = 0; i < n; i++) await emitEvent({ accountId: u.accountId, type: "weather.change_detected", data: { i } });
  const claims = await claimDueDeliveries(await getDb(), n * 2);
  expect(claims).toHaveLength(n);
  return { ep, claims };
}

/** What the runner knows after a 200 answered at `at`. */
const success = (at: Date) => ({
  result: { status: 200, timeMs: 1, bodyExcerpt: "ok", error: null },
  signature: "v1=x",
  timestamp: 1,
  attemptedAt: at,
  completedAt: at,
});

describe("webhook delivery statements", () => {
  it(`${N} due deliveries to one endpoint: all delivered once, at most one record statement each, claims pipelined`, async () => {
    const u = await makeUser();
    const ep = await endpointFor(u.accountId, rx.url("/count"), ["weather.change_detected"]);
    for (let i = 0; i < N; i++)
      await emitEvent({ accountId: u.accountId, type: "weather.change_detected", data: { i } });
    statements.length = 0;
    const connectionsBefore = rx.connections();
    expect(await attemptDueDeliveries()).toBe(N);
    // Keep-alive: at most one TLS connection per concurrent attempt to the endpoint, reused across
    // waves (a free-socket limit below the socket limit closed them after each burst: 516 handshakes for 2,000).
    expect(rx.connections() - connectionsBefore).toBeLessThanOrEqual(32);
    const records = statements.filter((q) => q.includes("jsonb_to_recordset"));
    const claims = statements.filter((q) => q.includes("FOR UPDATE SKIP LOCKED"));
    // How many share a statement depends on timing (on this single-connection PGlite a record
    // often finishes before the next response arrives); the next test pins the batching itself.
    // Attempt-start marks (mark-attempt-started.ts) are group-committed too; lease heartbeats
    // renew every held chain in one statement per beat.
    const marks = statements.filter((q) => q.includes("attempt_started_at = now()"));
    const beats = statements.filter((q) => q.includes("AS h(id, lease_id)") && !q.includes("attempt_started_at"));
    expect(claims.length).toBeLessThanOrEqual(4);
    expect(records.length).toBeLessThanOrEqual(N);
    expect(marks.length).toBeLessThanOrEqual(N);
    expect(statements.length).toBeLessThanOrEqual(records.length + marks.length + beats.length + claims.length * 3);
    const rows = await queryRows<{ status: string; attempts: string; n: string }>(
      await getDb(),
      sql`SELECT d.status, count(a.id) AS attempts, count(DISTINCT d.id) AS n FROM webhook_deliveries d
          LEFT JOIN webhook_attempts a ON a.delivery_id = d.id WHERE d.endpoint_id = ${ep.webhook_id}::uuid GROUP BY d.status`,
    );
    expect(rows.map((r) => [r.status, Number(r.attempts), Number(r.n)])).toEqual([["delivered", N, N]]);
    const row = await endpointRow(ep.webhook_id);
    expect(row.failureCount).toBe(0);
    expect(row.lastSuccessAt).not.toBeNull();
  });

  it("50 successes finishing together are recorded by at most two statements (group commit)", async () => {
    const { ep, claims } = await claimedDeliveries("/batch", 50);
    statements.length = 0;
    const at = new Date();
    const out = await Promise.all(claims.map((c) => recordSuccessBatched(c, TYPE, success(at))));
    expect(out.every((o) => o?.status === "delivered")).toBe(true);
    // Before: 50 statements (one per success). Now: the first alone, the 49 that queued behind it together.
    expect(statements.filter((q) => q.includes("jsonb_to_recordset"))).toHaveLength(2);
    expect(statements).toHaveLength(2);
    expect((await endpointRow(ep.webhook_id)).lastSuccessAt?.getTime()).toBe(at.getTime());
  });

  it("a chain whose lease was lost gets no attempt row; the others in its batch are recorded", async () => {
    const { ep, claims } = await claimedDeliveries("/lease", 3);
    const lost = { ...claims[1], leaseId: "00000000-0000-4000-8000-000000000000" };
    const out = await Promise.all(
      [claims[0], lost, claims[2]].map((c) => recordSuccessBatched(c, TYPE, success(new Date()))),
    );
    expect(out.map((o) => o?.status)).toEqual(["delivered", undefined, "delivered"]);
    const attempts = await queryRows<{ delivery_id: string }>(
      await getDb(),
      sql`SELECT delivery_id FROM webhook_attempts WHERE endpoint_id = ${ep.webhook_id}::uuid`,
    );
    expect(attempts.map((a) => a.delivery_id).sort()).toEqual([claims[0].id, claims[2].id].sort());
  });

  it("a failure is recorded after the successes queued before it (failure_count follows the order attempts finished)", async () => {
    const { ep, claims } = await claimedDeliveries("/order", 20);
    const ok = success(new Date());
    const recorded = claims.slice(0, 19).map((c) => recordSuccessBatched(c, TYPE, ok));
    let barrierDone = false;
    const barrier = successesRecorded().then(() => (barrierDone = true));
    expect(barrierDone).toBe(false);
    // Attempted after the successes (failure_count counts failures attempted after the latest success).
    const later = new Date(ok.attemptedAt.getTime() + 1);
    const failed = recordAttempt(claims[19], TYPE, {
      ...ok,
      attemptedAt: later,
      completedAt: later,
      result: { status: 500, timeMs: 1, bodyExcerpt: "no", error: null },
    });
    await barrier;
    // The barrier resolves only once all 19 are committed: their rows are delivered by then.
    const [{ n }] = await queryRows<{ n: string }>(
      await getDb(),
      sql`SELECT count(*) AS n FROM webhook_deliveries WHERE endpoint_id = ${ep.webhook_id}::uuid AND status = 'delivered'`,
    );
    expect(Number(n)).toBe(19);
    await Promise.all(recorded);
    expect((await failed)?.status).toBe("retrying");
    // The failure committed last: one consecutive failure, not reset by an earlier success.
    expect((await endpointRow(ep.webhook_id)).failureCount).toBe(1);
    await expect(successesRecorded()).resolves.toBeUndefined();
  });
});
