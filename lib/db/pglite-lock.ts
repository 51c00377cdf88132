import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * One writer per embedded database. PGlite keeps the whole database in the memory of the process
 * that opened it and writes it back to the directory; two processes on one directory silently
 * overwrite each other's writes. So opening a directory takes an exclusive lock file beside it
 * (`<dir>.lock`) holding who owns it. The file is created atomically (link(2) fails if it exists);
 * a lock whose owner is gone (pid dead, or the pid reused by another process: its start time
 * differs) is stale and is broken under a short-lived mkdir guard, so two starters never both win.
 */
export interface LockOwner {
  pid: number;
  /** Kernel start time of the owner (Linux /proc), to tell a reused pid apart. */
  procStart: string | null;
  hostname: string;
  command: string;
  startedAt: string;
}

export class DatabaseLockedError extends Error {
  readonly code = "database_locked";
  constructor(
    readonly dir: string,
    readonly owner: LockOwner,
  ) {
    super(
      `The embedded database in ${dir} is in use by another process (pid ${owner.pid}, "${owner.command}", since ${owner.startedAt}). ` +
        "PGlite allows one process per directory, so this process did not open it (nothing was written). " +
        "Do one of: use the running app instead (the portal: sign up, then create a key on /keys); " +
        "stop that process and run this again; or point every process at one PostgreSQL server with DATABASE_URL.",
    );
    this.name = "DatabaseLockedError";
  }
}

export function lockPathFor(dir: string): string {
  return `${path.resolve(dir).replace(/[\\/]+$/, "")}.lock`;
}

function procStartOf(pid: number): string | null {
  try {
    // Field 22 of /proc/<pid>/stat; the command name (field 2) may contain spaces, so count from ")".
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? null;
  } catch {
    return null;
  }
}

function isAlive(owner: LockOwner): boolean {
  if (owner.hostname !== os.hostname()) return true; // cannot check another machine: assume held
  try {
    process.kill(owner.pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ESRCH") return false;
  }
  const now = procStartOf(owner.pid);
  return owner.procStart === null || now === null || now === owner.procStart;
}

function readOwner(file: string): LockOwner | null {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8")) as LockOwner;
  } catch {
    return null; // vanished, or half-written by a process that died mid-write
  }
}

function me(): LockOwner {
  return {
    pid: process.pid,
    procStart: procStartOf(process.pid),
    hostname: os.hostname(),
    command: [path.basename(process.argv[1] ?? process.argv0), ...process.argv.slice(2)].join(" ").slice(0, 120),
    startedAt: new Date(Date.now() - process.uptime() * 1000).toISOString(),
  };
}

function tryCreate(file: string, owner: LockOwner): boolean {
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(owner));
  try {
    fs.linkSync(tmp, file);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw err;
  } finally {
    fs.rmSync(tmp, { force: true });
  }
}

/** Removes a stale lock, once, even when several processes find it stale at the same moment. */
function breakStale(file: string, stale: LockOwner | null): void {
  const guard = `${file}.break`;
  try {
    fs.mkdirSync(guard);
  } catch {
    // Another process is breaking it; a guard left by a crash is itself stale after a few seconds.
    const age = Date.now() - (fs.statSync(guard, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
    if (age > 5_000) fs.rmSync(guard, { recursive: true, force: true });
    return;
  }
  try {
    const current = readOwner(file);
    const same = JSON.stringify(current) === JSON.stringify(stale);
    if (same && (current === null || !isAlive(current))) fs.rmSync(file, { force: true });
  } finally {
    fs.rmSync(guard, { recursive: true, force: true });
  }
}

const held = new Map<string, () => void>();

/** Takes the directory's lock for this process (re-entrant), or throws DatabaseLockedError. */
export function acquirePgliteLock(dir: string): () => void {
  const file = lockPathFor(dir);
  const existing = held.get(file);
  if (existing) return existing;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const owner = me();
  for (let attempt = 0; attempt < 20; attempt++) {
    if (tryCreate(file, owner)) {
      const release = () => {
        held.delete(file);
        process.off("exit", release);
        if (readOwner(file)?.pid === process.pid) fs.rmSync(file, { force: true });
      };
      process.on("exit", release);
      held.set(file, release);
      return release;
    }
    const current = readOwner(file);
    if (current && current.pid === process.pid && current.hostname === owner.hostname) {
      // Left by this very process (e.g. a module re-evaluated by a dev-server reload).
      fs.rmSync(file, { force: true });
      continue;
    }
    if (current && isAlive(current)) throw new DatabaseLockedError(path.resolve(dir), current);
    breakStale(file, current);
  }
  throw new Error(`Could not take the lock ${file}; remove it if no process uses ${dir}.`);
}
