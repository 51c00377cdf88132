import { defineConfig } from "drizzle-kit";

// Migrations are generated from drizzle/schema and committed; never `push`.
export default defineConfig({
  dialect: "postgresql",
  schema: "./drizzle/schema/index.ts",
  out: "./drizzle/migrations",
});
