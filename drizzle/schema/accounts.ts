import { sql } from "drizzle-orm";
import { ACCOUNT_ROLES } from "./roles";
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid, uniqueIndex } from "drizzle-orm/pg-core";

export const PLANS = ["free", "starter", "pro", "enterprise"] as const;
export type Plan = (typeof PLANS)[number];
export const ENVIRONMENTS = ["production", "sandbox"] as const;
export type AccountEnvironment = (typeof ENVIRONMENTS)[number];

/** Developer account: the tenant that owns keys, watches, webhooks, usage and a plan. */
export const accounts = pgTable("accounts", {
  id: uuid("id")
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  name: text("name").notNull(),
  plan: text("plan", { enum: PLANS }).notNull().default("free"),
  environment: text("environment", { enum: ENVIRONMENTS }).notNull().default("production"),
  /** Per-account limit overrides (enterprise): { requests_per_month?: number, ... }. */
  limitOverrides: jsonb("limit_overrides").$type<Record<string, number>>().notNull().default({}),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A person who signs in. `account_id` is the account they signed up with (or were first invited
 * to); what they may reach is `account_members` (issue 30): one or more accounts, a role in each.
 */
export const users = pgTable(
  "users",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    name: text("name"),
    /** argon2id hash; null for OAuth-only users. */
    passwordHash: text("password_hash"),
    /** When the user followed the verification link (issue 30); null = unverified (sandbox only). */
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    /** Mail language (en, de, fr, es), from the sign-up request's Accept-Language. */
    locale: text("locale"),
    /**
     * Bumped by a password reset: session cookies carry the version they were issued under and a
     * cookie with an older one is no session (checked per request, lib/auth/session.ts).
     */
    sessionVersion: integer("session_version").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("users_email_lower_idx").on(sql`lower(${t.email})`)],
);

export { ACCOUNT_ROLES, type AccountRole } from "./roles";

/** Who belongs to an account, with one role each. A user may be a member of several accounts. */
export const accountMembers = pgTable(
  "account_members",
  {
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: ACCOUNT_ROLES }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.userId] }), index("account_members_user_idx").on(t.userId)],
);

/** A pending invitation to join an account: single use, valid 7 days; only SHA-256(token) is stored. */
export const accountInvitations = pgTable(
  "account_invitations",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    role: text("role", { enum: ACCOUNT_ROLES }).notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    invitedBy: uuid("invited_by").references(() => users.id, { onDelete: "set null" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    acceptedBy: uuid("accepted_by").references(() => users.id, { onDelete: "set null" }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("account_invitations_account_idx").on(t.accountId, t.createdAt)],
);

export type AccountMemberRow = typeof accountMembers.$inferSelect;
export type AccountInvitationRow = typeof accountInvitations.$inferSelect;
