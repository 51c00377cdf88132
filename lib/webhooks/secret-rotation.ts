import { decryptSecret } from "@/lib/crypto/encryption";
import type { WebhookEndpointRow } from "@/drizzle/schema";
import { signPayload } from "./signing";

/**
 * The endpoint's valid signing secrets, newest first: the current one, plus the
 * one it replaced while the rotation's grace period lasts.
 */
export function endpointSecrets(
  e: Pick<WebhookEndpointRow, "secretEncrypted" | "previousSecretEncrypted" | "previousSecretExpiresAt">,
  now = new Date(),
): string[] {
  const out = [decryptSecret(e.secretEncrypted)];
  if (e.previousSecretEncrypted && e.previousSecretExpiresAt && e.previousSecretExpiresAt > now)
    out.push(decryptSecret(e.previousSecretEncrypted));
  return out;
}

/**
 * Signature headers of one delivery. X-Service-Signatures lists `v1=<hex>` for
 * every valid secret (newest first, as Stripe does), so a receiver verifying
 * against either secret succeeds during a rotation's grace period.
 * X-Service-Signature keeps the documented single-hex form and is signed with
 * the OLDEST valid secret: a receiver using the plain recipe keeps working
 * until the grace period ends, by which time it must hold the new secret.
 */
export function signatureHeadersFor(secrets: string[], timestamp: number, body: string) {
  const signatures = secrets.map((s) => signPayload(s, timestamp, body));
  const signature = signatures[signatures.length - 1];
  return {
    signature,
    headers: { "x-service-signature": signature, "x-service-signatures": signatures.map((v) => `v1=${v}`).join(",") },
  };
}
