import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import * as schema from "@/drizzle/schema";
import { MIGRATIONS_FOLDER, setDbHandle, type Db, type DbHandle } from "@/lib/db/client";
import { migratedPgliteDump } from "./test-db";

/**
 * An in-memory PGlite installed as the process-wide database, with every statement drizzle
 * sends recorded in `statements`: round-trip tests assert what a request costs.
 * `listen` works as on a real handle (caches that rely on LISTEN/NOTIFY are active).
 * The request log's batched flush is not counted: it is written off the request path, one
 * insert for many requests (lib/requests/request-log.ts), whenever its timer fires.
 */
export async function countingDatabase(): Promise<{
  handle: DbHandle;
  client: PGlite;
  statements: string[];
  close: () => Promise<void>;
}> {
  const statements: string[] = [];
  const dump = migratedPgliteDump();
  const client = new PGlite("memory://", dump ? { loadDataDir: dump } : {});
  const db = drizzle(client, {
    schema,
    logger: { logQuery: (q) => void (q.startsWith('insert into "request_log"') || statements.push(q)) },
  }) as unknown as Db;
  if (!dump) await migrate(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
  const handle: DbHandle = {
    db,
    driver: "pglite",
    close: () => client.close(),
    listen: async (channel, handler, onListen) => {
      const unsubscribe = await client.listen(channel, handler);
      onListen?.();
      return unsubscribe;
    },
  };
  setDbHandle(handle);
  return {
    handle,
    client,
    statements,
    close: async () => {
      setDbHandle(undefined);
      await client.close();
    },
  };
}
