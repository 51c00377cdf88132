import { hash, verify, type Options } from "@node-rs/argon2";
import { env } from "@/lib/env";

// argon2id with the library defaults (m=19 MiB, t=2, p=1: OWASP's minimum). The test suite's
// cheaper parameters (PASSWORD_HASH_COST=test) apply only under NODE_ENV=test, so a stray setting
// can never weaken a deployed instance's hashes. verify() reads the parameters from the hash.
function options(): Options | undefined {
  const e = env();
  return e.NODE_ENV === "test" && e.PASSWORD_HASH_COST === "test" ? { memoryCost: 1024, timeCost: 1 } : undefined;
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, options());
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
