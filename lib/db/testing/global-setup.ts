import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { throwawayDatabaseName, withDatabase } from "@/lib/db/database-url";

/**
 * Migrate once per run, then every test file starts from a copy:
 * - with TEST_DATABASE_URL, one template database that each file clones (CREATE DATABASE … TEMPLATE);
 * - without it, one in-memory PGlite whose data directory is dumped to a file that each file's
 *   PGlite loads (`loadDataDir`): about 0.5 s instead of migrating (3+ s, more under load).
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  project.provide("pgliteTemplate", "");
  if (!url) {
    console.warn(
      "[tests] TEST_DATABASE_URL is not set: using in-memory PGlite; concurrency tests against real Postgres will be skipped.",
    );
    project.provide("templateDb", "");
    const file = await dumpMigratedPglite();
    project.provide("pgliteTemplate", file);
    return () => fs.rmSync(file, { force: true });
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

/** A freshly migrated in-memory PGlite's data directory, as an uncompressed tar in the temp folder. */
async function dumpMigratedPglite(): Promise<string> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const client = new PGlite("memory://");
  try {
    await migrate(drizzle(client), { migrationsFolder: "drizzle/migrations" });
    const dump = await client.dumpDataDir("none");
    const file = path.join(os.tmpdir(), `skycast-pglite-template-${process.pid}-${Date.now()}.tar`);
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    return file;
  } finally {
    await client.close();
  }
}

export { withDatabase };

declare module "vitest" {
  export interface ProvidedContext {
    templateDb: string;
    /** Path of the migrated PGlite data directory dump ("" on real Postgres). */
    pgliteTemplate: string;
  }
}
