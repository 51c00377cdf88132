import { randomBytes } from "node:crypto";

/** `url` pointing at database `db` on the same server. */
export function withDatabase(url: string, db: string): string {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
}

/**
 * A unique name for a throw-away database (test template, bench) on the server of `url`: named
 * after `url`'s own database when that is a plain identifier, so a shared server's naming rules
 * (e.g. "mine start with hd_") still hold, then `kind`, a timestamp and a random suffix. The result
 * stays well under Postgres's 63-byte identifier limit.
 */
export function throwawayDatabaseName(url: string, kind: string): string {
  const base = decodeURIComponent(new URL(url).pathname.slice(1));
  const prefix = /^[a-z_][a-z0-9_]{0,20}$/.test(base) ? `${base}_` : "";
  return `${prefix}${kind}_${Date.now()}_${randomBytes(3).toString("hex")}`;
}
