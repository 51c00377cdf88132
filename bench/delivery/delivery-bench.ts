import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { createUser } from "@/lib/accounts/create-user";
import { getDb, MIGRATIONS_FOLDER, openPostgres, setDbHandle } from "@/lib/db/client";
import { throwawayDatabaseName, withDatabase } from "@/lib/db/database-url";
import { queryRows } from "@/lib/db/sql";
import { env } from "@/lib/env";
import { job } from "@/lib/registry/job-table";
import { localTasks, runnerStatus, startLocalRunner } from "@/lib/jobs/local-runner";
import { emitEvent } from "@/lib/events/emit-event";
import { startReceiverProcess, type ReceiverProcess } from "./receiver-process";
import { createEndpoint } from "@/lib/webhooks/endpoints";
import { trustExtraCa } from "@/lib/webhooks/post-signed";
import { setStandardWebhookHeaders } from "@/lib/webhooks/attempt-delivery";
import { standardWebhookHeaders } from "@/lib/webhooks/standard-webhooks";
import { setWebhookEnv } from "@/lib/webhooks/testing/helpers";

/**
 * Webhook delivery benchmark (issue 4): N events to a real HTTPS receiver on
 * loopback, delivered by the local runner exactly as `instrumentation.ts`
 * starts it. Events are produced while the runner works, so the lag is
 * event creation -> receipt under load. On Postgres it runs in a throw-away
 * sibling database so the app server's own runner (which does not trust the
 * bench receiver's certificate) never claims its deliveries.
 */
export interface DeliveryBenchResult {
  [figure: string]: number | string;
  events: number;
  delivered: number;
  lost: number;
  "deliveries/s": number;
  "emit events/s": number;
  "lag p50 ms": number;
  "lag p99 ms": number;
  "lag max ms": number;
  database: string;
}

async function isolatedDatabase(): Promise<{ label: string; drop: () => Promise<void> }> {
  const url = env().DATABASE_URL;
  if (!url) return { label: "pglite", drop: async () => {} };
  const { default: postgres } = await import("postgres");
  const { drizzle } = await import("drizzle-orm/postgres-js");
  const { migrate } = await import("drizzle-orm/postgres-js/migrator");
  const name = throwawayDatabaseName(url, "whbench");
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const dbUrl = withDatabase(url, name);
  const mig = postgres(dbUrl, { max: 1, onnotice: () => {} });
  await migrate(drizzle(mig), { migrationsFolder: MIGRATIONS_FOLDER });
  await mig.end();
  const handle = await openPostgres(dbUrl, { max: 40 });
  setDbHandle(handle);
  return {
    label: "postgres (isolated bench database)",
    drop: async () => {
      setDbHandle(undefined);
      await handle.close();
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** Lag is only meaningful once the runner listens (the first LISTEN is a round trip). */
async function waitForListening(): Promise<void> {
  for (let i = 0; i < 200 && !runnerStatus().wakeListening; i++) await new Promise((r) => setTimeout(r, 10));
  if (!runnerStatus().wakeListening) throw new Error("delivery bench: the local runner never started listening");
}

/** CPU of the three Standard Webhooks headers for one ~200-byte delivery (one secret), in microseconds. */
function signingMicros(): number {
  const body = JSON.stringify({
    id: "3b9d3f2e-1c4a-4e5b-8f6a-7d8e9f0a1b2c",
    type: "weather.change_detected",
    created_at: new Date().toISOString(),
    data: { seq: 1, metric: "precipitation_probability", delta: 35 },
  });
  const n = 20_000;
  const started = performance.now();
  for (let i = 0; i < n; i++)
    standardWebhookHeaders(
      ["whsec_0123456789abcdef0123456789abcdef"],
      "3b9d3f2e-1c4a-4e5b-8f6a-7d8e9f0a1b2c",
      1795320000 + i,
      body,
    );
  return Math.round(((performance.now() - started) * 1000 * 10) / n) / 10;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

interface PhaseResult {
  delivered: number;
  lost: number;
  deliveriesPerSecond: number;
  emitPerSecond: number;
  lags: number[];
}

/**
 * Emits `events` (flat out with `producers` concurrent emitters, or paced at
 * `rate` per second) while the local runner delivers, then waits until no
 * chain is pending and matches receipts to events by X-Service-Event-Id.
 */
async function phase(
  accountId: string,
  rx: ReceiverProcess,
  o: { events: number; producers: number; rate?: number; timeoutMs: number; intervalMs: number; backlog?: boolean },
): Promise<PhaseResult> {
  await rx.receipts(); // drop what an earlier phase left
  const created = new Map<string, number>();
  const emitStarted = Date.now();
  let next = 0;
  const emitAll = () =>
    Promise.all(
      Array.from({ length: o.producers }, async () => {
        while (next < o.events) {
          const i = next++;
          if (o.rate) {
            const wait = emitStarted + (i * 1000) / o.rate - Date.now();
            if (wait > 0) await new Promise((r) => setTimeout(r, wait));
          }
          const e = await emitEvent({
            accountId,
            type: "weather.change_detected",
            data: { seq: i, metric: "precipitation_probability", delta: 35 },
          });
          created.set(e.eventId, e.createdAt.getTime());
        }
      }),
    );
  // Backlog: everything is enqueued before the runner starts, so deliveries/s is the runner's own
  // capacity (flat out, emission and delivery share the process and deliveries/s <= emit events/s).
  if (o.backlog) await emitAll();
  // Exactly as instrumentation.ts starts it: the job table's task (its name is
  // the NOTIFY payload emitEvent sends) and wake on LISTEN. The poll interval is
  // only the fallback.
  const runner = startLocalRunner(localTasks({ jobs: [job("webhook-delivery")] }), o.intervalMs, { wake: true });
  await waitForListening();
  const started = o.backlog ? Date.now() : emitStarted;
  if (!o.backlog) await emitAll();
  const emitDone = Date.now();
  const deadline = Date.now() + o.timeoutMs;
  const db = await getDb();
  for (;;) {
    const [{ n }] = await queryRows<{ n: string }>(
      db,
      sql`SELECT count(*) AS n FROM webhook_deliveries WHERE status = 'pending'`,
    );
    if (Number(n) === 0 || Date.now() > deadline) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  await runner.stop();

  const firstReceipt = new Map<string, number>();
  for (const r of await rx.receipts()) {
    if (!firstReceipt.has(r.eventId)) firstReceipt.set(r.eventId, r.receivedAt);
  }
  const lags = [...created]
    .filter(([id]) => firstReceipt.has(id))
    .map(([id, at]) => firstReceipt.get(id)! - at)
    .sort((a, b) => a - b);
  const lastReceipt = Math.max(started + 1, ...firstReceipt.values());
  return {
    delivered: lags.length,
    lost: o.events - lags.length,
    deliveriesPerSecond: Math.round(lags.length / ((lastReceipt - started) / 1000)),
    emitPerSecond: Math.round(o.events / ((emitDone - emitStarted) / 1000)),
    lags,
  };
}

/**
 * Three phases: `events` emitted flat out (throughput: deliveries/s, lost), then
 * `pacedEvents` at `pacedRate`/s, below capacity, for the event -> delivery lag
 * a receiver actually sees (the flat-out lag is mostly queueing), then a
 * backlog of `backlogEvents` enqueued before the runner starts (the runner's
 * own deliveries/s, not bounded by emission).
 */
export async function runDeliveryBench(opts: {
  events: number;
  producers?: number;
  pacedEvents?: number;
  pacedRate?: number;
  backlogEvents?: number;
  timeoutMs?: number;
  /** The runner's fallback poll (default LOCAL_RUNNER_INTERVAL_MS); a test sets it to an hour to prove the wake-up. */
  intervalMs?: number;
}): Promise<DeliveryBenchResult> {
  setWebhookEnv({ WEBHOOK_ALLOWED_HOSTS: "127.0.0.1", LOG_LEVEL: "error" });
  const dbx = await isolatedDatabase();
  // The receiver is another service: its own process, so its TLS work is not the runner's.
  const rx = await startReceiverProcess();
  trustExtraCa(rx.cert);
  try {
    const { accountId } = await createUser({
      email: `whbench-${randomBytes(4).toString("hex")}@bench.test`,
      password: "bench-password-1",
    });
    await createEndpoint(accountId, { url: rx.url, events: ["weather.change_detected"], description: "bench" });
    const timeoutMs = opts.timeoutMs ?? 180_000;
    const intervalMs = opts.intervalMs ?? env().LOCAL_RUNNER_INTERVAL_MS;
    const flat = await phase(accountId, rx, {
      events: opts.events,
      producers: opts.producers ?? 16,
      timeoutMs,
      intervalMs,
    });
    const rate = opts.pacedRate ?? 200;
    const paced = await phase(accountId, rx, {
      events: opts.pacedEvents ?? 2000,
      producers: 16,
      rate,
      timeoutMs,
      intervalMs,
    });
    const backlogOpts = { events: opts.backlogEvents ?? 5000, producers: 16, timeoutMs, intervalMs, backlog: true };
    const backlog = await phase(accountId, rx, backlogOpts);
    // Issue 29: the same backlog without the Standard Webhooks headers, then with them again (A/B/A in
    // one run, so drift of the machine shows as a gap between the two "with" figures).
    setStandardWebhookHeaders(false);
    const plain = await phase(accountId, rx, backlogOpts).finally(() => setStandardWebhookHeaders(true));
    const again = await phase(accountId, rx, backlogOpts);
    return {
      events: opts.events,
      delivered: flat.delivered,
      lost: flat.lost + paced.lost + backlog.lost + plain.lost + again.lost,
      "deliveries/s": flat.deliveriesPerSecond,
      "emit events/s": flat.emitPerSecond,
      "lag p50 ms": percentile(flat.lags, 50),
      "lag p99 ms": percentile(flat.lags, 99),
      "lag max ms": flat.lags.at(-1) ?? 0,
      [`paced ${rate}/s lag p50 ms`]: percentile(paced.lags, 50),
      [`paced ${rate}/s lag p99 ms`]: percentile(paced.lags, 99),
      "paced events": paced.delivered + paced.lost,
      "backlog events": backlog.delivered + backlog.lost,
      "backlog deliveries/s": backlog.deliveriesPerSecond,
      "backlog deliveries/s, Standard Webhooks headers (mean of 2)": Math.round(
        (backlog.deliveriesPerSecond + again.deliveriesPerSecond) / 2,
      ),
      "backlog deliveries/s, without Standard Webhooks headers": plain.deliveriesPerSecond,
      "Standard Webhooks signing us/delivery": signingMicros(),
      database: dbx.label,
    };
  } finally {
    await rx.close();
    await dbx.drop();
  }
}
