import { env, isProduction } from "@/lib/env";

/** Outside production only; refused in production (lib/platform/production-config.ts). */
export const DEV_AUTH_SECRET = "dev-only-insecure-nextauth-secret-change-me";

/** next-auth secret; a fixed development value outside production, required in production. */
export function authSecret(): string {
  const s = env().NEXTAUTH_SECRET;
  if (s) return s;
  if (isProduction()) throw new Error("NEXTAUTH_SECRET must be set in production.");
  return DEV_AUTH_SECRET;
}
