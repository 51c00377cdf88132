import { sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { queryOne } from "@/lib/db/sql";
import { ApiError } from "@/lib/http/errors";

export interface AuthRateRule {
  /** e.g. "reset:email:<sha256>"; never a plain address. */
  bucket: string;
  limit: number;
  windowSeconds: number;
}

/**
 * Fixed-window counters in the database (auth_rate_windows), so every instance counts together:
 * one upsert per rule. Throws 429 rate_limit_exceeded with Retry-After once a window is past its
 * limit. Every attempt counts, whatever its outcome (an unknown email costs the same as a known one).
 */
export async function consumeAuthRate(rules: AuthRateRule[], now = new Date()): Promise<void> {
  const db = await getDb();
  let retryAfter = 0;
  for (const r of rules) {
    const windowMs = r.windowSeconds * 1000;
    const start = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
    const row = await queryOne<{ count: number }>(
      db,
      sql`INSERT INTO auth_rate_windows (bucket, window_start, count) VALUES (${r.bucket}, ${start.toISOString()}::timestamptz, 1)
          ON CONFLICT (bucket, window_start) DO UPDATE SET count = auth_rate_windows.count + 1
          RETURNING count`,
    );
    if (row && Number(row.count) > r.limit) {
      retryAfter = Math.max(retryAfter, Math.ceil((start.getTime() + windowMs - now.getTime()) / 1000));
    }
  }
  if (retryAfter > 0) {
    throw new ApiError("rate_limit_exceeded", `Too many requests; retry after ${retryAfter} s.`, {
      headers: { "Retry-After": String(retryAfter) },
      details: { retry_after_seconds: retryAfter },
    });
  }
}
