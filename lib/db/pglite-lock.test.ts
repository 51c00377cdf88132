import { execFile, spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { openPglite } from "./client";
import { queryRows } from "./sql";
import { acquirePgliteLock, DatabaseLockedError, lockPathFor } from "./pglite-lock";

// Real processes (tsx start-up, PGlite migration) on a possibly busy 2-core machine.
const PROCESS_TEST_TIMEOUT = 240_000;

const run = promisify(execFile);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "pglite-lock-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

// Processes get their own embedded directory, never the test run's Postgres.
const { DATABASE_URL: _a, TEST_DATABASE_URL: _b, ...inherited } = process.env;
const envFor = (dir: string) => ({
  ...inherited,
  PGLITE_DIR: dir,
  LOG_LEVEL: "error",
  NODE_ENV: "development" as const,
});

async function admin(dir: string, ...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, ["--import", "tsx", "scripts/admin.ts", ...args], {
      env: envFor(dir),
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** A process holding the directory open, as `npm run dev` does. */
function holder(dir: string) {
  const child = spawn(process.execPath, ["--import", "tsx", "lib/db/testing/hold-embedded-db.ts"], {
    env: envFor(dir),
  }) as ChildProcessWithoutNullStreams;
  const lines = readline.createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  let stderr = "";
  child.stderr.on("data", (d) => (stderr += d));
  const next = async () => {
    const r = await lines.next();
    if (r.done) throw new Error(`holder exited early: ${stderr}`);
    return r.value;
  };
  const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
  return {
    next,
    send: (line: string) => child.stdin.write(`${line}\n`),
    exited,
  };
}

describe("one writer per embedded database directory", () => {
  it(
    "a second process refuses to open a held directory (exit 2, says what to do) and no write is lost",
    async () => {
      const dir = path.join(tmp, "two-processes");
      const server = holder(dir);
      expect(await server.next()).toBe("ready");
      server.send("create first@example.test");
      expect(await server.next()).toBe("created first@example.test");

      const refused = await admin(
        dir,
        "create-user",
        "--email",
        "cli@example.test",
        "--password",
        "a long enough password",
      );
      expect(refused.code).toBe(2);
      expect(refused.stderr).toMatch(/in use by another process \(pid \d+/);
      expect(refused.stderr).toMatch(/DATABASE_URL/);
      expect(JSON.parse(refused.stdout).error.code).toBe("database_locked");

      // The holder keeps writing after the refusal, then stops cleanly and releases the lock.
      server.send("create second@example.test");
      expect(await server.next()).toBe("created second@example.test");
      server.send("exit");
      expect(await server.exited).toBe(0);
      expect(fs.existsSync(lockPathFor(dir))).toBe(false);

      // Every acknowledged write is there; the refused command wrote nothing.
      const reopened = await openPglite(dir, { migrate: false });
      try {
        const rows = await queryRows<{ email: string }>(reopened.db, sql`select email from users order by email`);
        expect(rows.map((r) => r.email)).toEqual(["first@example.test", "second@example.test"]);
      } finally {
        await reopened.close();
      }
    },
    PROCESS_TEST_TIMEOUT,
  );

  it("a lock left by a dead process is stale and is taken over", async () => {
    const dir = path.join(tmp, "stale");
    const dead = spawn(process.execPath, ["-e", ""]);
    const pid = dead.pid!;
    await new Promise((r) => dead.on("exit", r));
    fs.writeFileSync(
      lockPathFor(dir),
      JSON.stringify({
        pid,
        procStart: "1",
        hostname: os.hostname(),
        command: "gone",
        startedAt: new Date(0).toISOString(),
      }),
    );
    const release = acquirePgliteLock(dir);
    expect(JSON.parse(fs.readFileSync(lockPathFor(dir), "utf8")).pid).toBe(process.pid);
    release();
    expect(fs.existsSync(lockPathFor(dir))).toBe(false);
  });

  it("a live owner holds it; the same process may take it again (re-entrant)", async () => {
    const dir = path.join(tmp, "live");
    const sleeper = spawn("sleep", ["30"]);
    try {
      const stat = fs.readFileSync(`/proc/${sleeper.pid}/stat`, "utf8");
      const procStart = stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
      fs.writeFileSync(
        lockPathFor(dir),
        JSON.stringify({
          pid: sleeper.pid,
          procStart,
          hostname: os.hostname(),
          command: "sleep 30",
          startedAt: new Date().toISOString(),
        }),
      );
      expect(() => acquirePgliteLock(dir)).toThrow(DatabaseLockedError);
      // The same pid with another start time is a reused pid: stale.
      fs.writeFileSync(
        lockPathFor(dir),
        JSON.stringify({
          pid: sleeper.pid,
          procStart: "42",
          hostname: os.hostname(),
          command: "old",
          startedAt: new Date(0).toISOString(),
        }),
      );
      const release = acquirePgliteLock(dir);
      expect(acquirePgliteLock(dir)).toBe(release);
      release();
    } finally {
      sleeper.kill();
    }
  });
});
