import { execFile } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";

/*
 * The committed migrations' last snapshot must describe drizzle/schema exactly; otherwise the next
 * `npm run db:generate` writes a migration that re-creates tables that already exist (this happened
 * once when branches that each added a migration were merged). drizzle-kit runs on a copy.
 */
// drizzle-kit reads --out relative to its working directory, even an absolute one.
const out = mkdtempSync(path.join(tmpdir(), "skycast-migrations-"));
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe("migrations", () => {
  it("their last snapshot matches drizzle/schema: generating finds nothing to migrate", async () => {
    const root = path.resolve(import.meta.dirname, "..");
    cpSync(path.join(root, "drizzle/migrations"), out, { recursive: true });
    const before = readdirSync(out).length;
    const bin = path.join(root, "node_modules/.bin/drizzle-kit");
    const { stdout, stderr } = await promisify(execFile)(
      bin,
      [
        "generate",
        "--dialect",
        "postgresql",
        "--schema",
        "./drizzle/schema/index.ts",
        "--out",
        path.relative(root, out),
      ],
      { cwd: root },
    );
    expect(stdout + stderr).toContain("No schema changes");
    expect(readdirSync(out)).toHaveLength(before);
  });
});
