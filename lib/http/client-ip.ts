/**
 * The caller's address for per-IP limits: the first X-Forwarded-For hop, else X-Real-IP, else
 * "unknown" (all such callers share one bucket). Under `next start` the edge guard has already
 * rewritten X-Forwarded-For to the socket peer or what TRUSTED_PROXIES vouch for
 * (lib/registry/edge/client-address.ts) and dropped X-Real-IP; on a platform without it (Vercel) the
 * platform's edge sets the header.
 */
export function clientIp(req: Request): string {
  const xff = req.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  if (xff) return xff.slice(0, 64);
  return req.headers.get("x-real-ip")?.trim().slice(0, 64) || "unknown";
}
