import { z } from "zod";
import { contract } from "@/lib/http/contract";
import { none, session } from "@/lib/auth/strategies";
import { ENVIRONMENTS, PLANS } from "@/drizzle/schema";
import { EmailSchema, PasswordSchema } from "./create-user";

export const accountContracts = {
  signUp: contract({
    operationId: "accounts.signUp",
    examples: {
      body: { email: "camille.martin@example.com", password: "blue-harbour-lantern-42", name: "Camille Martin" },
    },
    method: "POST",
    path: "/api/auth/sign-up",
    summary: "Create a user and developer account",
    description:
      "Creates the user and their developer account on the free plan, and emails a link to confirm the address (production API keys need it; sandbox works right away). Sign in afterwards through next-auth.",
    tags: ["Accounts"],
    family: "api",
    auth: none(),
    body: z.object({ email: EmailSchema, password: PasswordSchema, name: z.string().trim().max(120).optional() }),
    responses: {
      201: { description: "Created", schema: z.object({ user_id: z.string().uuid(), account_id: z.string().uuid() }) },
      409: { description: "Email already registered" },
    },
  }),
  switchEnvironment: contract({
    operationId: "accounts.switchEnvironment",
    method: "POST",
    path: "/api/developer/environment",
    audit: {
      action: "account.environment_changed",
      target: ({ data }) => `account:${data.account_id}`,
      summary: ({ data }) => ({ environment: data.environment, plan: data.plan }),
    },
    summary: "Switch the account between production and sandbox",
    description:
      "Portal (session) only; API keys cannot flip it. sandbox: every call of the account (all its keys) gets simulated weather, labelled meta.environment = sandbox, and the Simulations page works; production: real provider data again. Plan, keys, watches and webhooks stay as they are; takes effect on the next request.",
    tags: ["Accounts"],
    family: "api",
    auth: session(),
    body: z.strictObject({ environment: z.enum(ENVIRONMENTS) }),
    // Switching back is the example, so running it leaves the example world's account as it was.
    examples: { body: { environment: "production" } },
    responses: {
      200: {
        description: "The account's environment now",
        schema: z.object({ account_id: z.string().uuid(), environment: z.enum(ENVIRONMENTS), plan: z.enum(PLANS) }),
      },
      403: {
        description:
          "origin_mismatch: the cookie request did not come from this site. email_not_verified: production needs a confirmed email address",
      },
    },
  }),
};
