import { z } from "zod";
import { VISA_CATEGORIES, VISA_CHANGE_TYPES, VISA_PURPOSES } from "@/drizzle/schema";
import { countryCodeField } from "./countries";

export const PurposeField = z
  .enum(VISA_PURPOSES, { error: `purpose must be one of: ${VISA_PURPOSES.join(", ")}.` })
  .meta({
    description: "Purpose of the trip. Rules differ by purpose; data for one purpose is never used for another.",
  });

const IsoDate = z
  .string()
  .regex(
    /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2})?)?$/,
    "since must be a date YYYY-MM-DD (or an ISO 8601 date-time).",
  )
  // Date.parse rolls 2026-02-31 over to March and accepts year 0, both of which the database rejects (a 500).
  .refine((v) => {
    const day = v.slice(0, 10);
    const t = Date.parse(v.length === 10 ? `${v}T00:00:00Z` : v);
    return (
      !Number.isNaN(t) &&
      Number(day.slice(0, 4)) >= 1 &&
      new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) === day
    );
  }, "since is not a real calendar date.")
  .transform((v) => v.slice(0, 10))
  // Documented exactly: a calendar date, or a date-time with its offset.
  .meta({
    override: ({ jsonSchema }: { jsonSchema: Record<string, unknown> }) => {
      for (const k of Object.keys(jsonSchema)) delete jsonSchema[k];
      jsonSchema.anyOf = [
        { type: "string", format: "date" },
        { type: "string", format: "date-time" },
      ];
    },
  });

export const RulesQuery = z.object({
  destinationCountryCode: countryCodeField("destinationCountryCode"),
  purpose: PurposeField.optional(),
});

export const CheckBody = z
  .object({
    nationality: countryCodeField("nationality").meta({
      description: "Passport country (ISO 3166-1 alpha-2).",
      example: "US",
    }),
    destination: countryCodeField("destination").meta({
      description: "Destination country (ISO 3166-1 alpha-2).",
      example: "FR",
    }),
    purpose: PurposeField,
  })
  .meta({ id: "VisaCheckRequest" });

export const ChangesQuery = z.object({
  since: IsoDate.optional().meta({ description: "Only changes effective on or after this date (YYYY-MM-DD)." }),
  cursor: z.string().max(200).optional().meta({ description: "nextCursor from the previous page." }),
  limit: z.coerce
    .number({ error: "limit must be a whole number from 1 to 500." })
    .int("limit must be a whole number from 1 to 500.")
    .min(1, "limit must be at least 1.")
    .max(500, "limit may be at most 500.")
    .default(100),
  nationality: countryCodeField("nationality").optional(),
  destinationCountryCode: countryCodeField("destinationCountryCode").optional(),
  purpose: PurposeField.optional(),
});

const Country = z.object({ code: z.string().length(2), name: z.string() });

const DataAsOf = z.object({ source: z.string(), effectiveDate: z.string(), isSample: z.boolean() }).nullable().meta({
  id: "VisaDataAsOf",
  description: "The snapshot in force; isSample marks the built-in sample (not real data).",
});

export const RequirementSchema = z
  .object({
    category: z.enum(VISA_CATEGORIES),
    label: z.string(),
    visaRequired: z
      .boolean()
      .meta({ description: "A visa of some kind (including e-visa or visa on arrival) is needed." }),
    preTravelAuthorisation: z
      .boolean()
      .meta({ description: "Something (visa, e-visa, ETA, permit) must be obtained before travel." }),
    entryAllowed: z.boolean(),
    allowedStayDays: z
      .number()
      .int()
      .nullable()
      .meta({ description: "Visa-free stay in days when the source states it." }),
    rawRequirement: z.string().meta({ description: 'The source\'s own value, e.g. "90" or "e-visa".' }),
    source: z.string(),
    effectiveDate: z.string().meta({ description: "Date of the snapshot that set this value." }),
    isSample: z.boolean(),
  })
  .meta({ id: "VisaRequirement" });

export const CheckResultSchema = z
  .object({
    nationality: Country,
    destination: Country,
    purpose: z.enum(VISA_PURPOSES),
    status: z.enum(["known", "unknown", "own_country"]).meta({
      description:
        "known: requirement below; unknown: no data for this purpose (never guessed); own_country: nationality equals destination.",
    }),
    requirement: RequirementSchema.nullable(),
    message: z.string(),
    availablePurposes: z.array(z.enum(VISA_PURPOSES)),
    dataAsOf: DataAsOf,
  })
  .meta({ id: "VisaCheckResult" });

export const RulesResultSchema = z
  .object({
    destination: Country,
    purpose: z.enum(VISA_PURPOSES).nullable(),
    count: z.number().int(),
    rules: z.array(
      RequirementSchema.extend({
        nationality: z.string(),
        nationalityName: z.string(),
        purpose: z.enum(VISA_PURPOSES),
      }),
    ),
    dataAsOf: DataAsOf,
  })
  .meta({ id: "VisaRules" });

const ChangeSide = z
  .object({
    category: z.enum(VISA_CATEGORIES),
    label: z.string(),
    allowedStayDays: z.number().int().nullable(),
    rawRequirement: z.string().nullable(),
  })
  .nullable();

export const ChangesResultSchema = z
  .object({
    data: z.array(
      z.object({
        id: z.string(),
        effectiveDate: z.string(),
        nationality: z.string(),
        destination: z.string(),
        purpose: z.enum(VISA_PURPOSES),
        changeType: z.enum(VISA_CHANGE_TYPES),
        previous: ChangeSide,
        current: ChangeSide,
      }),
    ),
    hasMore: z.boolean(),
    nextCursor: z.string().nullable(),
  })
  .meta({ id: "VisaChanges" });

export const RateLimitedSchema = z
  .object({ error: z.string(), code: z.literal("visa_api_rate_limited"), retryAfter: z.number().int() })
  .meta({ id: "VisaRateLimited" });
