import { sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { ApiError } from "@/lib/http/errors";

export async function pingDatabase(): Promise<void> {
  try {
    const db = await getDb();
    await db.execute(sql`select 1`);
  } catch (err) {
    throw new ApiError("service_unavailable", "Database unreachable.", { cause: err });
  }
}
