import { DEV_AUTH_SECRET, env, isProduction } from "@/lib/env";

/** next-auth secret; a fixed development value outside production, required in production. */
export function authSecret(): string {
  const s = env().NEXTAUTH_SECRET;
  if (s) return s;
  if (isProduction()) throw new Error("NEXTAUTH_SECRET must be set in production.");
  return DEV_AUTH_SECRET;
}
