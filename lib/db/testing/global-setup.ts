import type { TestProject } from "vitest/node";
import { throwawayDatabaseName, withDatabase } from "@/lib/db/database-url";

/**
 * With TEST_DATABASE_URL set, migrate one template database per run; every test
 * file then clones it (CREATE DATABASE … TEMPLATE), which takes milliseconds.
 * Without it, each file migrates its own in-memory PGlite.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    console.warn(
      "[tests] TEST_DATABASE_URL is not set: using in-memory PGlite; concurrency tests against real Postgres will be skipped.",
    );
    project.provide("templateDb", "");
    return;
  }
  const { default: postgres } = await import("postgres");
  const { drizzle } = await import("drizzle-orm/postgres-js");
  const { migrate } = await import("drizzle-orm/postgres-js/migrator");
  const name = throwawayDatabaseName(url, "tmpl");
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const tmplUrl = withDatabase(url, name);
  const client = postgres(tmplUrl, { max: 1, onnotice: () => {} });
  await migrate(drizzle(client), { migrationsFolder: "drizzle/migrations" });
  await client.end();
  project.provide("templateDb", name);

  return async () => {
    // Drop this run's template and any per-file databases left by a crashed file.
    const left = await admin<{ datname: string }[]>`
      SELECT datname FROM pg_database WHERE datname = ${name} OR datname LIKE ${name + "_f%"}`;
    for (const { datname } of left) await admin.unsafe(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    await admin.end();
  };
}

export { withDatabase };

declare module "vitest" {
  export interface ProvidedContext {
    templateDb: string;
  }
}
