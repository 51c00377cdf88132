import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import { accessTokens, apiKeys } from "@/drizzle/schema";
import { getDb, onDatabaseChange } from "@/lib/db/client";
import { log } from "@/lib/log";

const TOUCH_INTERVAL_MS = 60_000;
const MAX_TRACKED = 50_000;
const TABLES = { api_key: apiKeys, access_token: accessTokens } as const;
type Kind = keyof typeof TABLES;

const lastTouched = new Map<string, number>();
onDatabaseChange(() => lastTouched.clear());

/**
 * Records a credential's use at most once a minute per credential, after the
 * response path: the write is not awaited, and its WHERE keeps several
 * instances from repeating it.
 */
export function touchLastUsed(kind: Kind, id: number): void {
  const now = Date.now();
  const k = `${kind}:${id}`;
  if (now - (lastTouched.get(k) ?? 0) < TOUCH_INTERVAL_MS) return;
  lastTouched.set(k, now);
  if (lastTouched.size > MAX_TRACKED) lastTouched.clear();
  const table = TABLES[kind];
  // The database this request used, taken now: if a script or a test installs or closes the database
  // before the write runs, the write goes to (or fails on) the one the credential was read from, never
  // a database opened for it (tests: a private PGlite migrated for one leftover write, 21 a run).
  const dbOfRequest = getDb();
  dbOfRequest.catch(() => undefined); // awaited (and its failure logged) in record()
  // Off the request path; record() logs its own failure, so nothing awaits it.
  setImmediate(() => void record());
  async function record() {
    try {
      const db = await dbOfRequest;
      await db
        .update(table)
        .set({ lastUsedAt: new Date(now) })
        .where(
          and(eq(table.id, id), or(isNull(table.lastUsedAt), lt(table.lastUsedAt, sql`now() - interval '1 minute'`))),
        );
    } catch (err) {
      log.warn("could not record credential use", { kind, id, error: err });
    }
  }
}

/** For tests: forget the in-process touch times. */
export function resetTouchCache(): void {
  lastTouched.clear();
}
