import { z } from "zod";
import { contract } from "@/lib/http/contract";
import { sessionOrApiKey } from "@/lib/auth/strategies";
import { weatherMeter } from "@/lib/billing/meter";
import { ListAuditEventsQuery } from "./list-audit-events";

const AuditEventSchema = z
  .object({
    audit_event_id: z.uuid(),
    at: z.string().meta({ description: "When the change was made (ISO 8601)" }),
    action: z.string().meta({
      description: "<resource>.<verb>, e.g. api_key.created, webhook_secret.revealed (docs/audit.md lists them)",
    }),
    actor: z
      .string()
      .meta({ description: "Who: user:<user id>, api_key:<key id> (a key acts for the account) or cli:<operator>" }),
    actor_label: z.string().nullable().meta({
      description:
        "Who, readably: the user's email, the API key's name or the CLI operator; null when that user or key no longer exists",
    }),
    credential: z.string().meta({ description: "With what: session, api_key:<id>, access_token:<id> or cli" }),
    ip: z.string().nullable().meta({
      description:
        "The client address: the socket peer, or what the trusted proxies (TRUSTED_PROXIES) forwarded; null when unknown",
    }),
    target: z.string().meta({ description: "What was acted on: <resource>:<id>" }),
    request_id: z
      .string()
      .meta({ description: "The X-Request-Id of the request that made the change (cli-<uuid> for the admin CLI)" }),
    summary: z
      .record(z.string(), z.unknown())
      .meta({ description: "Field names and non-secret values of the change; never a secret" }),
  })
  .meta({ id: "AuditEvent" });

export const auditContracts = {
  listAuditEvents: contract({
    operationId: "auditEvents.list",
    examples: { query: { action: "api_key.", limit: 20 } },
    method: "GET",
    path: "/v1/audit-events",
    summary: "List the account's audit log",
    description:
      "Every state-changing action on the account (keys and tokens, webhook endpoints and their secrets, watches, simulations, trips' membership, the environment, the plan) and every secret reveal, newest first, kept 365 days. Append-only. Filters: actor, action (exact, or every action of a resource with a trailing dot: `api_key.`), target, since; cursor paging. A signed-in member or an API key with the `admin` scope. Bills 0 units.",
    tags: ["Usage"],
    family: "weather",
    auth: sessionOrApiKey("admin"),
    query: ListAuditEventsQuery,
    meter: weatherMeter({ endpoint: "auditEvents.list", charge: 0, sessionReadsFree: true }),
    responses: {
      200: {
        description: "A page of audit records",
        schema: z.object({
          audit_events: z.array(AuditEventSchema),
          has_more: z.boolean(),
          next_cursor: z.string().nullable(),
        }),
      },
    },
  }),
};
