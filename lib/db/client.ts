import path from "node:path";
import fs from "node:fs";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import * as schema from "@/drizzle/schema";
import { env } from "@/lib/env";
import { acquirePgliteLock } from "./pglite-lock";
import { prepareByDefault } from "./prepare-by-default";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** Domain functions accept either the pool or an open transaction. */
export type DbOrTx = Db | Tx;

export const MIGRATIONS_FOLDER = path.join(process.cwd(), "drizzle", "migrations");

/** Stops a LISTEN subscription. */
export type Unlisten = () => Promise<void>;

interface DbHandle {
  db: Db;
  driver: "postgres" | "pglite";
  close: () => Promise<void>;
  /**
   * LISTEN on `channel` (use lib/db/notify.ts rather than calling this directly).
   * `onListen` runs each time the subscription is (re)established: notifications sent
   * while it was down are lost, so caches drop everything there.
   */
  listen: (channel: string, onPayload: (payload: string) => void, onListen?: () => void) => Promise<Unlisten>;
}

// Dev-server hot reloads re-evaluate modules; the handle lives on globalThis so
// one process keeps one pool (create-t3-app's pattern).
const globalForDb = globalThis as unknown as { __dbHandle?: Promise<DbHandle> };

/** Seconds before the next connection attempt after `retries` failed ones: 0.05 s doubling, capped at 1 s, jittered. */
export function reconnectDelaySeconds(retries: number): number {
  return Math.min(0.05 * 2 ** retries, 1) * (0.5 + Math.random() / 2);
}

export async function openPostgres(url: string, opts: { max?: number } = {}): Promise<DbHandle> {
  const { default: postgres } = await import("postgres");
  const { drizzle } = await import("drizzle-orm/postgres-js");
  // connect_timeout: while Postgres restarts, a request fails fast (503) instead of hanging 30 s.
  // backoff: postgres-js waits between reconnect attempts, growing 3× per failure (shared by the
  // pool) up to 20 s, and queries queue meanwhile: after a few seconds of outage requests hung past
  // any client timeout and recovery lagged Postgres by up to 20 s (test/multi/pg-restart.test.ts).
  // Capped at 1 s (jittered), a request meets a fresh attempt within 1 s: 503 while down, served
  // within ~1 s of Postgres returning.
  // prepareByDefault: drizzle runs unnamed statements unprepared (two round trips each); see the file.
  const client = prepareByDefault(postgres(url, { max: opts.max ?? 10, onnotice: () => {}, prepare: true, connect_timeout: 5, backoff: reconnectDelaySeconds }));
  const db = drizzle(client, { schema }) as unknown as Db;
  return {
    db,
    driver: "postgres",
    close: () => client.end({ timeout: 5 }),
    // postgres-js keeps one dedicated connection for all LISTENs and re-LISTENs after a reconnect.
    listen: async (channel, onPayload, onListen) => {
      const sub = await client.listen(channel, onPayload, onListen);
      return () => sub.unlisten();
    },
  };
}

export async function openPglite(dir: string, opts: { migrate?: boolean } = {}): Promise<DbHandle> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const onDisk = !dir.startsWith("memory://");
  // One process per directory (lib/db/pglite-lock.ts): throws DatabaseLockedError when held.
  const release = onDisk ? acquirePgliteLock(dir) : () => {};
  if (onDisk) fs.mkdirSync(dir, { recursive: true });
  const client = new PGlite(dir);
  const db = drizzle(client, { schema }) as unknown as Db;
  try {
    await client.waitReady;
    if (opts.migrate !== false) {
      const { migrate } = await import("drizzle-orm/pglite/migrator");
      await migrate(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
    }
  } catch (err) {
    await client.close().catch(() => {});
    release();
    throw err;
  }
  return {
    db,
    driver: "pglite",
    listen: async (channel, onPayload, onListen) => {
      const unlisten = await client.listen(channel, onPayload);
      onListen?.();
      return unlisten;
    },
    close: async () => {
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
}

async function openFromEnv(): Promise<DbHandle> {
  const e = env();
  if (e.DATABASE_URL) return openPostgres(e.DATABASE_URL);
  // Embedded default: PGlite migrates itself on first use.
  return openPglite(e.PGLITE_DIR);
}

export function getDbHandle(): Promise<DbHandle> {
  if (!globalForDb.__dbHandle) {
    globalForDb.__dbHandle = openFromEnv().catch((err) => {
      globalForDb.__dbHandle = undefined;
      throw err;
    });
  }
  return globalForDb.__dbHandle;
}

export async function getDb(): Promise<Db> {
  return (await getDbHandle()).db;
}

/** Tests and scripts install their own database as the process-wide one. */
export function setDbHandle(handle: DbHandle | undefined): void {
  globalForDb.__dbHandle = handle ? Promise.resolve(handle) : undefined;
}

export async function closeDb(): Promise<void> {
  const h = globalForDb.__dbHandle;
  globalForDb.__dbHandle = undefined;
  if (h) await (await h).close();
}

export type { DbHandle };
