import { randomUUID } from "node:crypto";
import { assertDatabaseUp, DatabaseDownError, isDatabaseDown } from "@/lib/db/outage";
import { getDbHandle, type DbHandle } from "@/lib/db/client";
import { CHANNELS, notify } from "@/lib/db/notify";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { CacheLease, LEASE_MS } from "./cache-lease";

/** Channel the credential triggers (migration 0011) and credentialsChanged() notify on. */
export const CREDENTIALS_CHANNEL = CHANNELS.credentials;

const MAX_ENTRIES = 50_000;
const SYNC_TIMEOUT_MS = 2_000;

interface Entry {
  value: unknown;
  until: number;
}

/**
 * Credential rows (key or token joined to its account) kept in process, so a request's
 * authentication costs no statement. Triggers on api_keys, access_tokens, accounts and users
 * notify at commit and every instance drops its whole cache on any notification; a read that
 * raced an invalidation is not stored (generation check).
 *
 * A credential change is in force on every instance before its request answers, whatever the
 * scheduling (docs/decisions/0003-credential-cache-and-prepared-statements.md, "Revocation"): the changing request waits until every live
 * instance has acknowledged the change (`sync`), or until every cache lease granted before the
 * change has run out. An instance serves from its cache only under a lease (cache-lease.ts),
 * renewed by the echo of its own heartbeat on this channel; an echo sent after the change
 * reaches it after the change, so a lease cannot be renewed without applying the change first.
 */
class CredentialCache {
  private readonly entries = new Map<string, Entry>();
  private readonly acks = new Map<string, Set<string>>();
  private readonly echoes = new Map<string, () => void>();
  private readonly lease: CacheLease;
  private generation = 0;
  private ready = false;
  private started = false;
  private onReady: Array<() => void> = [];
  readonly id = randomUUID();
  hits = 0;
  misses = 0;

  constructor(private readonly handle: DbHandle) {
    // One process per PGlite directory: no other instance can hold a stale copy.
    // While the database is known to be down the heartbeat is not sent (lib/db/outage.ts): the lease
    // runs out and the cache is bypassed, as for any failed beat.
    this.lease = new CacheLease(this.id, handle.driver === "postgres", (payload) =>
      isDatabaseDown() ? Promise.reject(new DatabaseDownError()) : notify(this.handle.db, CREDENTIALS_CHANNEL, payload),
    );
  }

  private start(): void {
    if (this.started) return;
    this.started = true;
    this.handle
      .listen(
        CREDENTIALS_CHANNEL,
        (payload) => this.onNotify(payload),
        () => {
          this.invalidate();
          this.ready = true;
          this.lease.start();
          for (const f of this.onReady.splice(0)) f();
        },
      )
      .catch((err) => {
        this.ready = false;
        for (const f of this.onReady.splice(0)) f();
        log.warn("credential cache disabled: LISTEN failed", { error: err });
      });
  }

  private onNotify(payload: string): void {
    if (this.lease.onHeartbeat(payload)) return;
    if (payload.startsWith("ack:")) {
      const [, marker, from] = payload.split(":");
      this.acks.get(marker)?.add(from);
      return;
    }
    this.invalidate();
    if (payload.startsWith("sync:")) {
      const marker = payload.slice("sync:".length);
      const echo = this.echoes.get(marker);
      if (echo) echo();
      // Another instance's change: acknowledge once this cache no longer holds anything older.
      else void notify(this.handle.db, CREDENTIALS_CHANNEL, `ack:${marker}:${this.id}`).catch(() => {});
    }
  }

  invalidate(): void {
    this.generation++;
    this.entries.clear();
  }

  /** What the cache last held for `key`, however old and whatever the lease: attribution only, never authentication. */
  peek(key: string): unknown {
    return this.entries.get(key)?.value;
  }

  async get<T>(key: string, load: () => Promise<T | undefined>): Promise<T | undefined> {
    const ttl = env().CREDENTIAL_CACHE_TTL_MS;
    if (ttl === 0) return load();
    this.start();
    if (!this.ready || !this.lease.valid()) return load();
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.until > now) {
      this.hits++;
      return hit.value as T;
    }
    this.misses++;
    const generation = this.generation;
    const value = await load();
    if (value !== undefined && generation === this.generation && this.ready) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
      this.entries.set(key, { value, until: now + ttl });
    }
    return value;
  }

  /**
   * After a committed credential change: drop this instance's cache, announce the change with a
   * marker, and return once every instance heard alive within a lease has acknowledged it — or,
   * at the latest, once every lease granted before the marker committed has run out (LEASE_MS
   * after the NOTIFY returned). Either way no instance can serve the old row afterwards.
   */
  async sync(): Promise<void> {
    this.invalidate();
    // The echo needs our own LISTEN: establish it if this instance never authenticated anything.
    this.start();
    if (!this.ready) await withTimeout(new Promise<void>((r) => this.onReady.push(r)), SYNC_TIMEOUT_MS);
    if (!this.lease.enabled) return;
    const marker = randomUUID();
    const acked = new Set<string>();
    this.acks.set(marker, acked);
    let expected: string[] | undefined;
    const echoed = new Promise<void>((resolve) =>
      this.echoes.set(marker, () => {
        // Every heartbeat committed before the marker has been read by now: these are the live peers.
        expected = this.lease.livePeers();
        resolve();
      }),
    );
    try {
      await notify(this.handle.db, CREDENTIALS_CHANNEL, `sync:${marker}`);
      const deadline = performance.now() + LEASE_MS;
      if (this.ready) await withTimeout(echoed, LEASE_MS);
      while (performance.now() < deadline) {
        if (expected && expected.every((p) => acked.has(p))) return;
        await new Promise((r) => setTimeout(r, 2));
      }
    } finally {
      this.acks.delete(marker);
      this.echoes.delete(marker);
    }
  }

  /** For tests: stop renewing this cache's lease (as if its heartbeats were lost), or resume. */
  setHeartbeat(on: boolean): void {
    if (on) this.lease.start();
    else this.lease.stop();
  }
}

function withTimeout(p: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([p, new Promise<void>((r) => (timer = setTimeout(r, ms)))]).finally(() => clearTimeout(timer));
}

// One cache per handle per process, even if the bundler loads this module more than once
// (route bundles): the handle itself lives on globalThis for the same reason.
const globalForCache = globalThis as unknown as { __credentialCaches?: WeakMap<DbHandle, CredentialCache> };
const caches = (globalForCache.__credentialCaches ??= new WeakMap<DbHandle, CredentialCache>());

export function credentialCacheFor(handle: DbHandle): CredentialCache {
  let c = caches.get(handle);
  if (!c) {
    c = new CredentialCache(handle);
    caches.set(handle, c);
  }
  return c;
}

/** Looks a credential up through the cache of the process's database handle (or `handle`). */
export async function cachedCredential<T>(
  key: string,
  load: (handle: DbHandle) => Promise<T | undefined>,
  handle?: DbHandle,
): Promise<T | undefined> {
  const h = handle ?? (await getDbHandle());
  // A miss reads the handle directly, not through getDb(): it short-circuits on the down state too.
  return credentialCacheFor(h).get(key, () => {
    assertDatabaseUp();
    return load(h);
  });
}

/**
 * While the database is unreachable a request's credential cannot be verified (the cache lease has
 * run out), but the request log may still say whose request it was: the account this instance last
 * saw for the credential, if any (issue 40 item 7). Never used to authorize anything.
 */
export async function lastKnownCredential<T>(key: string, handle?: DbHandle): Promise<T | undefined> {
  const h = handle ?? (await getDbHandle().catch(() => undefined));
  return h ? (credentialCacheFor(h).peek(key) as T | undefined) : undefined;
}

/** Call after committing a revocation or any change to what a credential grants. */
export async function credentialsChanged(): Promise<void> {
  await credentialCacheFor(await getDbHandle()).sync();
}
