import { env } from "@/lib/env";

/**
 * Absolute portal URL for links in mail. Always NEXTAUTH_URL when set, never the request's Host
 * header: a forged Host would otherwise put an attacker's domain into a password-reset link.
 */
export function appUrl(path: string): string {
  const base = env().NEXTAUTH_URL ?? "http://localhost:3000";
  return new URL(path, base).toString();
}
