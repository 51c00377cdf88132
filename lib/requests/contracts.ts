import { z } from "zod";
import { contract } from "@/lib/http/contract";
import { sessionOrApiKey } from "@/lib/auth/strategies";
import { weatherMeter } from "@/lib/billing/meter";
import { ListRequestsQuery, REQUEST_LOG_RETENTION_DAYS } from "./list-requests";
import { REQUEST_SOURCES } from "./request-source";

const auth = sessionOrApiKey("read");

const RequestSchema = z
  .object({
    request_id: z.uuid().meta({ description: "The X-Request-Id the response carried" }),
    at: z.string(),
    method: z.string(),
    path: z.string().meta({ description: "Path template of the route, e.g. /v1/weather/watch/{watch_id}" }),
    status: z.number().int(),
    latency_ms: z.number().int(),
    credential: z.object({
      type: z.enum(["api_key", "access_token", "session", "visa_key", "none"]),
      id: z.number().int().nullable().meta({
        description: "Id of the key or token (the key_id / token_id filter); null for a session or no credential",
      }),
      prefix: z.string().nullable().meta({ description: "Display prefix of the key or token (never its value)" }),
    }),
    billing_units: z.number().int(),
    error_code: z
      .string()
      .nullable()
      .meta({ description: "The error envelope's code of a failed call (4xx/5xx); null for a success" }),
    error_message: z.string().nullable().meta({
      description:
        "The error envelope's message as the caller received it (at most 300 characters; never a body); null for a success",
    }),
    source: z.enum(REQUEST_SOURCES).meta({
      description:
        "api: your code (a key or token, MCP included); portal: this portal's own calls; playground: the portal's playground acting as one of your keys",
    }),
    tool: z
      .string()
      .nullable()
      .meta({ description: "The MCP tool that made this call through /api/mcp; null for a direct call" }),
  })
  .meta({ id: "LoggedRequest" });

export const requestContracts = {
  listRequests: contract({
    operationId: "requests.list",
    examples: { query: { status: "4xx", limit: 20 } },
    method: "GET",
    path: "/v1/requests",
    summary: "List logged API requests",
    description: `Every API request made for the account with any credential, newest first, kept ${REQUEST_LOG_RETENTION_DAYS} days. Filters: status (404 or 4xx), path (template or its beginning), request_id (an X-Request-Id), key_id or token_id (the credential), source (api, portal, playground). The portal's own reads are left out unless portal_reads=true. A failed call keeps the error code and message its caller received; bodies and headers are never stored. Example: \`GET /v1/requests?status=4xx&key_id=4182\` lists the failed calls of key 4182 with why each failed. Rows are written in batches and appear within about a second. Bills 0 units.`,
    tags: ["Usage"],
    family: "weather",
    auth,
    query: ListRequestsQuery,
    meter: weatherMeter({ endpoint: "requests.list", charge: 0, sessionReadsFree: true }),
    responses: {
      200: {
        description: "A page of requests",
        schema: z.object({
          requests: z.array(RequestSchema),
          has_more: z.boolean(),
          next_cursor: z.string().nullable(),
        }),
      },
    },
  }),
};
