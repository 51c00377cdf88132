import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Receiver-side verification (the recipe in docs/webhooks.md, shipped so tests
 * use exactly what we tell customers): accepts a delivery when any `v1=`
 * signature in X-Service-Signatures (or the single X-Service-Signature) is the
 * HMAC of `${timestamp}.${rawBody}` under `secret`, and the timestamp is within
 * `toleranceSeconds` of now.
 */
export function verifyWebhook(
  rawBody: string,
  headers: { get(name: string): string | null },
  secret: string,
  opts: { toleranceSeconds?: number; now?: number } = {},
): boolean {
  const timestamp = headers.get("x-service-timestamp") ?? "";
  const now = opts.now ?? Date.now() / 1000;
  if (!/^\d+$/.test(timestamp) || Math.abs(now - Number(timestamp)) > (opts.toleranceSeconds ?? 300)) return false;
  const listed = (headers.get("x-service-signatures") ?? "")
    .split(",")
    .map((p) => p.trim())
    .filter((p) => p.startsWith("v1="))
    .map((p) => p.slice(3));
  const candidates = [...listed, headers.get("x-service-signature") ?? ""].filter(Boolean);
  const expected = Buffer.from(createHmac("sha256", secret).update(`${timestamp}.${rawBody}`).digest("hex"));
  return candidates.some((c) => {
    const got = Buffer.from(c);
    return got.length === expected.length && timingSafeEqual(got, expected);
  });
}
