/** Applies committed migrations to DATABASE_URL (or the embedded PGlite dir). */
import { env } from "@/lib/env";
import { openPglite, MIGRATIONS_FOLDER } from "@/lib/db/client";

async function main() {
  const url = env().DATABASE_URL;
  if (url) {
    const { default: postgres } = await import("postgres");
    const { drizzle } = await import("drizzle-orm/postgres-js");
    const { migrate } = await import("drizzle-orm/postgres-js/migrator");
    const client = postgres(url, { max: 1, onnotice: () => {} });
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
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
