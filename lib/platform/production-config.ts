import { DEV_AUTH_SECRET } from "@/lib/env";
import { ApiError } from "@/lib/http/errors";

/**
 * Settings the app cannot run without in production. Checked once at boot (instrumentation.ts:
 * `next start` exits non-zero naming the variable) and by /api/healthz, so a broken configuration
 * is never "up" while every sign-in fails.
 */
export function productionConfigProblems(vars: NodeJS.ProcessEnv = process.env): string[] {
  if (vars.NODE_ENV !== "production") return [];
  const problems: string[] = [];
  const secret = vars.NEXTAUTH_SECRET;
  const make = "make one with `openssl rand -base64 32` and set it in the environment";
  if (!secret) {
    problems.push(`NEXTAUTH_SECRET is not set: it signs portal sessions; ${make}.`);
  } else if (secret.length < 32 || secret === DEV_AUTH_SECRET || new Set(secret).size < 10) {
    problems.push(
      `NEXTAUTH_SECRET is too weak (use at least 32 random characters, not the development value); ${make}.`,
    );
  }
  const key = vars.APP_ENCRYPTION_KEY?.trim();
  if (key && !/^[0-9a-fA-F]{64}$/.test(key) && Buffer.from(key, "base64").length !== 32) {
    problems.push(
      "APP_ENCRYPTION_KEY must be 32 bytes written as 64 hex characters or base64; make one with `openssl rand -hex 32`.",
    );
  }
  if (vars.DATABASE_URL && !URL.canParse(vars.DATABASE_URL)) {
    problems.push("DATABASE_URL is not a URL; use postgres://user:password@host:5432/database.");
  }
  return problems;
}

/** /api/healthz: an app that cannot sign anyone in is not healthy. */
export function assertProductionConfig(): void {
  const problems = productionConfigProblems();
  if (problems.length > 0) throw new ApiError("service_unavailable", `Misconfigured: ${problems.join(" ")}`);
}
