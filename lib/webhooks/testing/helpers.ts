import { eq, sql } from "drizzle-orm";
import { webhookAttempts, webhookEndpoints, webhookEvents } from "@/drizzle/schema";
import { type WebhookEventType } from "@/lib/events/event-types";
import { getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/sql";
import { resetEnvCache } from "@/lib/env";
import { attemptDueDeliveries } from "../attempt-delivery";
import { createEndpoint } from "../endpoints";

/** Sets webhook env vars for a test (undefined removes one) and drops the parsed env. */
export function setWebhookEnv(vars: Record<string, string | undefined>): void {
  for (const [k, v] of Object.entries(vars)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetEnvCache();
}

/**
 * Runs `fn` with webhook env vars changed (a short WEBHOOK_TIMEOUT_MS for a test about timeouts), then
 * puts back what was there before, whatever it was.
 */
export async function withWebhookEnv<T>(vars: Record<string, string | undefined>, fn: () => Promise<T>): Promise<T> {
  const before = Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]]));
  setWebhookEnv(vars);
  try {
    return await fn();
  } finally {
    setWebhookEnv(before);
  }
}

/** Runs delivery rounds until nothing is due (bounded). Returns attempts handled. */
export async function drainDeliveries(maxRounds = 5000): Promise<number> {
  let total = 0;
  for (let i = 0; i < maxRounds; i++) {
    const n = await attemptDueDeliveries();
    total += n;
    if (n === 0) return total;
  }
  throw new Error(`deliveries still due after ${maxRounds} rounds`);
}

export async function endpointFor(accountId: string, url: string, events: WebhookEventType[]) {
  return createEndpoint(accountId, { url, events, description: "test" });
}

export async function endpointRow(id: string) {
  const db = await getDb();
  const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  return row;
}

export async function attemptsOf(endpointId: string) {
  const db = await getDb();
  return db
    .select()
    .from(webhookAttempts)
    .where(eq(webhookAttempts.endpointId, endpointId))
    .orderBy(webhookAttempts.attemptedAt, webhookAttempts.attemptNumber);
}

export async function eventsOfType(accountId: string, type: WebhookEventType) {
  const db = await getDb();
  return db
    .select()
    .from(webhookEvents)
    .where(sql`${webhookEvents.accountId} = ${accountId} AND ${webhookEvents.type} = ${type}`);
}

export async function deliveryStatuses(): Promise<Array<{ id: string; status: string; attempts_made: number }>> {
  return queryRows(await getDb(), sql`SELECT id, status, attempts_made FROM webhook_deliveries`);
}

/** Polls `check` until it returns a truthy value, failing after `timeoutMs` (no fixed sleeps). */
export async function waitFor<T>(
  check: () => Promise<T | undefined | false>,
  what: string,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
