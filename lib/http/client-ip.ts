/**
 * The caller's address for per-IP limits: the first X-Forwarded-For hop (set by the platform's
 * proxy: Vercel, a load balancer), else X-Real-IP, else "unknown" (all direct callers share one
 * bucket). Deploy behind a proxy that overwrites X-Forwarded-For, or the header is the caller's word.
 */
export function clientIp(req: Request): string {
  const xff = req.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  if (xff) return xff.slice(0, 64);
  return req.headers.get("x-real-ip")?.trim().slice(0, 64) || "unknown";
}
