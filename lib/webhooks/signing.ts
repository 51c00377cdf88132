import { createHmac, randomBytes } from "node:crypto";

/**
 * Signature of a delivery: lowercase hex HMAC-SHA256 over `${timestamp}.${rawBody}`,
 * keyed by the whole secret string (UTF-8, `whsec_` included), as Stripe does.
 */
export function signPayload(secret: string, timestamp: number, rawBody: string): string {
  return createHmac("sha256", Buffer.from(secret, "utf8")).update(`${timestamp}.${rawBody}`, "utf8").digest("hex");
}

/** `whsec_` + 32 lowercase hex characters (128 random bits). */
export function newSigningSecret(): { secret: string; prefix: string } {
  const secret = "whsec_" + randomBytes(16).toString("hex");
  return { secret, prefix: secretPrefix(secret) };
}

/** Public leading part shown on reads: `whsec_` + the first 4 hex characters. */
export function secretPrefix(secret: string): string {
  return secret.slice(0, "whsec_".length + 4);
}

/** The documented event envelope; this exact string is the signed raw body. */
export function eventEnvelope(e: { id: string; type: string; createdAt: Date; data: unknown }): string {
  return JSON.stringify({ id: e.id, type: e.type, created_at: e.createdAt.toISOString(), data: e.data });
}
