import * as crypto from "node:crypto";

const { createHash, randomBytes, timingSafeEqual } = crypto;

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** Uniform base62 string from rejection-sampled random bytes (no modulo bias). */
export function randomBase62(length: number): string {
  let out = "";
  while (out.length < length) {
    for (const b of randomBytes(length * 2)) {
      if (b < 248) out += BASE62[b % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

// The one-shot crypto.hash skips the Hash object: about 2.5x faster, and every API-key request
// hashes its key to find it in the credential cache. Node 20.9-20.11 (engines) lack it.
const oneShot: typeof crypto.hash | undefined = crypto.hash;

export function sha256Hex(value: string): string {
  return oneShot ? oneShot("sha256", value, "hex") : createHash("sha256").update(value, "utf8").digest("hex");
}

export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}

/**
 * A bearer secret: `<prefix>` + 32 base62 chars (~190 bits). Only its SHA-256 is
 * stored; `display` is the public leading part shown in lists.
 */
export function newBearerSecret(prefix: string): { value: string; hash: string; display: string } {
  const value = prefix + randomBase62(32);
  return { value, hash: sha256Hex(value), display: value.slice(0, prefix.length + 8) };
}
