import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { inject, describe } from "vitest";
import { openPglite, openPostgres, setDbHandle, type Db, type DbHandle } from "@/lib/db/client";
import { flushRequestLog } from "@/lib/requests/request-log";
import { withDatabase } from "./global-setup";

export interface TestDatabase {
  db: Db;
  driver: DbHandle["driver"];
  /** Connection string of this file's own database (real Postgres only). */
  url?: string;
  close: () => Promise<void>;
}

/** True when the suite runs against a real Postgres server (TEST_DATABASE_URL). */
export const hasRealPostgres = Boolean(process.env.TEST_DATABASE_URL);

/**
 * A fresh, migrated database for one test file, installed as the process-wide db
 * so route handlers and domain functions use it.
 */
export async function createTestDatabase(opts: { install?: boolean; poolSize?: number } = {}): Promise<TestDatabase> {
  const base = process.env.TEST_DATABASE_URL;
  let handle: DbHandle;
  let url: string | undefined;
  let dropDb: (() => Promise<void>) | undefined;
  if (base) {
    const template = inject("templateDb");
    const name = `${template}_f${randomBytes(4).toString("hex")}`;
    const { default: postgres } = await import("postgres");
    const admin = postgres(base, { max: 1, onnotice: () => {} });
    await createFromTemplate(admin, name, template);
    url = withDatabase(base, name);
    // A test's own server is up by construction: a connection that takes over the production 1 s
    // on a loaded CI machine (30 backends forking at once) is slow, not an outage to answer 503 for.
    handle = await openPostgres(url, { max: opts.poolSize ?? 20, connectTimeoutMs: 15_000 });
    dropDb = async () => {
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    };
  } else {
    handle = await openPglite("memory://", { loadDataDir: migratedPgliteDump() });
  }
  if (opts.install !== false) setDbHandle(handle);
  return {
    db: handle.db,
    driver: handle.driver,
    url,
    close: async () => {
      // Rows the request log still buffers belong to this database: written now, not by the
      // flush timer after the handle is gone (which would open the process-wide default).
      if (opts.install !== false) await flushRequestLog();
      setDbHandle(undefined);
      await handle.close();
      await dropDb?.();
    },
  };
}

let dump: Blob | undefined;

/**
 * The run's migrated PGlite data directory (global-setup.ts), read once per test process; each
 * PGlite that loads it gets its own copy. Undefined outside a vitest run that provided it (the
 * caller then migrates).
 */
export function migratedPgliteDump(): Blob | undefined {
  if (dump) return dump;
  const file = inject("pgliteTemplate");
  if (!file) return undefined;
  dump = new Blob([fs.readFileSync(file)]);
  return dump;
}

// Two files cloning one template at the same moment can collide ("source
// database is being accessed by other users"); that is a transient lock, so wait.
async function createFromTemplate(admin: import("postgres").Sql, name: string, template: string) {
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.unsafe(`CREATE DATABASE ${name} TEMPLATE ${template}`);
      return;
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code !== "55006" || attempt > 50) throw err;
      await new Promise((r) => setTimeout(r, 50 + Math.random() * 100));
    }
  }
}

/**
 * `describe` for tests that must race real Postgres; prints why when skipped.
 */
export function describeWithPostgres(name: string, fn: () => void): void {
  if (hasRealPostgres) {
    describe(name, fn);
  } else {
    console.warn(`[skipped] "${name}": needs real Postgres (set TEST_DATABASE_URL).`);
    describe.skip(`${name} (skipped: needs TEST_DATABASE_URL)`, fn);
  }
}
