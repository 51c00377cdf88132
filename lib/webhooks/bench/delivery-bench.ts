import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { createUser } from "@/lib/accounts/create-user";
import { getDb, MIGRATIONS_FOLDER, openPostgres, setDbHandle } from "@/lib/db/client";
import { queryRows } from "@/lib/db/sql";
import { env } from "@/lib/env";
import { startLocalRunner } from "@/lib/jobs/local-runner";
import { attemptDueDeliveries } from "../attempt-delivery";
import { emitEvent } from "../emit-event";
import { createEndpoint } from "../endpoints";
import { trustExtraCa } from "../post-signed";
import { startReceiver } from "../testing/https-receiver";
import { setWebhookEnv } from "../testing/helpers";

/**
 * Webhook delivery benchmark (issue 4): N events to a real HTTPS receiver on
 * loopback, delivered by the local runner exactly as `instrumentation.ts`
 * starts it. Events are produced while the runner works, so the lag is
 * event creation -> receipt under load. On Postgres it runs in a throw-away
 * sibling database so the app server's own runner (which does not trust the
 * bench receiver's certificate) never claims its deliveries.
 */
export interface DeliveryBenchResult {
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
  const name = `whbench_${Date.now()}_${randomBytes(3).toString("hex")}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const u = new URL(url);
  u.pathname = `/${name}`;
  const mig = postgres(u.toString(), { max: 1, onnotice: () => {} });
  await migrate(drizzle(mig), { migrationsFolder: MIGRATIONS_FOLDER });
  await mig.end();
  const handle = await openPostgres(u.toString(), { max: 40 });
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

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export async function runDeliveryBench(opts: { events: number; producers?: number; timeoutMs?: number }): Promise<DeliveryBenchResult> {
  setWebhookEnv({ WEBHOOK_ALLOWED_HOSTS: "127.0.0.1", LOG_LEVEL: "error" });
  const dbx = await isolatedDatabase();
  const rx = await startReceiver();
  trustExtraCa(rx.cert);
  try {
    const { accountId } = await createUser({ email: `whbench-${randomBytes(4).toString("hex")}@bench.test`, password: "bench-password-1" });
    await createEndpoint(accountId, { url: rx.url("/bench"), events: ["weather.change_detected"], description: "bench" });

    const runner = startLocalRunner([{ name: "webhook-deliveries", run: () => attemptDueDeliveries() }], env().LOCAL_RUNNER_INTERVAL_MS);
    const created = new Map<string, number>();
    const started = Date.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: opts.producers ?? 8 }, async () => {
        while (next < opts.events) {
          const i = next++;
          const e = await emitEvent({ accountId, type: "weather.change_detected", data: { seq: i, metric: "precipitation_probability", delta: 35 } });
          created.set(e.eventId, e.createdAt.getTime());
        }
      }),
    );
    const emitDone = Date.now();
    const deadline = Date.now() + (opts.timeoutMs ?? 180_000);
    const db = await getDb();
    for (;;) {
      const [{ n }] = await queryRows<{ n: string }>(db, sql`SELECT count(*) AS n FROM webhook_deliveries WHERE status = 'pending'`);
      if (Number(n) === 0 || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    await runner.stop();

    const firstReceipt = new Map<string, number>();
    for (const r of rx.requests) {
      const id = String(r.headers["x-service-event-id"]);
      if (!firstReceipt.has(id)) firstReceipt.set(id, r.receivedAt);
    }
    const lags = [...created].filter(([id]) => firstReceipt.has(id)).map(([id, at]) => firstReceipt.get(id)! - at).sort((a, b) => a - b);
    const lastReceipt = Math.max(...firstReceipt.values());
    const delivered = lags.length;
    return {
      events: opts.events,
      delivered,
      lost: opts.events - delivered,
      "deliveries/s": Math.round(delivered / ((lastReceipt - started) / 1000)),
      "emit events/s": Math.round(opts.events / ((emitDone - started) / 1000)),
      "lag p50 ms": percentile(lags, 50),
      "lag p99 ms": percentile(lags, 99),
      "lag max ms": lags.at(-1) ?? 0,
      database: dbx.label,
    };
  } finally {
    await rx.close();
    await dbx.drop();
  }
}
