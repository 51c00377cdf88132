import { z } from "zod";
import { contract } from "@/lib/http/route";
import { none } from "@/lib/auth/strategies";
import { EmailSchema, PasswordSchema } from "./create-user";

export const accountContracts = {
  signUp: contract({
    operationId: "accounts.signUp",
    method: "POST",
    path: "/api/auth/sign-up",
    summary: "Create a user and developer account",
    description: "Creates the user and their developer account on the free plan. Sign in afterwards through next-auth.",
    tags: ["Accounts"],
    family: "api",
    auth: none(),
    body: z.object({ email: EmailSchema, password: PasswordSchema, name: z.string().trim().max(120).optional() }),
    responses: {
      201: { description: "Created", schema: z.object({ user_id: z.string().uuid(), account_id: z.string().uuid() }) },
      409: { description: "Email already registered" },
    },
  }),
};
