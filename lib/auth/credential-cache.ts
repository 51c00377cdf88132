import { randomUUID } from "node:crypto";
import { getDbHandle, type DbHandle } from "@/lib/db/client";
import { CHANNELS, notify } from "@/lib/db/notify";
import { env } from "@/lib/env";
import { log } from "@/lib/log";

/** Channel the credential triggers (migration 0010) and credentialsChanged() notify on. */
export const CREDENTIALS_CHANNEL = CHANNELS.credentials;

const MAX_ENTRIES = 50_000;
const SYNC_TIMEOUT_MS = 2_000;

interface Entry {
  value: unknown;
  until: number;
}

/**
 * Credential rows (key or token joined to its account) kept in process, so a request's
 * authentication costs no statement. Correctness rests on LISTEN/NOTIFY: triggers on
 * api_keys, access_tokens, accounts and users notify at commit, and every instance drops
 * its whole cache on any notification. The cache is used only while the LISTEN is
 * established (dropped again on every re-subscription, since notifications may have been
 * missed while disconnected); the TTL bounds what a silently dead listener could serve.
 * A read that raced an invalidation is not stored (generation check).
 */
class CredentialCache {
  private readonly entries = new Map<string, Entry>();
  private readonly syncs = new Map<string, () => void>();
  private generation = 0;
  private ready = false;
  private started = false;
  private onReady: Array<() => void> = [];
  hits = 0;
  misses = 0;

  constructor(private readonly handle: DbHandle) {}

  private start(): void {
    if (this.started) return;
    this.started = true;
    this.handle
      .listen(CREDENTIALS_CHANNEL, (payload) => this.onNotify(payload), () => {
        this.invalidate();
        this.ready = true;
        for (const f of this.onReady.splice(0)) f();
      })
      .catch((err) => {
        this.ready = false;
        for (const f of this.onReady.splice(0)) f();
        log.warn("credential cache disabled: LISTEN failed", { error: err });
      });
  }

  private onNotify(payload: string): void {
    this.invalidate();
    this.syncs.get(payload)?.();
  }

  invalidate(): void {
    this.generation++;
    this.entries.clear();
  }

  async get<T>(key: string, load: () => Promise<T | undefined>): Promise<T | undefined> {
    const ttl = env().CREDENTIAL_CACHE_TTL_MS;
    if (ttl === 0) return load();
    this.start();
    if (!this.ready) return load();
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
   * After a committed credential change: drop this instance's cache now, then wait until a
   * marker notification sent after the change comes back on our own LISTEN. Postgres hands
   * a commit's notifications to every listening session at once and in commit order, so
   * by then the other instances have been sent the trigger's notification too.
   */
  async sync(): Promise<void> {
    this.invalidate();
    // The echo needs our own LISTEN: establish it if this instance never authenticated anything.
    this.start();
    if (!this.ready) await withTimeout(new Promise<void>((r) => this.onReady.push(r)), SYNC_TIMEOUT_MS);
    if (!this.ready) return;
    const marker = `sync:${randomUUID()}`;
    let timer: NodeJS.Timeout | undefined;
    const arrived = new Promise<void>((resolve) => {
      this.syncs.set(marker, resolve);
      timer = setTimeout(resolve, SYNC_TIMEOUT_MS);
    });
    try {
      await notify(this.handle.db, CHANNELS.credentials, marker);
      await arrived;
    } finally {
      clearTimeout(timer);
      this.syncs.delete(marker);
    }
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
export async function cachedCredential<T>(key: string, load: (handle: DbHandle) => Promise<T | undefined>, handle?: DbHandle): Promise<T | undefined> {
  const h = handle ?? (await getDbHandle());
  return credentialCacheFor(h).get(key, () => load(h));
}

/** Call after committing a revocation or any change to what a credential grants. */
export async function credentialsChanged(): Promise<void> {
  await credentialCacheFor(await getDbHandle()).sync();
}
