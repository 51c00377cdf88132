import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type * as schema from "@/drizzle/schema";

// The handle types, apart from client.ts so that helpers taking a handle (sql.ts, partition-ddl.ts)
// do not import the module that opens the pool.
export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** Domain functions accept either the pool or an open transaction. */
export type DbOrTx = Db | Tx;
