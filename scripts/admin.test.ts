import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";

// The CLI as operators run it: a real process over its own embedded database.
const run = promisify(execFile);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "admin-cli-"));
// Never the test run's Postgres: the CLI gets its own PGlite directory.
const { DATABASE_URL: _ignored, ...inherited } = process.env;
const env = { ...inherited, PGLITE_DIR: path.join(dir, "db"), LOG_LEVEL: "error" };

async function admin(...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, ["--import", "tsx", "scripts/admin.ts", ...args], { env });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("admin CLI", () => {
  it("prints exactly one JSON object per command, and keys work", async () => {
    const user = await admin(
      "create-user",
      "--email",
      "ops@example.test",
      "--password",
      "long enough pw",
      "--plan",
      "pro",
    );
    expect(user.code).toBe(0);
    const lines = user.stdout.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(Object.keys(JSON.parse(lines[0])).sort()).toEqual(["account_id", "user_id"]);

    const key = await admin(
      "create-key",
      "--email",
      "ops@example.test",
      "--name",
      "ci",
      "--scopes",
      "weather:read,read",
      "--internal",
    );
    expect(key.code).toBe(0);
    const parsed = JSON.parse(key.stdout);
    expect(Object.keys(parsed).sort()).toEqual(["id", "key"]);
    expect(parsed.key).toMatch(/^svc_[0-9A-Za-z]{32}$/);

    const plan = await admin(
      "set-plan",
      "--email",
      "ops@example.test",
      "--plan",
      "enterprise",
      "--requests-per-month",
      "500000",
    );
    expect(plan.code).toBe(0);
    expect(JSON.parse(plan.stdout)).toMatchObject({
      plan: "enterprise",
      limit_overrides: { requests_per_month: 500000 },
    });

    const token = await admin("create-token", "--email", "ops@example.test");
    expect(JSON.parse(token.stdout).token).toMatch(/^sat_/);
  }, 240_000); // real processes on a possibly busy machine

  it("bad input: a clear message on stderr, an error object on stdout, exit code 2", async () => {
    const bad = await admin("create-key", "--email", "ops@example.test", "--name", "x", "--scopes", "root");
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--scopes/);
    expect(JSON.parse(bad.stdout).error.code).toBe("bad_input");

    const unknown = await admin("launch-rockets");
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/Unknown command "launch-rockets"/);

    const missing = await admin("create-key", "--email", "nobody@example.test", "--name", "x", "--scopes", "read");
    expect(missing.code).toBe(2);
    expect(JSON.parse(missing.stdout).error.code).toBe("not_found");
  }, 240_000); // real processes on a possibly busy machine
});
