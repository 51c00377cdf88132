/** Applies committed migrations to DATABASE_URL (or the embedded PGlite dir). */
import { env } from "@/lib/env";
import { openPglite, MIGRATIONS_FOLDER, type Db } from "@/lib/db/client";
import { ensureLogPartitions } from "@/lib/db/log-partitions";

async function main() {
  const url = env().DATABASE_URL;
  if (url) {
    const { default: postgres } = await import("postgres");
    const { drizzle } = await import("drizzle-orm/postgres-js");
    const { migrate } = await import("drizzle-orm/postgres-js/migrator");
    const client = postgres(url, { max: 1, onnotice: () => {} });
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
    // Today's log partitions before the first insert (the hourly job keeps them ahead afterwards).
    await ensureLogPartitions(new Date(), drizzle(client) as unknown as Db);
    await client.end();
    process.stdout.write(JSON.stringify({ migrated: "postgres" }) + "\n");
  } else {
    const h = await openPglite(env().PGLITE_DIR);
    await h.close();
    process.stdout.write(JSON.stringify({ migrated: "pglite", dir: env().PGLITE_DIR }) + "\n");
  }
}

main().catch((err) => {
  process.stderr.write(`migration failed: ${(err as Error).message}\n`);
  process.exit(1);
});
