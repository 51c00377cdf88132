import { randomBytes } from "node:crypto";
import { createUser } from "@/lib/accounts/create-user";
import { createApiKey } from "@/lib/auth/api-keys";
import { createAccessToken } from "@/lib/auth/access-tokens";
import { setPlan } from "@/lib/accounts/set-plan";
import type { ApiKeyScope } from "@/lib/auth/scopes";
import type { Plan } from "@/drizzle/schema";

export interface TestUser {
  userId: string;
  accountId: string;
  email: string;
  password: string;
  /** Creates an API key for this user and returns its full value. */
  key: (scopes: ApiKeyScope[], opts?: { expiresAt?: string; internal?: boolean }) => Promise<string>;
  token: () => Promise<string>;
}

/** A signed-up user with a developer account on the given plan. */
export async function makeUser(
  opts: { plan?: Plan; environment?: "production" | "sandbox"; email?: string; emailVerified?: boolean } = {},
): Promise<TestUser> {
  const email = opts.email ?? `u${randomBytes(6).toString("hex")}@example.test`;
  const password = "correct horse battery staple";
  const { userId, accountId } = await createUser({ email, password, emailVerified: opts.emailVerified ?? true });
  if (opts.plan || opts.environment) await setPlan({ accountId, plan: opts.plan, environment: opts.environment });
  const owner = { userId, accountId };
  return {
    userId,
    accountId,
    email,
    password,
    key: async (scopes, o = {}) =>
      (await createApiKey(owner, { name: "test", scopes, expiresAt: o.expiresAt }, { isInternal: o.internal })).key,
    token: async () => (await createAccessToken(userId, { name: "test" })).token,
  };
}
