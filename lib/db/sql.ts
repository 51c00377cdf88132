import type { SQL } from "drizzle-orm";
import type { DbOrTx } from "./types";

/**
 * Raw SQL returning rows, identical for postgres-js (array result) and PGlite
 * ({ rows }). Use drizzle's query builder where it can express the statement;
 * this is for the atomic conditional statements (quotas, claims, revisions).
 */
export async function queryRows<T = Record<string, unknown>>(db: DbOrTx, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown;
  if (Array.isArray(res)) return res as T[];
  return ((res as { rows?: T[] }).rows ?? []) as T[];
}

export async function queryOne<T = Record<string, unknown>>(db: DbOrTx, query: SQL): Promise<T | undefined> {
  return (await queryRows<T>(db, query))[0];
}

/** Postgres error code of a driver error (postgres-js and PGlite both expose `code`). */
export function pgErrorCode(err: unknown): string | undefined {
  let e: unknown = err;
  for (let i = 0; i < 4 && e && typeof e === "object"; i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

export const PG_UNIQUE_VIOLATION = "23505";
export const PG_FOREIGN_KEY_VIOLATION = "23503";
export const PG_SERIALIZATION_FAILURE = "40001";
export const PG_DEADLOCK = "40P01";
