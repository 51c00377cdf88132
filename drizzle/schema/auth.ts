import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, serial, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { accounts, users } from "./accounts";

/** Developer API keys (`svc_…`). Only SHA-256(key) is stored. */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: serial("id").primaryKey(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    keyHash: text("key_hash").notNull().unique(),
    keyPrefix: text("key_prefix").notNull(),
    scopes: text("scopes").array().notNull(),
    isInternal: boolean("is_internal").notNull().default(false),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("api_keys_user_idx").on(t.userId)],
);

/** Access tokens for /v1/trips (`sat_…`), issued to a user. Only SHA-256 stored. */
export const accessTokens = pgTable(
  "access_tokens",
  {
    id: serial("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    tokenPrefix: text("token_prefix").notNull(),
    /** Agent limits (issue 28): only these trips (null = every trip of the user)… */
    tripIds: integer("trip_ids").array(),
    /** …and only these of trips:read, trips:propose, trips:write (all three by default). */
    scopes: text("scopes")
      .array()
      .notNull()
      .default(sql`ARRAY['trips:read','trips:propose','trips:write']::text[]`),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Issued by the OAuth server for this grant (issue 41); null for tokens made in the portal or API. */
    oauthGrantId: integer("oauth_grant_id"),
    /** RFC 8707 audience: an OAuth token is bound to the MCP resource and refused by the REST API. */
    resource: text("resource"),
  },
  (t) => [index("access_tokens_user_idx").on(t.userId), index("access_tokens_oauth_grant_idx").on(t.oauthGrantId)],
);

export type ApiKeyRow = typeof apiKeys.$inferSelect;
export type AccessTokenRow = typeof accessTokens.$inferSelect;
