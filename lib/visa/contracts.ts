import { IntIdParam } from "@/lib/http/ids";
import { z } from "zod";
import { VISA_RATE_HEADERS } from "@/lib/http/header-docs";
import { areaContract } from "@/lib/http/contract";
import { sessionOrApiKey } from "@/lib/auth/strategies";
import { visaKey } from "./strategy";
import {
  ChangesQuery,
  ChangesResultSchema,
  CheckBody,
  CheckResultSchema,
  RateLimitedSchema,
  RulesQuery,
  RulesResultSchema,
} from "./schemas";
import { CreateVisaKeyInput } from "./visa-keys";

const RATE_NOTE =
  "Costs 1 unit of the key's fixed UTC-hour quota (default 1,000/hour). Every response carries X-RateLimit-Limit, X-RateLimit-Remaining and X-RateLimit-Reset (Unix seconds); the master development key is unlimited and gets none.";
const LIMITED = {
  description: "Hourly limit reached; Retry-After equals retryAfter (seconds until the next UTC hour).",
  schema: RateLimitedSchema,
};

const visaContract = areaContract({ tags: ["Visa"], family: "flat", auth: visaKey(), errors: { 429: LIMITED } });
const visaKeyContract = areaContract({ tags: ["Visa keys"], family: "api", auth: sessionOrApiKey() });

export const visaContracts = {
  rules: visaContract({
    operationId: "visa.getRules",
    examples: { query: { destinationCountryCode: "FR", purpose: "tourism" } },
    method: "GET",
    path: "/v1/visa/rules",
    headers: VISA_RATE_HEADERS,
    summary: "Visa rules for a destination",
    description: `Every passport's requirement to enter one destination, optionally for one purpose. ${RATE_NOTE}`,
    query: RulesQuery,
    responses: { 200: { description: "Requirements by passport", schema: RulesResultSchema } },
  }),
  check: visaContract({
    operationId: "visa.check",
    examples: { body: { nationality: "US", destination: "FR", purpose: "tourism" } },
    method: "POST",
    path: "/v1/visa/check",
    headers: VISA_RATE_HEADERS,
    summary: "Check the requirement for a trip",
    description: `The requirement for one (nationality, destination, purpose) triple. When there is no data for that purpose, status is "unknown" with the purposes that do have data: nothing is inferred. ${RATE_NOTE}`,
    body: CheckBody,
    responses: { 200: { description: "The requirement, or an explicit unknown", schema: CheckResultSchema } },
  }),
  changes: visaContract({
    operationId: "visa.listChanges",
    examples: { query: { since: "2026-01-01", destinationCountryCode: "FR", limit: 50 } },
    method: "GET",
    path: "/v1/visa/changes",
    headers: VISA_RATE_HEADERS,
    summary: "Dated feed of requirement changes",
    description: `Differences between consecutive imported snapshots, oldest first: added, changed and removed (passport, destination, purpose) entries with their previous and new values. Page with limit and nextCursor; filter with since (effective date), nationality, destinationCountryCode, purpose. ${RATE_NOTE}`,
    query: ChangesQuery,
    responses: { 200: { description: "A page of changes", schema: ChangesResultSchema } },
  }),
};

const Usage = z.object({
  windowStart: z.string(),
  used: z.number().int(),
  remaining: z.number().int(),
  resetAt: z.string(),
});
const VisaKeySchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    keyPrefix: z.string().meta({ description: "Public leading part of the key, e.g. vik_AbC12xYz" }),
    hourlyLimit: z.number().int(),
    createdAt: z.string(),
    revokedAt: z.string().nullable(),
    usage: Usage.meta({ description: "This UTC hour's use." }),
  })
  .meta({ id: "VisaKey" });

export const visaKeyContracts = {
  list: visaKeyContract({
    operationId: "visaKeys.list",
    examples: {},
    method: "GET",
    path: "/api/developer/visa-keys",
    summary: "List your visa API keys",
    description: "The account's visa keys that are not revoked, with this UTC hour's use.",
    responses: { 200: { description: "Array of visa keys", schema: z.array(VisaKeySchema) } },
  }),
  create: visaKeyContract({
    operationId: "visaKeys.create",
    examples: { body: { name: "Booking flow visa checks" } },
    secret: true,
    method: "POST",
    path: "/api/developer/visa-keys",
    audit: {
      action: "visa_key.created",
      target: ({ data }) => `visa_key:${data.id}`,
      summary: ({ data }) => ({ name: data.name, hourly_limit: data.hourlyLimit }),
    },
    summary: "Create a visa API key",
    description:
      "Returns the full key (send it as X-Visa-Intel-Key) once. New keys get 1,000 requests per UTC hour; higher limits (up to 1,000,000) are set by contract.",
    auth: sessionOrApiKey("write"),
    body: CreateVisaKeyInput.meta({ id: "CreateVisaKey" }),
    responses: {
      201: {
        description: "The key, with its full value",
        schema: z.object({
          id: z.number().int(),
          name: z.string(),
          key: z.string().meta({ pattern: "^vik_[0-9A-Za-z]{32}$" }),
          keyPrefix: z.string(),
          hourlyLimit: z.number().int(),
          createdAt: z.string(),
        }),
      },
    },
  }),
  revoke: visaKeyContract({
    operationId: "visaKeys.revoke",
    examples: { params: { keyId: 318 } },
    method: "DELETE",
    path: "/api/developer/visa-keys/{keyId}",
    audit: { action: "visa_key.revoked", target: ({ params }) => `visa_key:${params.keyId}` },
    summary: "Revoke a visa API key",
    description: "Takes effect on the very next request made with the key.",
    auth: sessionOrApiKey("write"),
    params: IntIdParam("keyId"),
    responses: { 204: { description: "Revoked" } },
  }),
};
