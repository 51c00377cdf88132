import { z } from "zod";
import { EmailSchema, PasswordSchema } from "@/lib/accounts/create-user";
import { contract } from "@/lib/http/contract";
import { none, session } from "@/lib/auth/strategies";

/** 43 characters of base64url (32 random bytes); anything else is not a link of ours. */
const LinkToken = z
  .string()
  .trim()
  .min(16)
  .max(128)
  .regex(/^[A-Za-z0-9_-]+$/, "Not a link token.");
const EXAMPLE_TOKEN = "q3Zk9xWm2Lr7Tn4Vb8Yc1Hd6Jf0Gs5Pa3Ue9Io2Kw7";

/** Issue 30: password reset and email verification (links sent by email; README "Mail"). */
export const emailAuthContracts = {
  passwordReset: contract({
    operationId: "auth.requestPasswordReset",
    method: "POST",
    path: "/api/auth/password-reset",
    summary: "Email a password reset link",
    description:
      "Always 202 with the same body, whether or not an account uses the address (no account enumeration); when one does, a single-use link to /reset-password/<token>, valid for one hour, is emailed. Rate-limited per address (5 per 10 minutes) and per caller IP (30 per 10 minutes): 429 rate_limit_exceeded with Retry-After past either.",
    tags: ["Accounts"],
    family: "api",
    auth: none(),
    body: z.strictObject({ email: EmailSchema }),
    examples: { body: { email: "camille.martin@example.com" } },
    responses: {
      202: { description: "Accepted (the same answer for every address)", schema: z.object({ message: z.string() }) },
      429: {
        description:
          "rate_limit_exceeded: too many requests for this address or from this IP; Retry-After says when to try again",
      },
    },
  }),
  passwordResetConfirm: contract({
    operationId: "auth.confirmPasswordReset",
    method: "POST",
    path: "/api/auth/password-reset/confirm",
    summary: "Set a new password from a reset link",
    description:
      "The token from the emailed link is the credential. Sets the password, uses the link up (and every other reset link of the user), marks the address verified, and ends every session of the user on every instance. A used or expired link is 410 gone (details.reason used | expired); an unknown one 400 (details.reason invalid).",
    tags: ["Accounts"],
    family: "api",
    auth: none(),
    secret: true,
    body: z.strictObject({ token: LinkToken, password: PasswordSchema }),
    // The example's token was never issued: it documents the answer to a mistyped link.
    examples: { body: { token: EXAMPLE_TOKEN, password: "new-harbour-lantern-43" }, status: 400 },
    responses: {
      200: {
        description: "Password changed; sign in with it",
        schema: z.object({ user_id: z.string().uuid(), email: z.string() }),
      },
      400: {
        description: "bad_request: the link is not valid (details.reason = invalid), or the password is too short",
      },
      410: { description: "gone: the link was already used or has expired (details.reason = used | expired)" },
    },
  }),
  verifyEmail: contract({
    operationId: "auth.verifyEmail",
    method: "POST",
    path: "/api/auth/verify-email",
    summary: "Confirm an email address from the emailed link",
    description:
      "The token from the sign-up (or resent) link is the credential; single use, valid 7 days. Production API keys need a verified address; sandbox works before. Used or expired: 410 gone; unknown: 400.",
    tags: ["Accounts"],
    family: "api",
    auth: none(),
    body: z.strictObject({ token: LinkToken }),
    examples: { body: { token: EXAMPLE_TOKEN }, status: 400 },
    responses: {
      200: {
        description: "Verified",
        schema: z.object({ user_id: z.string().uuid(), email: z.string(), email_verified: z.literal(true) }),
      },
      400: { description: "bad_request: the link is not valid (details.reason = invalid)" },
      410: { description: "gone: the link was already used or has expired (details.reason = used | expired)" },
    },
  }),
  resendVerification: contract({
    operationId: "auth.resendVerification",
    method: "POST",
    path: "/api/auth/verify-email/resend",
    summary: "Send the verification link again",
    description:
      "Portal (session) only. Sends a new link to the signed-in user's address (earlier links keep working until used or expired); sent = false when the address is already verified. At most 5 per 10 minutes per user (429 past it).",
    tags: ["Accounts"],
    family: "api",
    auth: session(),
    examples: {},
    responses: {
      200: {
        description: "Sent, or nothing to send",
        schema: z.object({ email: z.string(), email_verified: z.boolean(), sent: z.boolean() }),
      },
      429: { description: "rate_limit_exceeded: too many links asked for; Retry-After says when to try again" },
    },
  }),
};
