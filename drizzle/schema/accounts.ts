import { sql } from "drizzle-orm";
import { integer, jsonb, pgTable, text, timestamp, uuid, uniqueIndex } from "drizzle-orm/pg-core";

export const PLANS = ["free", "starter", "pro", "enterprise"] as const;
export type Plan = (typeof PLANS)[number];
export const ENVIRONMENTS = ["production", "sandbox"] as const;
export type AccountEnvironment = (typeof ENVIRONMENTS)[number];

/** Developer account: the tenant that owns keys, watches, webhooks, usage and a plan. */
export const accounts = pgTable("accounts", {
  id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
  name: text("name").notNull(),
  plan: text("plan", { enum: PLANS }).notNull().default("free"),
  environment: text("environment", { enum: ENVIRONMENTS }).notNull().default("production"),
  /** Per-account limit overrides (enterprise): { requests_per_month?: number, ... }. */
  limitOverrides: jsonb("limit_overrides").$type<Record<string, number>>().notNull().default({}),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A person who signs in. Each user belongs to exactly one developer account. */
export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
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
