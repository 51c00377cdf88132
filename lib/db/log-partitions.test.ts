import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pruneAuditEvents } from "@/lib/audit/prune-audit-events";
import { getDb } from "@/lib/db/client";
import { queryOne, queryRows } from "@/lib/db/sql";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-db";
import { listRequests, ListRequestsQuery, pruneRequestLog } from "@/lib/requests/list-requests";
import { makeUser } from "@/lib/testing/fixtures";
import { AttemptFiltersQuery, listAttemptLog } from "@/lib/webhooks/attempt-log";
import { getEvent, listEvents, ListEventsQuery } from "@/lib/webhooks/event-log";
import { redeliverEvent } from "@/lib/webhooks/manual-delivery";
import { pruneWebhookHistory } from "@/lib/webhooks/retention";
import { endpointFor } from "@/lib/webhooks/testing/helpers";
import {
  AUDIT_EVENT_PARTITIONS,
  detachAndDropPartition,
  ensureLogPartitions,
  ensurePartitions,
  listPartitions,
  partitionName,
  periodStart,
  REQUEST_LOG_PARTITIONS,
  WEBHOOK_ATTEMPT_PARTITIONS,
  WEBHOOK_EVENT_PARTITIONS,
  type PartitionedLog,
} from "./log-partitions";

/*
 * Issue 32: the log tables are partitioned by time. Partitions exist right after migrate and are
 * created ahead by the job; retention drops whole partitions (a row trigger records every row
 * DELETE, so "no DELETE ran" is checked directly, on PGlite and Postgres alike).
 */
let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  const db = await getDb();
  await db.execute(sql`CREATE TABLE row_deletes (tbl text NOT NULL)`);
  await db.execute(sql`CREATE FUNCTION note_row_delete() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN INSERT INTO row_deletes VALUES (TG_TABLE_NAME); RETURN OLD; END $$`);
  // A row trigger on a partitioned table is cloned to every partition, present and future.
  for (const table of ["request_log", "webhook_attempts", "webhook_events", "audit_events"]) {
    await db.execute(
      sql.raw(
        `CREATE TRIGGER note_row_delete AFTER DELETE ON ${table} FOR EACH ROW EXECUTE FUNCTION note_row_delete()`,
      ),
    );
  }
});
afterAll(() => t.close());

const DAY = 86_400_000;
const names = async (log: PartitionedLog) => (await listPartitions(log)).map((p) => p.name);
const deletesIn = async (prefix: string) =>
  (await queryOne<{ n: number }>(
    await getDb(),
    sql`SELECT count(*)::int AS n FROM row_deletes WHERE tbl LIKE ${prefix + "%"}`,
  ))!.n;
const partitionOf = async (table: string, where: string) =>
  (
    await queryRows<{ p: string }>(
      await getDb(),
      sql.raw(`SELECT tableoid::regclass::text AS p FROM ${table} WHERE ${where}`),
    )
  ).map((r) => r.p);

async function eventRow(accountId: string, at: Date, watchId: string | null = null) {
  const row = await queryOne<{ id: string; created_at: string }>(
    await getDb(),
    sql`INSERT INTO webhook_events (account_id, type, data, watch_id, created_at)
        VALUES (${accountId}::uuid, 'weather.change_detected', '{}', ${watchId}::uuid, ${at.toISOString()}::timestamptz) RETURNING id, created_at::text`,
  );
  return row!;
}

async function deliveryRow(
  accountId: string,
  ev: { id: string; created_at: string },
  status: "pending" | "delivered" | "giving_up",
) {
  const row = await queryOne<{ id: string }>(
    await getDb(),
    sql`INSERT INTO webhook_deliveries (event_id, event_created_at, account_id, kind, url, status, max_attempts, next_attempt_at)
        VALUES (${ev.id}::uuid, ${ev.created_at}::timestamptz, ${accountId}::uuid, 'watch', 'https://example.com/h', ${status}, 3,
                CASE WHEN ${status} = 'pending' THEN now() + interval '1 hour' END) RETURNING id`,
  );
  return row!.id;
}

async function logRow(accountId: string, at: Date, path: string) {
  await (
    await getDb()
  ).execute(sql`INSERT INTO request_log (request_id, account_id, at, method, path, status, latency_ms, credential_type)
    VALUES (gen_random_uuid(), ${accountId}::uuid, ${at.toISOString()}::timestamptz, 'GET', ${path}, 200, 1, 'none')`);
}

describe("partitions ahead", () => {
  it("exist right after migrate: today and the 7 days ahead (daily logs and events), this month and 3 ahead (audit)", async () => {
    const now = new Date();
    for (const log of [
      REQUEST_LOG_PARTITIONS,
      WEBHOOK_ATTEMPT_PARTITIONS,
      WEBHOOK_EVENT_PARTITIONS,
      AUDIT_EVENT_PARTITIONS,
    ]) {
      const have = await names(log);
      for (let n = 0; n <= log.ahead; n++)
        expect(have, log.table).toContain(partitionName(log, periodStart(log.unit, now, n)));
    }
  });

  it("the job creates the missing ones ahead, and a second run has nothing to do", async () => {
    const later = new Date(Date.now() + 10 * DAY);
    expect(await ensureLogPartitions(later)).toBeGreaterThanOrEqual(3 * 3);
    for (let n = 0; n <= 7; n++) {
      for (const log of [REQUEST_LOG_PARTITIONS, WEBHOOK_ATTEMPT_PARTITIONS, WEBHOOK_EVENT_PARTITIONS]) {
        expect(await names(log)).toContain(partitionName(log, periodStart("day", later, n)));
      }
    }
    expect(await ensureLogPartitions(later)).toBe(0);
  });

  it("inserts for today and for a time no partition covers both succeed (the latter lands in DEFAULT)", async () => {
    const u = await makeUser();
    await logRow(u.accountId, new Date(), "/today");
    await logRow(u.accountId, new Date("2099-01-01T00:00:00Z"), "/far");
    expect(await partitionOf("request_log", `path = '/today'`)).toEqual([
      partitionName(REQUEST_LOG_PARTITIONS, periodStart("day", new Date())),
    ]);
    expect(await partitionOf("request_log", `path = '/far'`)).toEqual(["request_log_default"]);
  });

  it("a day whose rows already sit in DEFAULT is left there (creating it would fail); the others are created", async () => {
    const u = await makeUser();
    const at = new Date(Date.now() + 40 * DAY);
    await logRow(u.accountId, at, "/early");
    expect(await ensurePartitions(REQUEST_LOG_PARTITIONS, at)).toBe(7);
    expect(await names(REQUEST_LOG_PARTITIONS)).not.toContain(
      partitionName(REQUEST_LOG_PARTITIONS, periodStart("day", at)),
    );
    await logRow(u.accountId, at, "/early-too");
    expect(await partitionOf("request_log", `path LIKE '/early%'`)).toEqual([
      "request_log_default",
      "request_log_default",
    ]);
  });
});

describe("retention drops whole partitions", () => {
  it("request log: the expired day's partition is gone without a row DELETE; newer rows stay; old DEFAULT rows are deleted", async () => {
    const u = await makeUser();
    const old = new Date(Date.now() - 20 * DAY);
    await ensurePartitions(REQUEST_LOG_PARTITIONS, old);
    const oldPart = partitionName(REQUEST_LOG_PARTITIONS, periodStart("day", old));
    await logRow(u.accountId, old, "/expired");
    await logRow(u.accountId, new Date(Date.now() - 6 * DAY), "/recent");
    await logRow(u.accountId, new Date(), "/now");
    expect(await partitionOf("request_log", `path = '/expired'`)).toEqual([oldPart]);
    await logRow(u.accountId, new Date("1999-01-01T00:00:00Z"), "/ancient");

    let handled = 0;
    for (let n = await pruneRequestLog(); n > 0; n = await pruneRequestLog()) handled += n;
    expect(handled).toBeGreaterThanOrEqual(2);
    expect(await names(REQUEST_LOG_PARTITIONS)).not.toContain(oldPart);
    expect(await deletesIn("request_log_p")).toBe(0);
    expect(await deletesIn("request_log_default")).toBe(1); // /ancient: no partition ever covered it
    const paths = (
      await queryRows<{ path: string }>(
        await getDb(),
        sql`SELECT path FROM request_log WHERE account_id = ${u.accountId}::uuid`,
      )
    ).map((r) => r.path);
    expect(paths.sort()).toEqual(["/now", "/recent"]);
  });

  it("webhook attempts: partitions older than the longest retention are dropped, newer attempts stay", async () => {
    const u = await makeUser({ plan: "pro" });
    const db = await getDb();
    const old = new Date(Date.now() - 40 * DAY);
    await ensurePartitions(WEBHOOK_ATTEMPT_PARTITIONS, old);
    const oldPart = partitionName(WEBHOOK_ATTEMPT_PARTITIONS, periodStart("day", old));
    const ev = await queryOne<{ id: string; created_at: string }>(
      db,
      sql`INSERT INTO webhook_events (account_id, type, data) VALUES (${u.accountId}::uuid, 'weather.change_detected', '{}') RETURNING id, created_at::text`,
    );
    const dl = await queryOne<{ id: string }>(
      db,
      sql`INSERT INTO webhook_deliveries (event_id, event_created_at, account_id, kind, url, status, max_attempts)
      VALUES (${ev!.id}::uuid, ${ev!.created_at}::timestamptz, ${u.accountId}::uuid, 'test', 'https://example.com/h', 'giving_up', 3) RETURNING id`,
    );
    for (const [n, at] of [
      [1, old],
      [2, new Date()],
    ] as const) {
      await db.execute(sql`INSERT INTO webhook_attempts (delivery_id, event_id, event_type, account_id, attempt_number, status, response_status, response_time_ms,
          request_signature, request_timestamp, scheduled_at, attempted_at, completed_at)
        VALUES (${dl!.id}::uuid, ${ev!.id}::uuid, 'weather.change_detected', ${u.accountId}::uuid, ${n}::int, 'retrying', 500, 1, 's', 0,
          ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz)`);
    }
    expect(await partitionOf("webhook_attempts", `delivery_id = '${dl!.id}' AND attempt_number = 1`)).toEqual([
      oldPart,
    ]);
    for (let n = await pruneWebhookHistory(); n > 0; n = await pruneWebhookHistory());
    expect(await names(WEBHOOK_ATTEMPT_PARTITIONS)).not.toContain(oldPart);
    expect(await deletesIn("webhook_attempts")).toBe(0);
    const left = await queryRows<{ n: number }>(
      db,
      sql`SELECT attempt_number AS n FROM webhook_attempts WHERE delivery_id = ${dl!.id}::uuid`,
    );
    expect(left.map((r) => r.n)).toEqual([2]);
  });

  it("webhook events: a day older than the longest retention goes whole, its terminal deliveries first, with no row DELETE on webhook_events; a day with a pending chain stays until the chain ends", async () => {
    const u = await makeUser({ plan: "pro" });
    const db = await getDb();
    const doneDay = new Date(Date.now() - 35 * DAY);
    const pendingDay = new Date(Date.now() - 33 * DAY);
    for (const at of [doneDay, pendingDay]) await ensurePartitions({ ...WEBHOOK_EVENT_PARTITIONS, ahead: 0 }, at);
    const donePart = partitionName(WEBHOOK_EVENT_PARTITIONS, periodStart("day", doneDay));
    const pendingPart = partitionName(WEBHOOK_EVENT_PARTITIONS, periodStart("day", pendingDay));
    const done = await eventRow(u.accountId, doneDay);
    const pending = await eventRow(u.accountId, pendingDay);
    const young = await eventRow(u.accountId, new Date(Date.now() - 2 * DAY));
    expect(await partitionOf("webhook_events", `id = '${done.id}'`)).toEqual([donePart]);
    const doneChains = [
      await deliveryRow(u.accountId, done, "giving_up"),
      await deliveryRow(u.accountId, done, "delivered"),
    ];
    const pendingChain = await deliveryRow(u.accountId, pending, "pending");
    const youngChain = await deliveryRow(u.accountId, young, "delivered");
    const chains = async () =>
      (
        await queryRows<{ id: string }>(
          db,
          sql`SELECT id FROM webhook_deliveries WHERE account_id = ${u.accountId}::uuid`,
        )
      )
        .map((r) => r.id)
        .sort();

    // A batch of 1: the two terminal deliveries leave over two runs, then the day is dropped.
    let handled = 0;
    for (let n = await pruneWebhookHistory(1); n > 0; n = await pruneWebhookHistory(1)) handled += n;
    expect(handled).toBeGreaterThanOrEqual(3);
    expect(await names(WEBHOOK_EVENT_PARTITIONS)).not.toContain(donePart);
    expect(await names(WEBHOOK_EVENT_PARTITIONS)).toContain(pendingPart);
    expect(await chains()).toEqual([pendingChain, youngChain].sort());
    expect(doneChains.every((id) => id !== pendingChain)).toBe(true);
    const events = async () =>
      (await queryRows<{ id: string }>(db, sql`SELECT id FROM webhook_events WHERE account_id = ${u.accountId}::uuid`))
        .map((r) => r.id)
        .sort();
    expect(await events()).toEqual([pending.id, young.id].sort());

    // The chain ends: the next prune drops its day too.
    await db.execute(
      sql`UPDATE webhook_deliveries SET status = 'giving_up', next_attempt_at = NULL WHERE id = ${pendingChain}::uuid`,
    );
    for (let n = await pruneWebhookHistory(); n > 0; n = await pruneWebhookHistory());
    expect(await names(WEBHOOK_EVENT_PARTITIONS)).not.toContain(pendingPart);
    expect(await events()).toEqual([young.id]);
    expect(await chains()).toEqual([youngChain]);
    expect(await deletesIn("webhook_events")).toBe(0);
  });

  it("an events day a delivery still references cannot be detached: the DETACH fails with 23503 and the day stays whole", async () => {
    const u = await makeUser({ plan: "pro" });
    const at = new Date(Date.now() - 50 * DAY);
    await ensurePartitions({ ...WEBHOOK_EVENT_PARTITIONS, ahead: 0 }, at);
    const part = partitionName(WEBHOOK_EVENT_PARTITIONS, periodStart("day", at));
    const ev = await eventRow(u.accountId, at);
    await deliveryRow(u.accountId, ev, "delivered");
    const err = await detachAndDropPartition(WEBHOOK_EVENT_PARTITIONS, part).then(
      () => null,
      (e: unknown) => e as { code?: string; cause?: { code?: string } },
    );
    expect(err?.code ?? err?.cause?.code).toBe("23503");
    expect(await names(WEBHOOK_EVENT_PARTITIONS)).toContain(part);
    expect(await partitionOf("webhook_events", `id = '${ev.id}'`)).toEqual([part]);
    // The prune deletes the day's finished chain first, then drops the day.
    for (let n = await pruneWebhookHistory(); n > 0; n = await pruneWebhookHistory());
    expect(await names(WEBHOOK_EVENT_PARTITIONS)).not.toContain(part);
  });

  it("audit log: a month older than a year is dropped whole; younger records stay and still cannot be deleted", async () => {
    const u = await makeUser();
    const db = await getDb();
    const old = new Date(Date.now() - 430 * DAY);
    await ensurePartitions({ ...AUDIT_EVENT_PARTITIONS, ahead: 0 }, old);
    const oldPart = partitionName(AUDIT_EVENT_PARTITIONS, periodStart("month", old));
    for (const [action, at] of [
      ["test.old", old],
      ["test.young", new Date()],
    ] as const) {
      await db.execute(sql`INSERT INTO audit_events (account_id, action, actor, target, request_id, created_at)
        VALUES (${u.accountId}::uuid, ${action}, 'cli:test', 'account:x', 'r', ${at.toISOString()}::timestamptz)`);
    }
    expect(await partitionOf("audit_events", `action = 'test.old'`)).toEqual([oldPart]);
    for (let n = await pruneAuditEvents(); n > 0; n = await pruneAuditEvents());
    expect(await names(AUDIT_EVENT_PARTITIONS)).not.toContain(oldPart);
    expect(await deletesIn("audit_events_p")).toBe(0);
    const left = await queryRows<{ action: string }>(
      db,
      sql`SELECT action FROM audit_events WHERE account_id = ${u.accountId}::uuid`,
    );
    expect(left.map((r) => r.action)).toEqual(["test.young"]);
    await expect(db.execute(sql`DELETE FROM audit_events WHERE account_id = ${u.accountId}::uuid`)).rejects.toThrow();
  });
});

describe("plan retention on reads", () => {
  it("a free account's events older than its 7 days (still stored until the longest retention) are not listed, shown, resent, nor their attempts listed; a pro account's are", async () => {
    const db = await getDb();
    const seen: Record<string, string[]> = {};
    for (const plan of ["free", "pro"] as const) {
      const u = await makeUser({ plan });
      const watchId = crypto.randomUUID();
      const old = await eventRow(u.accountId, new Date(Date.now() - 10 * DAY), watchId);
      const fresh = await eventRow(u.accountId, new Date(Date.now() - 1 * DAY), watchId);
      const endpointId = crypto.randomUUID();
      for (const ev of [old, fresh]) {
        const dl = await deliveryRow(u.accountId, ev, "giving_up");
        await db.execute(sql`INSERT INTO webhook_attempts (delivery_id, event_id, event_type, endpoint_id, account_id, attempt_number, status, response_status,
            response_time_ms, request_signature, request_timestamp, scheduled_at, attempted_at, completed_at)
          VALUES (${dl}::uuid, ${ev.id}::uuid, 'weather.change_detected', ${endpointId}::uuid, ${u.accountId}::uuid, 1, 'giving_up', 500, 1, 's', 0,
            ${ev.created_at}::timestamptz, ${ev.created_at}::timestamptz, ${ev.created_at}::timestamptz)`);
      }
      const listed = (await listEvents(u.accountId, ListEventsQuery.parse({}))).events.map((e) => e.event_id);
      const byWatch = (await listEvents(u.accountId, ListEventsQuery.parse({ watch_id: watchId }))).events.map(
        (e) => e.event_id,
      );
      expect(byWatch).toEqual(listed);
      const attempts = (await listAttemptLog(u.accountId, { endpointId }, AttemptFiltersQuery.parse({}))).attempts.map(
        (a) => a.event_id,
      );
      expect(attempts).toEqual(listed);
      seen[plan] = listed;
      expect((await getEvent(u.accountId, fresh.id)).event_id).toBe(fresh.id);
      if (plan === "free") {
        await expect(getEvent(u.accountId, old.id)).rejects.toMatchObject({ status: 404 });
        const endpoint = await endpointFor(u.accountId, "https://example.com/hook", ["weather.change_detected"]);
        await expect(redeliverEvent(u.accountId, endpoint.webhook_id, old.id)).rejects.toMatchObject({
          status: 404,
          message: expect.stringContaining("Event"),
        });
        expect(listed).toEqual([fresh.id]);
      } else {
        expect((await getEvent(u.accountId, old.id)).event_id).toBe(old.id);
        expect(listed).toEqual([fresh.id, old.id]);
      }
    }
    expect(seen.free).toHaveLength(1);
  });
});

describe("listing across partitions", () => {
  it("events by delivery state page newest first across days (the state filters walk day by day, or from the chains)", async () => {
    const u = await makeUser({ plan: "pro" });
    const base = Date.now();
    const states: Record<string, Array<"pending" | "delivered" | "giving_up">> = {
      delivered: ["delivered"],
      failed: ["giving_up"],
      pending: ["pending"],
      no_targets: [],
    };
    const want: Record<string, string[]> = { delivered: [], failed: [], pending: [], no_targets: [] };
    // Newest first: day 0, 1, 3, 6, 9 back, and each day one event of every state; days 9..5 back have
    // their partitions, the others' rows (1 and 3 back) sit in DEFAULT.
    await ensurePartitions({ ...WEBHOOK_EVENT_PARTITIONS, ahead: 4 }, new Date(base - 9 * DAY));
    for (const d of [0, 1, 3, 6, 9]) {
      for (const [state, chains] of Object.entries(states)) {
        const ev = await eventRow(
          u.accountId,
          new Date(base - d * DAY - 1000 * (1 + Object.keys(states).indexOf(state))),
        );
        for (const status of chains) await deliveryRow(u.accountId, ev, status);
        want[state].push(ev.id);
      }
    }
    for (const state of Object.keys(states)) {
      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await listEvents(
          u.accountId,
          ListEventsQuery.parse({ limit: "2", status: state, ...(cursor ? { cursor } : {}) }),
        );
        seen.push(...page.events.map((e) => e.event_id));
        expect(page.events.every((e) => e.delivery_state === state)).toBe(true);
        cursor = page.next_cursor ?? undefined;
      } while (cursor);
      expect(seen, state).toEqual(want[state]);
    }
  });

  it("cursor paging walks every day's partition newest first, the DEFAULT partition's rows included; since/until bound the time", async () => {
    const u = await makeUser();
    const base = Date.now();
    const times = [0, 1, 2, 3, 4, 5].map((d) => new Date(base - d * DAY + 1000)).concat([new Date(base + 60 * DAY)]);
    for (const [i, at] of times.entries()) await logRow(u.accountId, at, `/p${i}`);
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await listRequests(
        u.accountId,
        ListRequestsQuery.parse({ limit: "2", path: "/p", ...(cursor ? { cursor } : {}) }),
      );
      seen.push(...page.requests.map((r) => r.path));
      cursor = page.next_cursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual(["/p6", "/p0", "/p1", "/p2", "/p3", "/p4", "/p5"]);
    const range = {
      path: "/p",
      since: new Date(base - 2.5 * DAY).toISOString(),
      until: new Date(base - 0.5 * DAY).toISOString(),
    };
    const inRange = await listRequests(u.accountId, ListRequestsQuery.parse(range));
    expect(inRange.requests.map((r) => r.path)).toEqual(["/p1", "/p2"]);
  });
});
