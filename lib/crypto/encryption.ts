import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from "node:crypto";
import { env, isProduction } from "@/lib/env";
import { log } from "@/lib/log";

/**
 * AES-256-GCM for secrets that must be recovered (webhook signing secrets).
 * Stored form: `v1.<iv b64url>.<tag b64url>.<ciphertext b64url>`.
 * Key: APP_ENCRYPTION_KEY (32 bytes as 64 hex chars or base64). When it is
 * unset: outside production a fixed development key, so a fresh checkout
 * works; in production a key derived (HKDF) from NEXTAUTH_SECRET, with a
 * warning, because rotating that secret would then make stored secrets
 * unreadable. Set APP_ENCRYPTION_KEY in production.
 */
const VERSION = "v1";
let cachedKey: { source: string | undefined; key: Buffer } | undefined;

function parseKey(raw: string): Buffer {
  const trimmed = raw.trim();
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) return Buffer.from(trimmed, "hex");
  const b = Buffer.from(trimmed, "base64");
  if (b.length === 32) return b;
  throw new Error("APP_ENCRYPTION_KEY must be 32 bytes, written as 64 hex characters or base64.");
}

export function encryptionKey(): Buffer {
  const raw = env().APP_ENCRYPTION_KEY;
  if (cachedKey && cachedKey.source === raw) return cachedKey.key;
  let key: Buffer;
  const authSecret = env().NEXTAUTH_SECRET;
  if (raw) key = parseKey(raw);
  else if (isProduction()) {
    if (!authSecret) throw new Error("APP_ENCRYPTION_KEY (32 bytes, hex or base64) is required in production.");
    log.warn("APP_ENCRYPTION_KEY is not set: deriving the encryption key from NEXTAUTH_SECRET; set APP_ENCRYPTION_KEY");
    key = Buffer.from(hkdfSync("sha256", authSecret, "skycast", "app-encryption-key/v1", 32));
  } else key = createHash("sha256").update("skycast-development-only-encryption-key").digest();
  cachedKey = { source: raw, key };
  return key;
}

export function encryptSecret(plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", encryptionKey(), iv);
  const ct = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, iv.toString("base64url"), tag.toString("base64url"), ct.toString("base64url")].join(".");
}

export function decryptSecret(stored: string): string {
  const [version, iv, tag, ct] = stored.split(".");
  if (version !== VERSION || !iv || !tag || ct === undefined) throw new Error("Unrecognised encrypted secret format.");
  const decipher = createDecipheriv("aes-256-gcm", encryptionKey(), Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(ct, "base64url")), decipher.final()]).toString("utf8");
}
