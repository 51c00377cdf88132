import { z } from "zod";
import { ENVIRONMENTS, PLANS } from "@/drizzle/schema";
import { createUser } from "@/lib/accounts/create-user";
import { findUserByEmail } from "@/lib/accounts/find-user";
import { setPlan } from "@/lib/accounts/set-plan";
import { limitsFor, namedLimits } from "@/lib/billing/plans";
import { createApiKey } from "@/lib/auth/api-keys";
import { createAccessToken } from "@/lib/auth/access-tokens";
import { markEmailVerified } from "@/lib/auth/email-verification";
import { API_KEY_SCOPES } from "@/lib/auth/scopes";
import { ApiError } from "@/lib/http/errors";
import { recordCliAudit } from "@/lib/audit/record-audit";
import { command } from "./types";

// A limit override: a non-negative integer, or "none" to remove the override (back to the plan's default).
const count = z.union([z.literal("none").transform(() => null), z.coerce.number().int().min(0)]).optional();

export async function userByEmail(email: string) {
  const found = await findUserByEmail(email);
  if (!found) throw new ApiError("not_found", `No user with email ${email}.`);
  return found;
}

export const accountCommands = {
  "create-user": command({
    summary:
      "Create a user and developer account: --email E --password P [--plan P] [--environment production|sandbox]",
    flags: z.object({
      email: z.string(),
      password: z.string(),
      name: z.string().optional(),
      plan: z.enum(PLANS).default("free"),
      environment: z.enum(ENVIRONMENTS).default("production"),
    }),
    async run(f) {
      // The operator vouches for the address: no verification link.
      const { userId, accountId } = await createUser({ ...f, emailVerified: true });
      await recordCliAudit({
        accountId,
        action: "account.created",
        target: `account:${accountId}`,
        details: { user_id: userId, plan: f.plan, environment: f.environment },
      });
      return { user_id: userId, account_id: accountId };
    },
  }),
  "verify-email": command({
    summary: "Confirm a user's address without the mailed link (production without SMTP_URL): --email E",
    flags: z.object({ email: z.string() }),
    async run(f) {
      const { user, account } = await userByEmail(f.email);
      const { emailVerifiedAt } = await markEmailVerified(user.id);
      await recordCliAudit({
        accountId: account.id,
        action: "user.email_verified",
        target: `user:${user.id}`,
        details: { email: user.email },
      });
      return { user_id: user.id, email: user.email, email_verified_at: emailVerifiedAt };
    },
  }),
  "set-plan": command({
    summary:
      "Change plan/limits: --email E [--plan P] [--environment E] [--requests-per-month N|none] [--timeline-items-per-month N|none] [--route-calls-per-month N|none] [--active-watches N|none]",
    flags: z.object({
      email: z.string(),
      plan: z.enum(PLANS).optional(),
      environment: z.enum(ENVIRONMENTS).optional(),
      requestsPerMonth: count,
      timelineItemsPerMonth: count,
      routeCallsPerMonth: count,
      activeWatches: count,
    }),
    async run(f) {
      const { account } = await userByEmail(f.email);
      const updated = await setPlan({
        accountId: account.id,
        plan: f.plan,
        environment: f.environment,
        overrides: {
          requests_per_month: f.requestsPerMonth,
          timeline_items_per_month: f.timelineItemsPerMonth,
          route_calls_per_month: f.routeCallsPerMonth,
          active_watches: f.activeWatches,
        },
      });
      await recordCliAudit({
        accountId: updated.id,
        action: "plan.changed",
        target: `account:${updated.id}`,
        details: { plan: updated.plan, environment: updated.environment, limit_overrides: updated.limitOverrides },
      });
      return {
        account_id: updated.id,
        plan: updated.plan,
        environment: updated.environment,
        limit_overrides: updated.limitOverrides,
        effective_limits: namedLimits(limitsFor(updated)),
      };
    },
  }),
  "create-key": command({
    summary: "Create an API key: --email E --name N --scopes a,b [--expires-at ISO] [--internal]",
    flags: z.object({
      email: z.string(),
      name: z.string(),
      scopes: z
        .string()
        .transform((s) =>
          s
            .split(",")
            .map((x) => x.trim())
            .filter(Boolean),
        )
        .pipe(z.array(z.enum(API_KEY_SCOPES)).min(1)),
      expiresAt: z.string().optional(),
      internal: z.boolean().default(false),
    }),
    async run(f) {
      const { user } = await userByEmail(f.email);
      const k = await createApiKey(
        { userId: user.id, accountId: user.accountId },
        { name: f.name, scopes: f.scopes, expiresAt: f.expiresAt },
        { isInternal: f.internal },
      );
      await recordCliAudit({
        accountId: user.accountId,
        action: "api_key.created",
        target: `api_key:${k.id}`,
        details: { name: f.name, scopes: f.scopes, internal: f.internal },
      });
      return { id: k.id, key: k.key };
    },
  }),
  "create-token": command({
    summary: "Create a trip access token: --email E [--name N] [--expires-at ISO]",
    flags: z.object({ email: z.string(), name: z.string().optional(), expiresAt: z.string().optional() }),
    async run(f) {
      const { user } = await userByEmail(f.email);
      const t = await createAccessToken(user.id, { name: f.name, expiresAt: f.expiresAt });
      await recordCliAudit({
        accountId: user.accountId,
        action: "access_token.created",
        target: `access_token:${t.id}`,
        details: { name: f.name ?? null },
      });
      return { token: t.token, id: t.id, expires_at: t.expiresAt };
    },
  }),
};
