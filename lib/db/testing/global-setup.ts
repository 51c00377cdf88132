import type { TestProject } from "vitest/node";
import { randomBytes } from "node:crypto";

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
  // Named after TEST_DATABASE_URL's database (a shared server's naming rules follow it), unless it is no plain identifier.
  const base = decodeURIComponent(new URL(url).pathname.slice(1));
  const name = `${/^[a-z_][a-z0-9_]{0,20}$/.test(base) ? `${base}_` : ""}tmpl_${Date.now()}_${randomBytes(3).toString("hex")}`;
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

export function withDatabase(url: string, db: string): string {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
}

declare module "vitest" {
  export interface ProvidedContext {
    templateDb: string;
  }
}
