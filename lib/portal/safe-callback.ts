/** Only same-site relative paths may be used as post-sign-in destinations (no open redirect). */
export function safeCallbackUrl(raw: string | string[] | undefined, fallback = "/keys"): string {
  const v = Array.isArray(raw) ? raw[0] : raw;
  if (!v || !v.startsWith("/") || v.startsWith("//") || v.startsWith("/\\")) return fallback;
  return v;
}
