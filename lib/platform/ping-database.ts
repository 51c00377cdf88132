import { sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { ApiError } from "@/lib/http/errors";

/** `select 1`; a 503 service_unavailable when the database does not answer (with `details()` when given). */
export async function pingDatabase(details?: () => unknown): Promise<void> {
  try {
    const db = await getDb();
    await db.execute(sql`select 1`);
  } catch (err) {
    throw new ApiError("service_unavailable", "Database unreachable.", { cause: err, details: details?.() });
  }
}
