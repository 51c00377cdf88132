import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  char,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { accounts, users } from "./accounts";

/** Normalised requirement categories (Passport Index values map onto these). */
export const VISA_CATEGORIES = [
  "visa_free",
  "visa_on_arrival",
  "eta",
  "e_visa",
  "visa_required",
  "special_permit",
  "covid_ban",
  "no_admission",
] as const;
export type VisaCategory = (typeof VISA_CATEGORIES)[number];

export const VISA_PURPOSES = ["tourism", "business", "transit", "study", "work"] as const;
export type VisaPurpose = (typeof VISA_PURPOSES)[number];

/** Visa API keys (`X-Visa-Intel-Key: vik_…`), per developer account. Only SHA-256 stored. */
export const visaKeys = pgTable(
  "visa_keys",
  {
    id: serial("id").primaryKey(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    createdByUserId: uuid("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    keyHash: text("key_hash").notNull().unique(),
    keyPrefix: text("key_prefix").notNull(),
    /** Requests per fixed UTC hour; contract-adjustable up to 1,000,000. */
    hourlyLimit: integer("hourly_limit").notNull().default(1000),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("visa_keys_account_idx").on(t.accountId),
    check("visa_keys_hourly_limit_range", sql`${t.hourlyLimit} between 1 and 1000000`),
  ],
);

/** One row per key per fixed UTC hour: the units used in that window. */
export const visaUsageWindows = pgTable(
  "visa_usage_windows",
  {
    keyId: integer("key_id")
      .notNull()
      .references(() => visaKeys.id, { onDelete: "cascade" }),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    used: integer("used").notNull(),
    /** The limit in force at the last counted request (for reporting). */
    hourlyLimit: integer("hourly_limit").notNull(),
  },
  (t) => [primaryKey({ columns: [t.keyId, t.windowStart] })],
);

/** One imported snapshot (or the built-in sample). */
export const visaImports = pgTable("visa_imports", {
  id: serial("id").primaryKey(),
  source: text("source").notNull(),
  fileName: text("file_name"),
  fileSha256: text("file_sha256"),
  effectiveDate: date("effective_date", { mode: "string" }).notNull(),
  isSample: boolean("is_sample").notNull().default(false),
  rowCount: integer("row_count").notNull(),
  changeCount: integer("change_count").notNull().default(0),
  /** True when there was no earlier real snapshot to diff against. */
  baseline: boolean("baseline").notNull().default(false),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Current requirement per (passport, destination, purpose). */
export const visaRequirements = pgTable(
  "visa_requirements",
  {
    id: serial("id").primaryKey(),
    passport: char("passport", { length: 2 }).notNull(),
    destination: char("destination", { length: 2 }).notNull(),
    purpose: text("purpose", { enum: VISA_PURPOSES }).notNull(),
    category: text("category", { enum: VISA_CATEGORIES }).notNull(),
    allowedStayDays: integer("allowed_stay_days"),
    /** The source's own value, e.g. "90" or "e-visa". */
    rawRequirement: text("raw_requirement").notNull(),
    source: text("source").notNull(),
    isSample: boolean("is_sample").notNull().default(false),
    effectiveDate: date("effective_date", { mode: "string" }).notNull(),
    importId: integer("import_id")
      .notNull()
      .references(() => visaImports.id),
  },
  (t) => [
    uniqueIndex("visa_requirements_triple_idx").on(t.passport, t.destination, t.purpose),
    index("visa_requirements_destination_idx").on(t.destination, t.purpose),
  ],
);

export const VISA_CHANGE_TYPES = ["added", "changed", "removed"] as const;

/** Dated differences between consecutive snapshots: the changes feed. */
export const visaChanges = pgTable(
  "visa_changes",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    importId: integer("import_id")
      .notNull()
      .references(() => visaImports.id),
    effectiveDate: date("effective_date", { mode: "string" }).notNull(),
    passport: char("passport", { length: 2 }).notNull(),
    destination: char("destination", { length: 2 }).notNull(),
    purpose: text("purpose", { enum: VISA_PURPOSES }).notNull(),
    changeType: text("change_type", { enum: VISA_CHANGE_TYPES }).notNull(),
    previousCategory: text("previous_category", { enum: VISA_CATEGORIES }),
    previousAllowedStayDays: integer("previous_allowed_stay_days"),
    previousRaw: text("previous_raw"),
    category: text("category", { enum: VISA_CATEGORIES }),
    allowedStayDays: integer("allowed_stay_days"),
    raw: text("raw"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("visa_changes_effective_idx").on(t.effectiveDate, t.id),
    index("visa_changes_import_idx").on(t.importId),
  ],
);

export type VisaKeyRow = typeof visaKeys.$inferSelect;
export type VisaRequirementRow = typeof visaRequirements.$inferSelect;
export type VisaChangeRow = typeof visaChanges.$inferSelect;
