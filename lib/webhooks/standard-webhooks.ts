import { createHmac } from "node:crypto";

/**
 * Standard Webhooks 1.0 (https://www.standardwebhooks.com) signing, sent beside
 * the X-Service-* headers so receivers can verify with the `standardwebhooks`
 * and `svix` libraries instead of pasting our recipe.
 *
 * The key is the base64-decoded part of the secret after `whsec_`: our secrets
 * are `whsec_` + 32 lowercase hex characters, and hex digits are base64
 * alphabet characters, so those 32 characters decode to 24 bytes (the spec's
 * minimum key length). Existing secrets are reused; nothing is re-issued.
 */
export const STANDARD_WEBHOOK_HEADERS = ["webhook-id", "webhook-timestamp", "webhook-signature"] as const;

const PREFIX = "whsec_";

/** The HMAC key a Standard Webhooks receiver derives from our secret. */
export function standardKey(secret: string): Buffer {
  return Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, "base64");
}

/** `v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}">` for one secret. */
export function standardSignature(secret: string, id: string, timestamp: number, body: string): string {
  return `v1,${createHmac("sha256", standardKey(secret)).update(`${id}.${timestamp}.${body}`, "utf8").digest("base64")}`;
}

/**
 * The three headers of one attempt: one space-separated signature per valid
 * secret (newest first; two during a rotation's grace period), as the spec
 * lists them. `webhook-id` is the event id, so it is the same on every retry,
 * redelivery and recovery of the event (receivers deduplicate on it).
 */
export function standardWebhookHeaders(
  secrets: string[],
  id: string,
  timestamp: number,
  body: string,
): Record<(typeof STANDARD_WEBHOOK_HEADERS)[number], string> {
  return {
    "webhook-id": id,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": secrets.map((s) => standardSignature(s, id, timestamp, body)).join(" "),
  };
}
